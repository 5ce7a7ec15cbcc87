/// A data source (or one of its layers) whose rows change while they are shown, and that says
/// how: the table picks the changes up by itself.
///
/// `DataTableView.refreshFromDataSource()`, which the run loop calls on every wake (a few times
/// a second), asks the outermost layer of the view's source that adopts this protocol whether
/// changes wait (`hasRowChanges`), and if so takes them (`takeRowChanges()`) and applies them
/// as `DataTableView.applyChanges(_:)` does: the cursor stays on its record, marks and hidden
/// rows follow their rows, the sort and the filter run again, only the changed rows are
/// measured and configured again, and they flash.
///
/// The source switches to its new rows inside `takeRowChanges()`, on the UI thread: until then
/// it answers with the old rows. Sort, filter and search jobs read the source from worker
/// threads; a source should keep its old rows readable (memory stays valid) for a job that
/// started before the switch and has not yet seen its cancellation. `LiveDataSource` does all
/// of this for a source that is replaced by a newer version of itself.
public protocol DataTableChangeReporting: AnyObject {
    /// Whether changes wait to be taken. Cheap: asked on every wake of the run loop.
    var hasRowChanges: Bool { get }
    /// Switches to the changed rows and says how the old ones map to them; nil when nothing
    /// waits. UI thread.
    func takeRowChanges() -> DataTableRowChanges?
}
