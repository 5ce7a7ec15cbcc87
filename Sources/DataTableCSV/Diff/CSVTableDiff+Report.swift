import DataTableKit

extension CSVTableDiff {
    /// The comparison as lines of text, like `diff -u` for tables: a `---` and `+++` line
    /// naming the versions, a `columns:` line when columns were added, removed or renamed,
    /// then in the comparison's row order `- record` for a removed row (the old version's
    /// fields as CSV), `+ record` for an added one, and for a changed row `~ KEY: title: old →
    /// new; …`, its key being the key columns' `title=value` pairs (`row N` of the new version
    /// when rows are matched by content). Values are written as CSV fields (quoted when they
    /// hold a comma, a quote or a line break). `line` hears each line without its line end.
    /// - Complexity: O(changed rows × fields).
    public func reportLines(old: CSVFileDataSource, new: CSVFileDataSource, oldName: String, newName: String,
                            keyColumns: [Int], line: (String) -> Void) {
        line("--- \(oldName)")
        line("+++ \(newName)")
        let shown = columns.columns
        if let summary = columns.summary {
            let changes = shown.filter { if case .kept = $0 { false } else { true } }.map { columns.title(of: $0) }
            line("\(summary): " + changes.joined(separator: ", "))
        }
        for position in changedPositions() {
            switch row(at: position) {
            case .old(let oldRow):
                line("- " + CSVField.record(old.fields(row: oldRow)))
            case .new(let newRow):
                guard let oldRow = oldRow(ofNewRow: newRow) else {
                    line("+ " + CSVField.record(new.fields(row: newRow)))
                    continue
                }
                let after = new.fields(row: newRow), before = old.fields(row: oldRow)
                func field(_ fields: [String], _ column: Int?) -> String {
                    guard let column, column < fields.count else { return "" }
                    return fields[column]
                }
                let key = keyColumns.isEmpty ? "row \(newRow + 1)"
                    : keyColumns.map { "\(columns.newTitles[$0])=\(CSVField.record([field(after, $0)]))" }.joined(separator: ",")
                let values = changedColumns(ofNewRow: newRow).map { index in
                    let column = shown[index]
                    return "\(columns.title(of: column)): \(CSVField.record([field(before, column.old)])) → "
                        + CSVField.record([field(after, column.new)])
                }
                line("~ \(key): " + values.joined(separator: "; "))
            }
        }
    }
}
