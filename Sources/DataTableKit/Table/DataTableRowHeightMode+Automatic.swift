extension DataTableRowHeightMode {
    /// Rows measured with sizing cells, `estimated` lines until measured, with the default
    /// prefetch window (20 rows above and below the screen): SwiftDataTables' `.automatic(estimated:)`.
    public static func automatic(estimated: Int) -> DataTableRowHeightMode {
        .automatic(estimated: estimated, prefetchWindow: 20)
    }
}
