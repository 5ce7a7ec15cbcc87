/// Sections of a typed table, after UIKit's diffable data source: a `DataTableSnapshot`'s
/// sections become the table's sections, each with a header and a footer row.
extension DataTable {
    /// Shows the items of `snapshot` in its sections: each item's model comes from `model`,
    /// rows are matched to the current ones by `id` (as `apply(_:id:...)`: the cursor keeps its
    /// record, only changed rows are measured again, they flash when `animatingDifferences`),
    /// and each snapshot section becomes a section of the table titled `sectionTitle(section)`
    /// (its header shows the title and the count, its footer the sums of numeric columns).
    /// Sort and filter apply within sections; the sections keep the snapshot's order.
    ///
    /// Sections are laid out by a background job, like a sort: they show on the next frames
    /// (`view.waitForJob()` waits for them).
    /// - Returns: the difference from the old models to the new ones.
    /// - Complexity: O(n) for the sections, plus the apply and the job's O(n·p) sort.
    @discardableResult
    public func apply<SectionID: Hashable, ID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, ID>, id: (T) -> ID, model: (ID) -> T,
        sectionTitle: (SectionID) -> String = { String(describing: $0) },
        animatingDifferences: Bool = true
    ) -> DataTableDifference<ID> {
        var models: [T] = []
        models.reserveCapacity(snapshot.numberOfItems)
        var sectionOfRow: [Int32] = []
        sectionOfRow.reserveCapacity(snapshot.numberOfItems)
        var titles: [String] = []
        for (index, section) in snapshot.sections.enumerated() {
            titles.append(sectionTitle(section.id))
            for item in section.items {
                models.append(model(item))
                sectionOfRow.append(Int32(truncatingIfNeeded: index))
            }
        }
        let difference = apply(models, id: id, reloading: snapshot.updatedItemIdentifiers,
                               animatingDifferences: animatingDifferences)
        var grouping = view.grouping ?? DataTableGrouping(key: .sections(sectionOfRow: [], titles: []))
        grouping.key = .sections(sectionOfRow: sectionOfRow, titles: titles)
        view.setGrouping(grouping)
        return difference
    }
}

extension DataTable where T: Identifiable {
    /// Shows the items of `snapshot` in its sections, matching rows by `Identifiable.id`; see
    /// `apply(_:id:model:sectionTitle:animatingDifferences:)`.
    @discardableResult
    public func apply<SectionID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, T.ID>, model: (T.ID) -> T,
        sectionTitle: (SectionID) -> String = { String(describing: $0) },
        animatingDifferences: Bool = true
    ) -> DataTableDifference<T.ID> {
        apply(snapshot, id: { $0.id }, model: model, sectionTitle: sectionTitle, animatingDifferences: animatingDifferences)
    }
}
