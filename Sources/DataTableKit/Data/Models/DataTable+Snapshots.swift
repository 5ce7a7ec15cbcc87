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
    @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: (T) -> ID, reloading: Set<ID> = [],
                                    animatingDifferences: Bool = true,
                                    isChanged: ((T, T) -> Bool)? = nil) -> DataTableDifference<ID> {
        let old = source.models
        let oldIDs = old.map(id)
        let newIDs = models.map(id)
        let columns = source.columns
        var changedIDs = reloading
        var oldOffset: [ID: Int] = [:]
        oldOffset.reserveCapacity(oldIDs.count)
        for (offset, identity) in oldIDs.enumerated() { oldOffset[identity] = offset }
        for (offset, identity) in newIDs.enumerated() {
            guard let before = oldOffset[identity], !changedIDs.contains(identity) else { continue }
            let a = old[before], b = models[offset]
            let differs = columns.contains { column in
                if let extract = column.extract, extract(a) != extract(b) { return true }
                if let sortValue = column.sortValue, sortValue(a) != sortValue(b) { return true }
                return false
            }
            if differs || (isChanged?(a, b) ?? false) { changedIDs.insert(identity) }
        }
        let difference = DataTableDifference(from: oldIDs, to: newIDs, updated: changedIDs)
        var newSourceRow = [Int?](repeating: nil, count: old.count)
        for (new, before) in difference.oldOffsets.enumerated() {
            if let before { newSourceRow[before] = new }
        }
        var changedRows = Set(difference.insertions)
        changedRows.formUnion(difference.updates)
        source.models = models
        view.applyRowChanges(newSourceRow: newSourceRow, changedRows: changedRows, flashing: animatingDifferences)
        return difference
    }

    /// Shows `models` instead of the current ones, matching rows by their key path `id`;
    /// see `apply(_:id:reloading:animatingDifferences:isChanged:)`.
    @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: KeyPath<T, ID>, reloading: Set<ID> = [],
                                    animatingDifferences: Bool = true) -> DataTableDifference<ID> {
        apply(models, id: { $0[keyPath: id] }, reloading: reloading, animatingDifferences: animatingDifferences)
    }
}

extension DataTable where T: Identifiable {
    /// Shows `models` instead of the current ones, matching rows by `Identifiable.id`; see
    /// `apply(_:id:reloading:animatingDifferences:isChanged:)`.
    @discardableResult
    public func apply(_ models: [T], reloading: Set<T.ID> = [], animatingDifferences: Bool = true) -> DataTableDifference<T.ID> {
        apply(models, id: { $0.id }, reloading: reloading, animatingDifferences: animatingDifferences)
    }
}
