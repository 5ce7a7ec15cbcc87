/// Sections of a typed table, after UIKit's diffable data source: a `DataTableSnapshot`'s
/// sections become the table's sections, each with a header and a footer row.
extension DataTable {
    /// Shows the items of `snapshot` in its sections: each item's model comes from `model`
    /// (items it does not know are left out), rows are matched to the current ones by `id` and
    /// change as `options` says (as `apply(_:id:reloading:reconfiguring:options:)`: the cursor
    /// keeps its record, only rows whose shown text changed are configured and measured again
    /// and flash; the snapshot's `reloadItems` and `reconfigureItems` count as changed), and
    /// each snapshot section becomes a section of the table as `sections` says (its title,
    /// header and footer rows, the columns footers sum, collapsed sections). Sort and filter
    /// apply within sections; the sections keep the snapshot's order.
    ///
    /// Sections are laid out by a background job, like a sort: they show on the next frames
    /// (`view.waitForJob()` waits for them). An apply where nothing shown changed (the same
    /// rows, sections and options) starts no job and owes no frame.
    /// - Returns: the difference from the old models to the new ones.
    /// - Complexity: O(n) for the sections, plus the apply and the job's O(n·p) sort.
    @discardableResult
    public func apply<SectionID: Hashable, ID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, ID>, id: (T) -> ID, sections: DataTableSectionOptions<SectionID>,
        options: DataTableApplyOptions<T> = DataTableApplyOptions(), model: (ID) -> T?
    ) -> DataTableDifference<ID> {
        var models: [T] = []
        models.reserveCapacity(snapshot.numberOfItems)
        var sectionOfRow: [Int32] = []
        sectionOfRow.reserveCapacity(snapshot.numberOfItems)
        var titles: [String] = []
        for (index, section) in snapshot.sections.enumerated() {
            titles.append(sections.title(section.id))
            for item in section.items {
                guard let found = model(item) else { continue }
                models.append(found)
                sectionOfRow.append(Int32(truncatingIfNeeded: index))
            }
        }
        let difference = apply(models, id: id, reloading: snapshot.reloadedItemIdentifiers,
                               reconfiguring: snapshot.reconfiguredItemIdentifiers, options: options)
        let grouping = sections.grouping(sectionOfRow: sectionOfRow, titles: titles)
        var collapsedChanged = false
        if let collapsed = sections.collapsed {
            let keys = Set(collapsed.map(sections.title))
            collapsedChanged = keys != view.sectionState.collapsedKeys
            view.sectionState.collapsedKeys = keys
        }
        if !difference.isEmpty || collapsedChanged || view.grouping != grouping {
            view.setGrouping(grouping)
        }
        return difference
    }

    /// Shows the items of `snapshot` in its sections titled `sectionTitle(section)`: the older
    /// spelling; see `apply(_:id:sections:options:model:)`, whose `model` may leave items out.
    @available(*, deprecated, message: "use apply(_:id:sections:options:model:), whose model closure is (ID) -> T? as in every apply")
    @discardableResult
    public func apply<SectionID: Hashable, ID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, ID>, id: (T) -> ID, model: (ID) -> T,
        sectionTitle: (SectionID) -> String = { String(describing: $0) },
        animatingDifferences: Bool = true
    ) -> DataTableDifference<ID> {
        // The options live for this call only: the titles are read here, never kept.
        withoutActuallyEscaping(sectionTitle) { title in
            apply(snapshot, id: id, sections: sectionOptions(title: title),
                  options: DataTableApplyOptions(animatingDifferences: animatingDifferences), model: { model($0) })
        }
    }

    /// Section options titled by `title`, the rest as the grouping set beforehand says (what the
    /// older spelling read).
    func sectionOptions<SectionID>(title: @escaping (SectionID) -> String) -> DataTableSectionOptions<SectionID> {
        var sections = DataTableSectionOptions(title: title, showsHeaders: view.grouping?.showsHeaders ?? true,
                                               showsFooters: view.grouping?.showsFooters ?? true,
                                               summaryColumns: view.grouping?.summaryColumns ?? .numeric)
        sections.headerStyle = view.grouping?.headerStyle ?? sections.headerStyle
        sections.footerStyle = view.grouping?.footerStyle ?? sections.footerStyle
        return sections
    }
}

extension DataTable where T: Identifiable {
    /// Shows the items of `snapshot` in its sections, matching rows by `Identifiable.id`; see
    /// `apply(_:id:sections:options:model:)`.
    @discardableResult
    public func apply<SectionID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, T.ID>, sections: DataTableSectionOptions<SectionID>,
        options: DataTableApplyOptions<T> = DataTableApplyOptions(), model: (T.ID) -> T?
    ) -> DataTableDifference<T.ID> {
        apply(snapshot, id: { $0.id }, sections: sections, options: options, model: model)
    }

    /// Shows the items of `snapshot` in its sections, matching rows by `Identifiable.id`: the
    /// older spelling; see `apply(_:sections:options:model:)`.
    @available(*, deprecated, message: "use apply(_:sections:options:model:), whose model closure is (T.ID) -> T? as in every apply")
    @discardableResult
    public func apply<SectionID: Hashable>(
        _ snapshot: DataTableSnapshot<SectionID, T.ID>, model: (T.ID) -> T,
        sectionTitle: (SectionID) -> String = { String(describing: $0) },
        animatingDifferences: Bool = true
    ) -> DataTableDifference<T.ID> {
        withoutActuallyEscaping(sectionTitle) { title in
            apply(snapshot, id: { $0.id }, sections: sectionOptions(title: title),
                  options: DataTableApplyOptions(animatingDifferences: animatingDifferences), model: { model($0) })
        }
    }
}
