import DataTableKit

/// Writing what a view shows in another `TableFormat` (`:w out.json`), by the same atomic
/// path as CSV.
extension CSVTableWriter {
    /// Writes `selection` of `source` to `target.path` in `format`, atomically with every
    /// guarantee of `writeView(_:of:to:overwriting:progress:)` (temporary file renamed over the
    /// target, `.bak`, permissions, conflicts): `columns` (`DataTableView.formatColumns(_:)`,
    /// taken on the UI thread) type the values; the rows' fields include the edits, deleted
    /// rows are left out. `.csv` is `writeView(_:of:to:overwriting:progress:)` itself (this
    /// writer's dialect, fields copied byte for byte). Thread-safe (any thread).
    /// - Complexity: O(bytes of the selected records).
    @discardableResult
    public func writeView(_ selection: DataTableViewSelection, of source: DataTableDataSource, to target: CSVWriteTarget,
                          format: TableFormat, columns: [TableFormatColumn],
                          overwriting: Bool = false, progress: CSVWriteProgress? = nil) throws -> CSVWriteResult {
        guard format != .csv else {
            return try writeView(selection, of: source, to: target, overwriting: overwriting, progress: progress)
        }
        return try replace(target, with: source, overwriting: overwriting, progress: progress) { data, snapshot, output in
            let edits = snapshot?.edits ?? [:]
            let deleted = Set(snapshot?.deletedRows ?? [])
            return try TableFormatOutput.write(selection, of: data, format: format, columns: columns, fields: { row in
                if deleted.contains(row) { return nil }
                var values = data.fields(row: row)
                for (column, text) in edits[row] ?? [:] where column < values.count { values[column] = text }
                return values
            }, output: { try output.append($0) })
        }
    }
}
