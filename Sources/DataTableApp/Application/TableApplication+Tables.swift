import DataTableKit

/// Showing another table in the same application (a program with several tables open, each
/// keeping its own state: cursor, sort, filters, hidden columns, marks).
extension TableApplication {
    /// Shows `view` in place of the table shown now: `view` becomes `self.view` (what screens,
    /// program commands' `context.view` and the delegate's callbacks see), gets a controller of
    /// its own (`controller`), the application's size and the keys of the registered program
    /// commands. The table shown before keeps all its state (cursor, sort, filters, hidden
    /// columns, marks, its jobs) and can be shown again later; its cells go back to the pool.
    ///
    /// Screens over the table stay (a switch is made from the table, or from a screen that then
    /// dismisses itself). The delegate stays too: a program with one delegate per table sets
    /// `delegate` as well. Nothing happens when `view` is the table shown. UI thread.
    public func show(_ view: DataTableView) {
        guard view !== self.view else { return }
        let previous = self.view
        view.setSize(previous.size)
        for command in commands {
            view.configuration.keyBindings.registerProgramCommand(command.name, summary: command.summary,
                                                                  group: command.group, keys: command.keys)
        }
        previous.recycleAllCells()
        wakeOnJobs(of: view)
        self.view = view
        controller = TableController(view: view)
        screens.replaceBottom(with: tableScreen(for: controller))
    }
}
