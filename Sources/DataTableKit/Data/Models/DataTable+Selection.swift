/// The cursor and the selection by model: the view's API (`DataTableView+Selection`) in terms of
/// the models, matched by identity where the model type has one. A row's source row is its
/// model's index in `data`.
extension DataTable {
    /// The selected models, in the order they were selected (`DataTableView.selectedRows`).
    public var selectedModels: [T] { view.selectedRows.map { source.models[$0] } }

    /// Selects the models `isIncluded` accepts (after those selected already).
    /// - Complexity: O(models).
    public func selectModels(where isIncluded: (T) -> Bool) {
        view.selectRows(source.models.indices.filter { isIncluded(source.models[$0]) })
    }

    /// Moves the cursor to the first model `isIncluded` accepts, in the data's order, scrolled to
    /// `scrollPosition`; false when none does or its row is not shown (filtered out).
    /// - Complexity: O(models).
    @discardableResult
    public func moveCursor(toFirst isIncluded: (T) -> Bool, scrollPosition: DataTableScrollPosition = .nearest) -> Bool {
        guard let row = source.models.firstIndex(where: isIncluded) else { return false }
        return view.moveCursor(toSourceRow: row, scrollPosition: scrollPosition)
    }
}

extension DataTable where T: Identifiable {
    /// The identities of the selected models, in the order they were selected; setting them
    /// selects the models with those identities (identities of no model are left out).
    /// - Complexity: O(models) to set.
    public var selectedIDs: [T.ID] {
        get { view.selectedRows.map { source.models[$0].id } }
        set {
            var rowOfID: [T.ID: Int] = [:]
            for (row, model) in source.models.enumerated() where rowOfID[model.id] == nil { rowOfID[model.id] = row }
            view.selectedRows = newValue.compactMap { rowOfID[$0] }
        }
    }

    /// Moves the cursor to the model with identity `id`, scrolled to `scrollPosition`; false
    /// when there is none or its row is not shown.
    @discardableResult
    public func moveCursor(toID id: T.ID, scrollPosition: DataTableScrollPosition = .nearest) -> Bool {
        moveCursor(toFirst: { $0.id == id }, scrollPosition: scrollPosition)
    }
}
