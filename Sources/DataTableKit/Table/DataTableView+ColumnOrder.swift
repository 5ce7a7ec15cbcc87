/// Display columns and source columns: which data source column each column on screen shows.
///
/// Until columns can be hidden or moved, display column `i` shows source column `i`. Code that
/// needs "the column the cursor is on" in data terms asks `cursorSourceColumn`, so hiding and
/// moving columns changes only this file.
extension DataTableView {
    /// The data source column shown at display column `display`.
    public func sourceColumn(forDisplayColumn display: Int) -> Int { display }

    /// The display column showing source column `source`; nil when it is hidden.
    public func displayColumn(forSourceColumn source: Int) -> Int? {
        columns.indices.contains(source) ? source : nil
    }

    /// The source columns shown, in display order (what `--print` and a written view contain).
    public var visibleColumns: [Int] { Array(columns.indices) }

    /// The data source column of the cursor's cell.
    public var cursorSourceColumn: Int { sourceColumn(forDisplayColumn: viewport.cursor.column) }
}
