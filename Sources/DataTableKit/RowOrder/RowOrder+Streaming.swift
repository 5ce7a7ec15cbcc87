/// A running filter's rows shown as they come (see `DataTableView+StreamingFilter`): they
/// replace the order, grow, and the saved order comes back when the job ends without them.
extension RowOrder {
    /// Shows `rows`, the first a running filter over `coveredRows` source rows found.
    mutating func showPartialRows(_ rows: [UInt32], coveredRows: Int) {
        displayOrder = rows
        sortedRowCount = coveredRows
        placedRowCount = coveredRows
    }

    /// Appends rows a running filter found since.
    /// - Complexity: O(new rows).
    mutating func appendPartialRows(_ rows: [UInt32]) {
        displayOrder?.append(contentsOf: rows)
    }

    /// Puts back the order of `saved` (a copy taken before the partial rows replaced it); rows
    /// hidden since stay out.
    /// - Complexity: O(n) when rows were hidden meanwhile.
    mutating func restoreOrder(of saved: RowOrder, sourceRowCount count: Int) {
        displayOrder = saved.displayOrder
        sortedRowCount = saved.sortedRowCount
        placedRowCount = saved.placedRowCount
        guard hiddenRows != saved.hiddenRows else { return }
        let newlyHidden = hiddenRows.subtracting(saved.hiddenRows)
        if displayOrder == nil {
            displayOrder = (0..<count).compactMap { newlyHidden.contains($0) ? nil : UInt32(truncatingIfNeeded: $0) }
            sortedRowCount = count
            placedRowCount = count
        } else {
            displayOrder?.removeAll { newlyHidden.contains(Int($0)) }
        }
    }
}
