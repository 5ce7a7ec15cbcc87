/// A data source that shows another one with something added: columns of buttons
/// (`AppendingColumnsDataSource`), edits (`EditableDataSource`).
///
/// A layer adopts the capability protocols its base may have (`DataTableLoading`,
/// `DataTableRawRecords`, `DataTableColumnSorting`, `DataTableModelRows`) and forwards them,
/// answering as a source without them where the base has none.
public protocol LayeredDataSource: DataTableDataSource {
    /// The source this layer shows.
    var base: DataTableDataSource { get }
}

extension DataTableDataSource {
    /// The data under every layer (a file, rows in memory).
    public var innermostSource: DataTableDataSource {
        var source: DataTableDataSource = self
        while let layered = source as? LayeredDataSource { source = layered.base }
        return source
    }

    /// The outermost layer of type `T` (this source or one under it), if any.
    public func layer<T>(_ type: T.Type) -> T? {
        var source: DataTableDataSource = self
        while true {
            if let found = source as? T { return found }
            guard let layered = source as? LayeredDataSource else { return nil }
            source = layered.base
        }
    }
}
