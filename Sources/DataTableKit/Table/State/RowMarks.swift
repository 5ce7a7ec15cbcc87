/// The rows selected apart from the cursor (a part of `DataTableView`): marked with `m`, a
/// Shift-range, a drag or from code, by source row, so they follow their records through sorts,
/// filters and changes. In the order they were marked, and as a set for drawing. Also the range
/// being extended and what the delegate was last told (see `DataTableView+Selection`).
struct RowMarks {
    /// Marked source rows, in the order they were marked.
    private(set) var ordered: [Int] = []
    /// `rows` as a set (setting it keeps the order of the rows still marked, new ones after).
    var set: Set<Int> {
        get { members }
        set {
            guard newValue != members else { return }
            rows = ordered.filter(newValue.contains) + newValue.subtracting(members).sorted()
        }
    }
    /// The storage of `set`.
    private var members: Set<Int> = []
    /// The Shift-range or drag being extended (nil: the next one starts at the cursor).
    var range: SelectionRange?
    /// Whether the marks changed since the delegate was last told.
    var isChangeUnreported = false
    /// The cursor's source row the delegate was last told of (the cursor starts on row 0).
    var reportedCursorSource: Int? = 0

    /// Marked source rows, in the order they were marked; setting them drops repeats.
    var rows: [Int] {
        get { ordered }
        set {
            var seen = Set<Int>(minimumCapacity: newValue.count)
            let unique = newValue.filter { seen.insert($0).inserted }
            guard unique != ordered else { return }
            ordered = unique
            members = seen
            isChangeUnreported = true
        }
    }

    /// Marks `source`, or unmarks it when it is marked.
    /// - Complexity: O(marked rows) to unmark.
    mutating func toggle(_ source: Int) {
        if members.contains(source) { remove(source) } else { insert(source) }
    }

    /// Marks `source` (at the end of the order) unless it is marked.
    mutating func insert(_ source: Int) {
        guard members.insert(source).inserted else { return }
        ordered.append(source)
        isChangeUnreported = true
    }

    /// Unmarks `source` (a hidden row).
    mutating func remove(_ source: Int) {
        guard members.remove(source) != nil else { return }
        ordered.removeAll { $0 == source }
        isChangeUnreported = true
    }

    /// Unmarks every row of `sources`. - Complexity: O(marked rows + sources).
    mutating func remove(_ sources: Set<Int>) {
        let before = members.count
        members.subtract(sources)
        guard members.count != before else { return }
        ordered.removeAll { !members.contains($0) }
        isChangeUnreported = true
    }

    /// Moves the marks to the rows' new source rows (`remap(old)`: nil for a deleted row); the
    /// cursor's record told to the delegate follows too (only a move to another record is told
    /// again), and the range being extended ends.
    mutating func followRows(_ remap: (Int) -> Int?) {
        rows = ordered.compactMap(remap)
        reportedCursorSource = reportedCursorSource.flatMap(remap)
        range = nil
    }
}

/// A range of display rows being selected from an anchor (Shift-Up/Down, Shift-click, a drag):
/// the rows from `anchor` to `end` are marked, besides the rows marked before it began.
struct SelectionRange {
    /// Where the range began (a display row) and the source row it showed then.
    var anchor: Int
    var anchorSource: Int
    /// The row it reaches (the cursor's row while it is extended); nil: nothing marked yet (a
    /// press that a drag may extend).
    var end: Int?
    var endSource: Int?
    /// The source rows the range marked (only these are unmarked when it shrinks).
    var added: Set<Int> = []
}
