/// The first configuration of cells waits for the first frame, as UIKit asks for cells at layout.
extension DataTableView {
    /// Fits the columns of non-text cells to their sizing cells, once, if the table has not done
    /// it yet: called before the first frame is drawn or printed (and by anything reading the
    /// fitted widths). Building a table therefore never runs the provider's `configure`, so a
    /// `configure` that reads the program's own reference to the table (stored after `init`)
    /// does not find it missing.
    public func fitColumnsIfNeeded() {
        guard cells.needsFitting else { return }
        cells.needsFitting = false
        fitColumnsToCells()
        layoutColumns()
    }
}
