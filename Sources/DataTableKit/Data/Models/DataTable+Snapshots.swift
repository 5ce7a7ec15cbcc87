/// Applying new models to a table on screen, after UIKit's `apply(_:animatingDifferences:)`:
/// rows are matched by identity, so the cursor, marks, hidden rows, measured heights and the
/// cells of unchanged rows follow their records.
extension DataTable {
    /// Shows `models` instead of the current ones, matching rows by `id` (unique per model).
    ///
    /// A model is changed as `options.changes` says (by default: a column shows other text for
    /// it than for the model with the same identity before), or when its identity is in
    /// `reloading` or `reconfiguring`. Changed and inserted rows are measured again and flash
    /// when `options.animatingDifferences` (as the theme's `flash` says). Cells on screen of
    /// changed rows are configured again, as UIKit's `reconfigureItems` (the same cell
    /// objects); those of `reloading`, and of every changed row with `options.refresh ==
    /// .reload`, go back to the pool and their rows get freshly dequeued cells, as
    /// `reloadItems`. Unchanged rows keep their heights and their configured cells: no
    /// `configure` runs for them. The cursor stays on its record, the sort and filter run again
    /// over the new models.
    ///
    /// When nothing shown changed (no row inserted, deleted, moved or changed), the models are
    /// taken in and nothing else happens: no flash, no sort, no frame (`refreshFromDataSource()`
    /// and `advanceFlash()` report nothing to draw).
    /// - Returns: the difference from the old models to the new ones; `isEmpty` when nothing
    ///   shown changed.
    /// - Complexity: O(n × columns) to compare, O(n log n) for the moves.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: (T) -> ID, reloading: Set<ID> = [], reconfiguring: Set<ID> = [],
                                    options: DataTableApplyOptions<T>) -> DataTableDifference<ID> {
        // Inlinable so the identity maps are specialized for the caller's types
        // (see docs/decisions/0052-snapshot-apply-by-identity.md).
        let old = currentModels
        let columns = shownValues
        let newIdentities = models.map(id)
        let oldOffsets = DataTableDifference<ID>.matchOffsets(old: old.map(id), new: newIdentities)
        let rule = options.changes
        let reloadsAll = options.refresh == .reload
        var insertions: [Int] = [], updates: [Int] = [], reloads: [Int] = []
        for (offset, before) in oldOffsets.enumerated() {
            guard let before else {
                insertions.append(offset)
                continue
            }
            let model = models[offset]
            if !reloading.isEmpty && reloading.contains(newIdentities[offset]) {
                reloads.append(offset)
                updates.append(offset)
            } else if (!reconfiguring.isEmpty && reconfiguring.contains(newIdentities[offset]))
                // A model whose bytes did not change shows the same text: the columns'
                // closures (key paths through the runtime) are skipped for it.
                || (rule.comparesShownText && !Self.hasSameBytes(old, before, models, offset)
                    && showsOtherText(from: old[before], to: model, columns: columns))
                || (rule.isChanged?(old[before], model) ?? false) {
                updates.append(offset)
                if reloadsAll { reloads.append(offset) }
            }
        }
        let difference = DataTableDifference<ID>(oldCount: old.count, oldOffsets: oldOffsets,
                                                 insertions: insertions, updates: updates)
        if difference.isEmpty && old.count == models.count {
            // Nothing shown changed: the same rows at the same source rows, no frame owed.
            replaceModelsUnchanged(with: models)
        } else {
            replaceModels(with: models, difference: difference.oldOffsets, changedRows: insertions + updates,
                          reloadedRows: reloads, flashing: options.animatingDifferences)
        }
        return difference
    }

    /// Shows `models` instead of the current ones, matching rows by `id`: the options' older
    /// spelling (`isChanged` adds to the comparison of the shown text); see
    /// `apply(_:id:reloading:reconfiguring:options:)`.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: (T) -> ID, reloading: Set<ID> = [],
                                    reconfiguring: Set<ID> = [], animatingDifferences: Bool = true,
                                    isChanged: ((T, T) -> Bool)? = nil) -> DataTableDifference<ID> {
        apply(models, id: id, reloading: reloading, reconfiguring: reconfiguring,
              options: DataTableApplyOptions(changes: isChanged.map { .shownText(or: $0) } ?? .shownText,
                                             animatingDifferences: animatingDifferences))
    }

    /// The models shown now (for the inlinable apply).
    @usableFromInline var currentModels: [T] { source.models }
    /// Each column's shown value (its value, else its sort value for a header-only column),
    /// for the inlinable apply: closures apart, so no `DataTableColumn` is copied per model.
    @usableFromInline var shownValues: [@Sendable (T) -> DataTableValueType] { source.shownValues }

    /// Whether two models have the same bytes (the same values, the same references): then
    /// every column shows and sorts by the same value for both, whatever its closure reads.
    /// False is only a "maybe": padding or two copies of equal text in different storage.
    /// - Complexity: O(`MemoryLayout<T>.size`), no retain or release.
    @inlinable static func hasSameBytes(_ a: [T], _ i: Int, _ b: [T], _ j: Int) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let size = MemoryLayout<T>.size
                let a = UnsafeRawPointer(a.baseAddress! + i), b = UnsafeRawPointer(b.baseAddress! + j)
                var offset = 0
                while offset + 8 <= size {
                    if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                    offset += 8
                }
                while offset < size {
                    if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                        return false
                    }
                    offset += 1
                }
                return true
            }
        }
    }

    /// Whether a column shows other text for `new` than for `old`: the value's text as the
    /// cells show it (`stringRepresentation`), compared only when the values differ. The value a
    /// column sorts by does not show: a change of it alone is no change, except in a header-only
    /// column (custom cells drawing from the model), where it is all the column says of itself.
    @inlinable func showsOtherText(from old: T, to new: T, columns: [@Sendable (T) -> DataTableValueType]) -> Bool {
        for value in columns where DataTableChangeRule<T>.showsOtherText(value(old), value(new)) { return true }
        return false
    }

    /// Stores `models` and moves the view's state to the rows' new places; `oldOffsets[new]`
    /// is each new row's old row (nil: inserted).
    @usableFromInline func replaceModels(with models: [T], difference oldOffsets: [Int?], changedRows: [Int],
                                         reloadedRows: [Int] = [], flashing: Bool) {
        var newSourceRow = [Int?](repeating: nil, count: source.models.count)
        for (new, before) in oldOffsets.enumerated() {
            if let before { newSourceRow[before] = new }
        }
        source.models = models
        view.applyRowChanges(newSourceRow: newSourceRow, changedRows: Set(changedRows), reloadedRows: Set(reloadedRows),
                             flashing: flashing)
    }

    /// Stores models that show the same as the current ones, row for row: nothing else changes.
    @usableFromInline func replaceModelsUnchanged(with models: [T]) {
        source.models = models
    }

    /// Shows `models` instead of the current ones, matching rows by their key path `id`;
    /// see `apply(_:id:reloading:reconfiguring:options:)`.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: KeyPath<T, ID>, reloading: Set<ID> = [],
                                    reconfiguring: Set<ID> = [], options: DataTableApplyOptions<T>) -> DataTableDifference<ID> {
        apply(models, id: { $0[keyPath: id] }, reloading: reloading, reconfiguring: reconfiguring, options: options)
    }

    /// Shows `models` instead of the current ones, matching rows by their key path `id`;
    /// see `apply(_:id:reloading:reconfiguring:options:)`.
    @inlinable @discardableResult
    public func apply<ID: Hashable>(_ models: [T], id: KeyPath<T, ID>, reloading: Set<ID> = [],
                                    reconfiguring: Set<ID> = [], animatingDifferences: Bool = true) -> DataTableDifference<ID> {
        apply(models, id: { $0[keyPath: id] }, reloading: reloading, reconfiguring: reconfiguring,
              animatingDifferences: animatingDifferences)
    }
}

extension DataTable where T: Identifiable {
    /// Shows `models` instead of the current ones, matching rows by `Identifiable.id`; see
    /// `apply(_:id:reloading:reconfiguring:options:)`.
    @inlinable @discardableResult
    public func apply(_ models: [T], reloading: Set<T.ID> = [], reconfiguring: Set<T.ID> = [],
                      options: DataTableApplyOptions<T>) -> DataTableDifference<T.ID> {
        apply(models, id: { $0.id }, reloading: reloading, reconfiguring: reconfiguring, options: options)
    }

    /// Shows `models` instead of the current ones, matching rows by `Identifiable.id`; see
    /// `apply(_:id:reloading:reconfiguring:options:)`.
    @inlinable @discardableResult
    public func apply(_ models: [T], reloading: Set<T.ID> = [], reconfiguring: Set<T.ID> = [],
                      animatingDifferences: Bool = true) -> DataTableDifference<T.ID> {
        apply(models, id: { $0.id }, reloading: reloading, reconfiguring: reconfiguring,
              animatingDifferences: animatingDifferences)
    }

    /// Shows the items of `snapshot`, as UIKit's diffable data source
    /// `apply(_:animatingDifferences:)`: the snapshot holds identities (section after section),
    /// `model` looks each one up (items it does not know are left out). The snapshot's
    /// `reloadItems` get freshly dequeued cells, its `reconfigureItems` are configured again in
    /// the cells they have; other rows change as `options.changes` says (see
    /// `apply(_:id:reloading:reconfiguring:options:)`).
    ///
    /// ```swift
    /// var snapshot = DataTableSnapshot<Section, Quote.ID>()
    /// snapshot.appendSections([.main])
    /// snapshot.appendItems(market.board, toSection: .main)
    /// snapshot.reconfigureItems(moved)
    /// table.apply(snapshot, options: DataTableApplyOptions()) { market.quotes[$0] }
    /// ```
    /// - Complexity: O(n) lookups, then as `apply(_:id:…)`.
    @inlinable @discardableResult
    public func apply<SectionID: Hashable>(_ snapshot: DataTableSnapshot<SectionID, T.ID>, options: DataTableApplyOptions<T>,
                                           model: (T.ID) -> T?) -> DataTableDifference<T.ID> {
        let identities = snapshot.itemIdentifiers
        var models: [T] = []
        models.reserveCapacity(identities.count)
        for identity in identities {
            if let found = model(identity) { models.append(found) }
        }
        return apply(models, id: { $0.id }, reloading: snapshot.reloadedItemIdentifiers,
                     reconfiguring: snapshot.reconfiguredItemIdentifiers, options: options)
    }

    /// Shows the items of `snapshot`, flashing changed rows when `animatingDifferences`; see
    /// `apply(_:options:model:)`.
    @inlinable @discardableResult
    public func apply<SectionID: Hashable>(_ snapshot: DataTableSnapshot<SectionID, T.ID>, animatingDifferences: Bool = true,
                                           model: (T.ID) -> T?) -> DataTableDifference<T.ID> {
        apply(snapshot, options: DataTableApplyOptions(animatingDifferences: animatingDifferences), model: model)
    }
}
