/// Closures a cell keeps for its actions (SwiftDataTables' `onEdit`/`onDelete` pattern).
extension DataTableCell {
    /// Runs `handler` when the action named `action` fires on this cell's row: a click on that
    /// button, or `Enter`/`a` on the row. Call it in `configure`; the handler is dropped by
    /// `prepareForReuse()`.
    ///
    /// ```swift
    /// configure: { cell, _, context in
    ///     guard let cell = cell as? ActionButtonsCell else { return }
    ///     let user = context.model(as: User.self)
    ///     cell.buttons = ["Edit", "Delete"]
    ///     cell.onTap("Edit") { editor.open(user) }
    /// }
    /// ```
    public func onTap(_ action: String, perform handler: @escaping () -> Void) {
        actionHandlers[action] = handler
    }
}
