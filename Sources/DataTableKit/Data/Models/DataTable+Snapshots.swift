/// Applying new models to a table on screen, after UIKit's `apply(_:animatingDifferences:)`:
/// rows are matched by identity, so the cursor, marks, hidden rows, measured heights and the
/// cells of unchanged rows follow their records.
extension DataTable {
    /// Shows `models` instead of the current ones, matching rows by `id` (unique per model).
    ///
    /// A model is changed when a column shows a different value for it than for the model
    /// with the same identity before, or when `isChanged(old, new)` says so (for cells that
    /// read fields no column shows), or when its identity is in `reloading`. Changed and
    /// inserted rows are measured and configured again (and flash when
    /// `animatingDifferences`); the others keep their heights and cells. The cursor stays on
    /// its record, the sort and filter run again over the new models.
    /// - Returns: the difference from the old models to the new ones.
    /// - Complexity: O(n × columns) to compare, O(n log n) for the moves.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: (T) -> ID, reloading: Set<ID> = [],
                                    animatingDifferences: Bool = true,
                                    isChanged: ((T, T) -> Bool)? = nil) -> DataTableDifference<ID> {
        // Inlinable so the identity maps are specialized for the caller's types (see DECISIONS).
        let old = currentModels
        let columns = currentColumns
        let oldOffsets = DataTableDifference<ID>.matchOffsets(old: old.map(id), new: models.map(id))
        var insertions: [Int] = [], updates: [Int] = []
        for (offset, before) in oldOffsets.enumerated() {
            guard let before else {
                insertions.append(offset)
                continue
            }
            let model = models[offset]
            if (!reloading.isEmpty && reloading.contains(id(model))) || showsChange(from: old[before], to: model, columns: columns)
                || (isChanged?(old[before], model) ?? false) {
                updates.append(offset)
            }
        }
        let difference = DataTableDifference<ID>(oldCount: old.count, oldOffsets: oldOffsets,
                                                 insertions: insertions, updates: updates)
        replaceModels(with: models, difference: difference.oldOffsets, changedRows: insertions + updates,
                      flashing: animatingDifferences)
        return difference
    }

    /// The models shown now (for the inlinable apply).
    @usableFromInline var currentModels: [T] { source.models }
    /// The table's columns (for the inlinable apply).
    @usableFromInline var currentColumns: [DataTableColumn<T>] { source.columns }

    /// Whether a column shows a different value (or sorts by one) for `new` than for `old`.
    @inlinable func showsChange(from old: T, to new: T, columns: [DataTableColumn<T>]) -> Bool {
        for column in columns {
            if let extract = column.extract, extract(old) != extract(new) { return true }
            if let sortValue = column.sortValue, sortValue(old) != sortValue(new) { return true }
        }
        return false
    }

    /// Stores `models` and moves the view's state to the rows' new places; `oldOffsets[new]`
    /// is each new row's old row (nil: inserted).
    @usableFromInline func replaceModels(with models: [T], difference oldOffsets: [Int?], changedRows: [Int], flashing: Bool) {
        var newSourceRow = [Int?](repeating: nil, count: source.models.count)
        for (new, before) in oldOffsets.enumerated() {
            if let before { newSourceRow[before] = new }
        }
        source.models = models
        view.applyRowChanges(newSourceRow: newSourceRow, changedRows: Set(changedRows), flashing: flashing)
    }

    /// Shows `models` instead of the current ones, matching rows by their key path `id`;
    /// see `apply(_:id:reloading:animatingDifferences:isChanged:)`.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: KeyPath<T, ID>, reloading: Set<ID> = [],
                                    animatingDifferences: Bool = true) -> DataTableDifference<ID> {
        apply(models, id: { $0[keyPath: id] }, reloading: reloading, animatingDifferences: animatingDifferences)
    }
}

extension DataTable where T: Identifiable {
    /// Shows `models` instead of the current ones, matching rows by `Identifiable.id`; see
    /// `apply(_:id:reloading:animatingDifferences:isChanged:)`.
    @inlinable @discardableResult
    public func apply(_ models: [T], reloading: Set<T.ID> = [], animatingDifferences: Bool = true) -> DataTableDifference<T.ID> {
        apply(models, id: { $0.id }, reloading: reloading, animatingDifferences: animatingDifferences)
    }
}
