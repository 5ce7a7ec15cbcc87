/// Which source columns a table shows, and in which order: the display order of every source
/// column (hidden ones keep their place, so showing them again puts them back where they were)
/// and which of them are hidden.
///
/// Pure state: `DataTableView` keeps one and maps display columns (the viewport's, the
/// cursor's) to source columns (the data's: sort keys, filters, kinds, widths) through it.
/// Lookups are O(1) array reads (`source(forDisplay:)`, `display(forSource:)`), so a frame
/// allocates nothing for them; changes rebuild both maps in O(columns).
struct ColumnOrder: Equatable, Sendable {
    /// Every source column, in display order, hidden ones included.
    public private(set) var arrangement: [Int]
    /// Whether each source column is hidden, by source column.
    private var isHidden: [Bool]
    /// The shown source columns in display order (display column → source column).
    public private(set) var shown: [Int]
    /// Display column by source column; -1 for a hidden one.
    private var displayIndex: [Int]

    /// The identity order of `count` source columns, all shown.
    public init(count: Int) {
        let count = max(0, count)
        arrangement = Array(0..<count)
        isHidden = Array(repeating: false, count: count)
        shown = arrangement
        displayIndex = arrangement
    }

    /// How many source columns there are (shown or hidden).
    public var count: Int { arrangement.count }

    /// The source column at display column `display` (clamped into the shown columns; 0 when
    /// none are).
    @inline(__always)
    public func source(forDisplay display: Int) -> Int {
        guard !shown.isEmpty else { return 0 }
        return shown[max(0, min(display, shown.count - 1))]
    }

    /// The display column of source column `source`; nil when it is hidden or out of range.
    @inline(__always)
    public func display(forSource source: Int) -> Int? {
        guard source >= 0, source < displayIndex.count else { return nil }
        let display = displayIndex[source]
        return display >= 0 ? display : nil
    }

    /// Whether source column `source` is hidden.
    public func isHidden(_ source: Int) -> Bool {
        source >= 0 && source < isHidden.count && isHidden[source]
    }

    /// The hidden source columns, in display order.
    public var hidden: [Int] { arrangement.filter { isHidden[$0] } }

    /// Whether every column shows in source order (nothing hidden or moved).
    public var isIdentity: Bool { shown.count == count && shown.indices.allSatisfy { shown[$0] == $0 } }

    /// Hides `source`; refuses (returns false) for the last shown column and for a column
    /// that is hidden already or out of range.
    @discardableResult
    public mutating func hide(_ source: Int) -> Bool {
        guard source >= 0, source < count, !isHidden[source], shown.count > 1 else { return false }
        isHidden[source] = true
        rebuild()
        return true
    }

    /// Shows `source` again (at its place in the arrangement); false when it was not hidden.
    @discardableResult
    public mutating func show(_ source: Int) -> Bool {
        guard isHidden(source) else { return false }
        isHidden[source] = false
        rebuild()
        return true
    }

    /// Shows every hidden column again, each at its place in the arrangement.
    public mutating func showAll() {
        guard isHidden.contains(true) else { return }
        isHidden = Array(repeating: false, count: count)
        rebuild()
    }

    /// Shows exactly the source columns for which `isShown` is true (the others are hidden);
    /// refuses (returns false, changing nothing) when it would hide every column.
    @discardableResult
    public mutating func showOnly(where isShown: (Int) -> Bool) -> Bool {
        let hidden = (0..<count).map { !isShown($0) }
        guard count == 0 || hidden.contains(false) else { return false }
        isHidden = hidden
        rebuild()
        return true
    }

    /// Moves shown column `source` to display column `target` (clamped to the shown columns);
    /// the other shown columns keep their order. Hidden columns stay where they are relative to
    /// the columns around them. Returns the column's new display column (nil: `source` is not
    /// shown).
    @discardableResult
    public mutating func move(_ source: Int, toDisplay target: Int) -> Int? {
        guard let from = display(forSource: source) else { return nil }
        let target = max(0, min(target, shown.count - 1))
        guard target != from else { return from }
        var others = shown
        others.remove(at: from)
        arrangement.removeAll { $0 == source }
        if target < others.count {
            // Just before the shown column that will follow it.
            let next = arrangement.firstIndex(of: others[target])!
            arrangement.insert(source, at: next)
        } else {
            // Just after the last shown column (hidden columns after it stay after it).
            let last = arrangement.firstIndex(of: others[others.count - 1])!
            arrangement.insert(source, at: last + 1)
        }
        rebuild()
        return target
    }

    /// Adds source columns up to `newCount` (a source found wider rows), shown, at the end.
    public mutating func extend(to newCount: Int) {
        guard newCount > count else { return }
        arrangement += count..<newCount
        isHidden += Array(repeating: false, count: newCount - isHidden.count)
        rebuild()
    }

    /// Rebuilds `shown` and `displayIndex` from the arrangement and the hidden flags.
    /// - Complexity: O(columns).
    private mutating func rebuild() {
        shown = arrangement.filter { !isHidden[$0] }
        displayIndex = Array(repeating: -1, count: count)
        for (display, source) in shown.enumerated() { displayIndex[source] = display }
    }
}
