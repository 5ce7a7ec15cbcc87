/// Hiding rows (a deletion): a hidden row leaves the display order at once and every order
/// made after, until it is shown again.
extension RowOrder {
    /// Takes hidden source row `source` out of the display order and the filtered rows (in
    /// file order, the order becomes explicit). Returns its former position when `findingItem`
    /// (sections shrink by it) and the order was explicit; nil otherwise.
    /// - Complexity: O(n) in the rows shown.
    mutating func remove(hidden source: Int, sourceRowCount count: Int, findingItem: Bool) -> Int? {
        let value = UInt32(truncatingIfNeeded: source)
        var removedItem: Int?
        if displayOrder == nil {
            displayOrder = (0..<count).compactMap { $0 == source ? nil : UInt32(truncatingIfNeeded: $0) }
            sortedRowCount = count
            placedRowCount = count
        } else if findingItem, let item = displayOrder?.firstIndex(of: value) {
            displayOrder?.remove(at: item)
            removedItem = item
        } else {
            displayOrder?.removeAll { $0 == value }
        }
        filteredRows?.removeAll { $0 == value }
        return removedItem
    }
}
