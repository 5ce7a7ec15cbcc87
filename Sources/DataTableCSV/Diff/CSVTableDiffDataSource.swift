import DataTableKit

/// The comparison of two versions of a table as one table: a first column with each row's
/// change (`added`, `removed`, `changed`, empty when unchanged), then the columns of both
/// versions (`CSVTableDiffColumns`: added ones titled `+title`, removed `-title`, renamed
/// `old→new`); the rows are the new version's with the removed rows among them
/// (`CSVTableDiff.row(at:)`). Removed columns hold values on removed rows only.
///
/// Until the comparison is known (`diff` nil) it shows the new version's rows, the change
/// column empty: a program shows that at once and switches to the compared table when it is
/// computed (a `LiveDataSource` over it).
public final class CSVTableDiffDataSource: DataTableDataSource, DataTableLoading, DataTableFieldNotes, @unchecked Sendable {
    /// The title of the first column by default.
    public static let changeColumnTitle = "change"
    /// The title of the first column.
    public let changeColumnTitle: String

    /// The old version.
    public let old: CSVFileDataSource
    /// The new version.
    public let new: CSVFileDataSource
    /// The columns of both, matched by title (from the titles when this source was made).
    public let columns: CSVTableDiffColumns
    /// The comparison; nil while it is computed.
    public let diff: CSVTableDiff?
    /// The comparison computing `diff` for this table, while it shows the new version only
    /// (to cancel it).
    public internal(set) weak var comparison: CSVTableDiffComparison?
    /// The rows added, removed or changed, ascending (`CSVTableDiff.changedPositions()`).
    public let changedPositions: [Int]

    /// The table comparing `old` with `new` as `diff` says (nil: the new version's rows only,
    /// with the columns matched from the titles), its first column titled `changeColumnTitle`.
    public init(old: CSVFileDataSource, new: CSVFileDataSource, diff: CSVTableDiff? = nil,
                changeColumnTitle: String = CSVTableDiffDataSource.changeColumnTitle) {
        self.changeColumnTitle = changeColumnTitle
        self.old = old
        self.new = new
        self.diff = diff
        self.changedPositions = diff?.changedPositions() ?? []
        self.columns = diff?.columns ?? CSVTableDiffColumns(oldTitles: (0..<old.columnCount).map { old.title(ofColumn: $0) },
                                                           newTitles: (0..<new.columnCount).map { new.title(ofColumn: $0) })
    }

    /// The change column and the columns of both versions.
    public var columnCount: Int { columns.columns.count + 1 }
    /// The comparison's rows (the new version's rows while it is computed).
    public var rowCount: Int { diff?.rowCount ?? new.rowCount }

    /// `change`, or the column's title as `CSVTableDiffColumns.title(of:)` gives it.
    public func title(ofColumn column: Int) -> String {
        column == 0 ? changeColumnTitle : columns.title(of: columns.columns[column - 1])
    }

    /// The row of the comparison at `row`.
    public func comparedRow(_ row: Int) -> CSVTableDiff.Row { diff?.row(at: row) ?? .new(row) }

    /// What happened to row `row` (unchanged while the comparison is computed).
    public func status(ofRow row: Int) -> CSVTableDiff.RowStatus {
        diff.map { $0.status(of: $0.row(at: row)) } ?? .unchanged
    }

    /// Whether the value at `row`, `column` changed (a changed row's changed value).
    public func isChanged(row: Int, column: Int) -> Bool {
        guard column > 0, let diff, case .new(let new) = diff.row(at: row) else { return false }
        return diff.changedColumns(ofNewRow: new).contains(column - 1)
    }

    /// The old version's text of a changed value (nil when the value did not change).
    public func oldText(row: Int, column: Int) -> String? {
        guard isChanged(row: row, column: column), case .new(let new)? = diff.map({ $0.row(at: row) }),
              let oldRow = diff?.oldRow(ofNewRow: new), let oldColumn = columns.columns[column - 1].old else { return nil }
        return old.text(row: oldRow, column: oldColumn)
    }

    /// A changed value's old text, as "was: old" (the record view shows it under the value).
    public func note(row: Int, column: Int) -> String? { oldText(row: row, column: column).map { "was: \($0)" } }

    /// The row's change, or the value of the version the row comes from.
    public func value(row: Int, column: Int) -> DataTableValueType {
        if column == 0 {
            let name = status(ofRow: row).name
            return name.isEmpty ? .null : .string(name)
        }
        let shown = columns.columns[column - 1]
        switch comparedRow(row) {
        case .new(let new): return shown.new.map { self.new.value(row: new, column: $0) } ?? .null
        case .old(let old): return shown.old.map { self.old.value(row: old, column: $0) } ?? .null
        }
    }

    /// The field's text (thread-safe, as the versions' `text` is).
    public func text(row: Int, column: Int) -> String {
        if column == 0 { return status(ofRow: row).name }
        let shown = columns.columns[column - 1]
        switch comparedRow(row) {
        case .new(let new): return shown.new.map { self.new.text(row: new, column: $0) } ?? ""
        case .old(let old): return shown.old.map { self.old.text(row: old, column: $0) } ?? ""
        }
    }

    /// Every field of a row: its change, then the columns' texts (one parse of the row).
    public func fields(row: Int) -> [String] {
        let compared = comparedRow(row)
        let fields: [String]
        switch compared {
        case .new(let new): fields = self.new.fields(row: new)
        case .old(let old): fields = self.old.fields(row: old)
        }
        var result = [status(ofRow: row).name]
        result.reserveCapacity(columnCount)
        for shown in columns.columns {
            let column: Int?
            if case .new = compared { column = shown.new } else { column = shown.old }
            result.append(column.map { $0 < fields.count ? fields[$0] : "" } ?? "")
        }
        return result
    }

    /// The new version's indexing while it runs.
    public var loadState: DataTableLoadState? { new.loadState }
}
