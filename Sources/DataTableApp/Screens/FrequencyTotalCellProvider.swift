import DataTableKit

/// The frequency sheet's total row (its one section's footer): `Σ` and the number of values (or
/// bins) under the value column, the rows counted under the count, their share of all rows
/// counted under the percent (100% until the sheet is filtered).
final class FrequencyTotalCellProvider: DataTableSectionCellProvider {
    static let sumIdentifier = "dtable.frequencyTotal"
    static let percentIdentifier = "dtable.frequencyTotalPercent"

    /// The rows counted (the sheet's 100%).
    let total: Int
    /// What a row of the sheet is: `values` or `bins`.
    let noun: String

    init(total: Int, noun: String) {
        self.total = total
        self.noun = noun
    }

    func register(in registry: CellRegistry) {
        registry.register(SectionSummaryCell.self, forCellReuseIdentifier: Self.sumIdentifier)
        registry.register(TextCell.self, forCellReuseIdentifier: Self.percentIdentifier)
    }

    func reuseIdentifier(for kind: DataTableSectionRowKind, column: Int?) -> String {
        column == FrequencyDataSource.percentColumn ? Self.percentIdentifier : Self.sumIdentifier
    }

    func configure(_ cell: DataTableCell, context: DataTableSectionContext) {
        guard context.kind == .footer, let column = context.column else { return }
        let rows = context.summary(ofColumn: FrequencyDataSource.countColumn)?.integerSum ?? 0
        if let text = cell as? TextCell {
            text.label.text = FrequencyDataSource.percentText(total == 0 ? 0 : Double(rows) / Double(total))
            text.label.alignment = .right
            text.label.isNumeric = true
            return
        }
        guard let cell = cell as? SectionSummaryCell else { return }
        if column == context.labelColumn {
            cell.marker = context.prefersASCII ? "sum" : "Σ"
            cell.text = "\(context.itemCount) \(noun)"
        }
        if column == FrequencyDataSource.countColumn, let summary = context.summary(ofColumn: column) {
            cell.summary = summary
            cell.alignment = .right
        }
    }
}
