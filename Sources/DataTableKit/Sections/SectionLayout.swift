/// Which display row shows what when rows are grouped: a section's header, its records (unless
/// collapsed), its footer, section after section, over a display order that holds every shown
/// record section by section (collapsed ones included).
///
/// Records are addressed by their position in that display order ("item"); display rows are
/// the lines of the viewport. Finding a display row's content is a binary search over the
/// sections' first display rows.
struct SectionLayout: Equatable {
    /// One section: a run of items in the display order.
    struct Section: Equatable {
        /// The first item of the section.
        var start: Int
        /// Items (shown records) in the section.
        var count: Int
        /// Records of the section's group among all rows, before the filter.
        var total: Int
        /// What identifies the section across sorts and filters (the group's text).
        var key: String
        /// Whether its records are hidden (header and footer stay).
        var isCollapsed = false
    }

    /// What a display row shows.
    enum Row: Equatable {
        /// The record at this position of the display order.
        case item(Int)
        case header(Int)
        case footer(Int)
    }

    private(set) var sections: [Section]
    let showsHeaders: Bool
    let showsFooters: Bool
    /// The display row where each section starts (its header, or its first record).
    private(set) var firstDisplayRow: [Int] = []
    /// Display rows in all.
    private(set) var displayRowCount = 0

    /// A layout of `sections` (contiguous, in order, none empty).
    init(sections: [Section], showsHeaders: Bool, showsFooters: Bool) {
        self.sections = sections
        self.showsHeaders = showsHeaders
        self.showsFooters = showsFooters
        rebuild()
    }

    /// Display rows of one section.
    func lineCount(of section: Section) -> Int {
        (showsHeaders ? 1 : 0) + (section.isCollapsed ? 0 : section.count) + (showsFooters ? 1 : 0)
    }

    /// Recomputes where sections start. - Complexity: O(sections).
    private mutating func rebuild() {
        firstDisplayRow.removeAll(keepingCapacity: true)
        firstDisplayRow.reserveCapacity(sections.count)
        var row = 0
        for section in sections {
            firstDisplayRow.append(row)
            row += lineCount(of: section)
        }
        displayRowCount = row
    }

    /// The section a display row belongs to. - Complexity: O(log sections).
    func section(atDisplayRow row: Int) -> Int {
        var lo = 0, hi = firstDisplayRow.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if firstDisplayRow[mid] <= row { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// What `row` shows. - Complexity: O(log sections).
    func row(at row: Int) -> Row {
        let index = section(atDisplayRow: row)
        let section = sections[index]
        var offset = row - firstDisplayRow[index]
        if showsHeaders {
            if offset == 0 { return .header(index) }
            offset -= 1
        }
        let shown = section.isCollapsed ? 0 : section.count
        if offset < shown { return .item(section.start + offset) }
        return .footer(index)
    }

    /// The section holding an item. - Complexity: O(log sections).
    func section(containingItem item: Int) -> Int {
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].start <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The display row of an item; for an item of a collapsed section, its header's.
    func displayRow(ofItem item: Int) -> Int {
        let index = section(containingItem: item)
        let section = sections[index]
        let header = firstDisplayRow[index]
        if section.isCollapsed { return header }
        return header + (showsHeaders ? 1 : 0) + (item - section.start)
    }

    /// The display row of a section's header (or its first line when there are no headers).
    func headerRow(of section: Int) -> Int { firstDisplayRow[section] }

    /// The display row of a section's footer (or its last line).
    func footerRow(of section: Int) -> Int { firstDisplayRow[section] + lineCount(of: sections[section]) - 1 }

    /// The item a display row stands for: a header its section's first record, a footer its last.
    func item(forDisplayRow row: Int) -> Int {
        switch self.row(at: row) {
        case .item(let item): return item
        case .header(let section): return sections[section].start
        case .footer(let section): return sections[section].start + sections[section].count - 1
        }
    }

    /// Collapses or expands a section. - Complexity: O(sections).
    mutating func setCollapsed(_ collapsed: Bool, section: Int) {
        guard showsHeaders, sections.indices.contains(section), sections[section].isCollapsed != collapsed else { return }
        sections[section].isCollapsed = collapsed
        rebuild()
    }

    /// Collapses or expands every section. - Complexity: O(sections).
    mutating func setAllCollapsed(_ collapsed: Bool) {
        guard showsHeaders else { return }
        for i in sections.indices { sections[i].isCollapsed = collapsed }
        rebuild()
    }

    /// Takes one item out (a deleted row): its section shrinks (and goes when it empties), the
    /// sections after it start one item earlier. - Complexity: O(sections).
    mutating func removeItem(_ item: Int) {
        let index = section(containingItem: item)
        sections[index].count -= 1
        sections[index].total -= 1
        for i in (index + 1)..<sections.count { sections[i].start -= 1 }
        if sections[index].count == 0 { sections.remove(at: index) }
        rebuild()
    }

    /// The index of the section with `key`, if shown. - Complexity: O(sections).
    func index(ofKey key: String) -> Int? { sections.firstIndex { $0.key == key } }
}
