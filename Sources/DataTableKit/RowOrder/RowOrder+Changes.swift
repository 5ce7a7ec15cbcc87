/// Rows that change while shown (`DataTableView+Snapshots`): what is kept by source row follows
/// each row to its new source row.
extension RowOrder {
    /// Moves the hidden rows, the display order and the filtered rows to the new source rows
    /// (`remap(old)`: nil for a deleted row): the old order over the survivors, new rows at the
    /// end; the order then covers the `newCount` rows.
    /// - Complexity: O(n) in the rows.
    mutating func followRows(_ remap: (Int) -> Int?, newCount: Int) {
        hiddenRows = Set(hiddenRows.compactMap(remap))
        if let old = displayOrder {
            var placed = [Bool](repeating: false, count: newCount)
            var order: [UInt32] = []
            order.reserveCapacity(newCount)
            for row in old {
                guard let new = remap(Int(row)), !hiddenRows.contains(new) else { continue }
                placed[new] = true
                order.append(UInt32(truncatingIfNeeded: new))
            }
            for row in 0..<newCount where !placed[row] && !hiddenRows.contains(row) {
                order.append(UInt32(truncatingIfNeeded: row))
            }
            displayOrder = order
            filteredRows = filteredRows.map { $0.compactMap { remap(Int($0)).map { UInt32(truncatingIfNeeded: $0) } } }
        }
        sortedRowCount = newCount
        placedRowCount = newCount
    }
}
