/// A model column's width policy, declared with the column.
extension DataTableColumn {
    /// This column laid out by `policy` (`.fixed(8)`, `.fill(2)`, `.percentage(30).min(12)`):
    /// `.init("CPU", \.cpu).width(.fill(2))`. See `ColumnWidth`.
    public func width(_ policy: ColumnWidth) -> DataTableColumn {
        var column = self
        column.widthPolicy = policy
        return column
    }
}
