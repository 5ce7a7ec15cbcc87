/// Which cell on screen: one key for records' cells and section rows' cells alike.
///
/// A record's cell is keyed by (source row, source column), so it keeps its configuration
/// while sorts and filters move its row. A header's or footer's cell is keyed by a negative
/// row code of its section and kind (`init(section:kind:column:)`): section cells go back to
/// the pool whenever new sections are installed, so a section's index names it while it shows
/// (docs/decisions/0097-one-cell-key-for-records-and-sections.md).
struct CellKey: Hashable {
    /// A record's source row (>= 0), or a section row's code (< 0).
    var row: Int
    /// The source column; -1 for a section header's one cell across the row.
    var column: Int

    /// The cell of a record's source row in a source column.
    @inline(__always)
    init(sourceRow: Int, column: Int) {
        self.row = sourceRow
        self.column = column
    }

    /// The cell of a section's header or footer row in a source column (nil: a header's one cell).
    init(section: Int, kind: DataTableSectionRowKind, column: Int?) {
        self.row = Self.row(ofSection: section, kind: kind)
        self.column = column ?? -1
    }

    /// The row code of a section's header or footer row.
    @inline(__always)
    static func row(ofSection section: Int, kind: DataTableSectionRowKind) -> Int {
        -(2 * section + (kind == .header ? 1 : 2))
    }

    /// The record's source row (a record's cell only).
    var sourceRow: Int { row }

    /// Whether this is a cell of a section's header or footer row.
    var isSectionRow: Bool { row < 0 }
}
