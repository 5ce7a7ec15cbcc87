import DataTableApp
import DataTableCSV
import DataTableKit
import TerminalSurface

/// `:w FILE` in a sheet (`F`, `I`): the sheet's view through the view writer, in the format
/// the name's extension names, as the table's `:w FILE`.
extension ViewerSession {
    /// Writes what `sheet` shows (its visible columns, its rows in display order; not its total
    /// row) to `request.path`, atomically, in the format its extension names (`.csv .tsv .json
    /// .jsonl .md .html`; anything else CSV), on this thread: a sheet holds one row per
    /// distinct value, far fewer than the table. A file already there (that this session did
    /// not write) is replaced only with `!` (`:w! FILE`), and never the file being viewed or
    /// `--output`.
    func write(_ sheet: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        guard let given = request.path else { throw DTableError("a sheet is written to a file of its own: :w FILE") }
        let path = Self.expandingHome(given)
        if let reason = reservedFileReason(path, given: given) {
            throw DTableError("not written: \(reason); :w OTHER.csv writes the sheet")
        }
        let selection = try sheet.shownSelection()
        let result: CSVWriteResult
        do {
            // The same targets as the table's `:w FILE`: a file this session wrote is its own.
            let target = otherTargets[path] ?? CSVWriteTarget(path: path, expecting: nil)
            otherTargets[path] = target
            let format = TableFormat(fileName: path)
            result = try CSVTableWriter().writeView(selection, of: sheet.dataSource, to: target, format: format,
                                                    columns: format == .csv ? [] : sheet.formatColumns(selection),
                                                    overwriting: request.overwrites)
        } catch let error as CSVWriteError where error.isConflict {
            // It exists, or it is read-only.
            throw DTableError("not written: \(error.message) (:w! \(given) replaces it)")
        }
        let rows = result.rowsWritten, columns = selection.columns.count
        return "wrote sheet: \(grouped(rows)) row\(rows == 1 ? "" : "s") × \(columns) column\(columns == 1 ? "" : "s") "
            + Self.destination(of: result)
    }

    /// Why `path` (typed as `given`) cannot be a file of its own (a sheet, a view file): it is
    /// the file being viewed or the `--output` file; nil when it is neither.
    func reservedFileReason(_ path: String, given: String) -> String? {
        let name = TerminalText.quoted(given, maxWidth: 60)
        if let file, !file.isStream, Self.sameFile(path, file.path) { return "\(name) is the file being viewed" }
        if let outputTarget, Self.sameFile(path, outputTarget.path) { return "\(name) is the --output file" }
        return nil
    }
}
