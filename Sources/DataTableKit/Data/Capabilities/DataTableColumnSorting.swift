/// A data source that knows better than the view how its columns sort: which columns have
/// values to sort by, and a column's key kind when inference from the shown values would be
/// wrong (typed tables sorting by `sortedBy`). The view asks for it when a sort starts.
public protocol DataTableColumnSorting: DataTableDataSource {
    /// How a column sorts, when the source knows better than inference from a sample (nil).
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind?
    /// Whether a column has values to sort by (header-only columns have none); default true.
    func isColumnSortable(_ column: Int) -> Bool
}

extension DataTableColumnSorting {
    /// Default: nil, inferred from the values.
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { nil }
    /// Default: every column sorts.
    public func isColumnSortable(_ column: Int) -> Bool { true }
}
