import DataTableKit

/// Sections.md, "A snapshot's sections".
func sectionsOfASnapshot(table: DataTable<LiveProcess>, processes: [Int: LiveProcess]) {
    var snapshot = DataTableSnapshot<String, Int>()
    snapshot.appendSections(["alice", "root"])
    snapshot.appendItems([42, 77], toSection: "alice")
    snapshot.appendItems([1], toSection: "root")

    var sections = DataTableSectionOptions<String>(title: { "user \($0)" })
    sections.summaryColumns = .columns([2])   // CPU sums in the footers
    sections.collapsed = ["root"]             // nil: as the user left them
    table.apply(snapshot, sections: sections) { processes[$0] }
}

/// Sections.md, "Any data source, by a column".
func sectionsByAColumn(view: DataTableView) {
    // One section per value of column 2, sums of the numeric columns.
    view.setGrouping(.column(2))
    view.setSectionCellProvider(DefaultSectionCellProvider())   // or your own header/footer cells
}
