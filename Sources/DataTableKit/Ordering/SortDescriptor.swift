/// One level of a table's sort order: a column and a direction.
///
/// A table's sort order is an array of descriptors in priority order: the first descriptor
/// decides, the next one breaks its ties, and so on; rows equal on every descriptor keep the
/// order they had before sorting (see `RowSorter.sort`).
public struct SortDescriptor: Hashable, Sendable {
    /// The column, as the data source numbers it.
    public var column: Int
    /// Smallest first when true; largest first when false. Empty cells sort last either way.
    public var ascending: Bool

    /// Sort by `column`, ascending unless told.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
