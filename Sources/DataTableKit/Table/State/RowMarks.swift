/// Rows marked with `m` (a part of `DataTableView`), by source row: in the order they were
/// marked, and as a set for drawing.
struct RowMarks {
    /// Marked source rows, in the order they were marked.
    var rows: [Int] = []
    /// `rows` as a set.
    var set: Set<Int> = []

    /// Marks `source`, or unmarks it when it is marked.
    /// - Complexity: O(marked rows) to unmark.
    mutating func toggle(_ source: Int) {
        if set.remove(source) != nil {
            rows.removeAll { $0 == source }
        } else {
            set.insert(source)
            rows.append(source)
        }
    }

    /// Unmarks `source` (a hidden row).
    mutating func remove(_ source: Int) {
        set.remove(source)
        rows.removeAll { $0 == source }
    }

    /// Moves the marks to the rows' new source rows (`remap(old)`: nil for a deleted row).
    mutating func followRows(_ remap: (Int) -> Int?) {
        rows = rows.compactMap(remap)
        set = Set(rows)
    }
}
