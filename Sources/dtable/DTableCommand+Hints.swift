import DataTableKit

extension DTableCommand {
    /// How dtable's users turn on what a table finds missing: the options, named only here.
    static let hints = DataTableHints(
        groupingRows: "dtable --group-by COL groups rows", addingActions: "add buttons with --action NAME",
        skippingLines: { "--skip \($0)" }, changingBufferLimit: "--buffer-limit", programName: "dtable")
}
