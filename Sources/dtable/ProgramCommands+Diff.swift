import DataTableApp
import DataTableCSV
import DataTableKit

/// `--diff`'s keys: `)` goes to the next added, removed or changed row, `(` to the previous;
/// Esc stops the comparison while it runs.
extension ViewerSession {
    /// How many display rows one key press looks through when the table is sorted or
    /// filtered (the rows' order is then not the comparison's): at most a few milliseconds on
    /// the UI thread; the next press goes on from there.
    static let changeScanLimit = 200_000

    /// Registers the jumps between changes when the table compares two files.
    func registerDiffCommands(on application: TableApplication) {
        guard view.dataSource.layer(CSVTableDiffDataSource.self) != nil else { return }
        application.register(ProgramCommand("next-change", keys: [.character(")")],
                                            summary: "next added, removed or changed row", group: "diff") { context in
            guard let session = context.application.delegate as? ViewerSession else { return }
            context.view.notice = session.jumpToChange(forward: true)
        })
        application.register(ProgramCommand("previous-change", keys: [.character("(")],
                                            summary: "previous added, removed or changed row", group: "diff") { context in
            guard let session = context.application.delegate as? ViewerSession else { return }
            context.view.notice = session.jumpToChange(forward: false)
        })
    }

    /// Esc while the files are compared: stops the comparison (the table keeps showing the new
    /// file). False when no comparison runs.
    func cancelDiff() -> Bool {
        guard let table = view.dataSource.layer(CSVTableDiffDataSource.self), table.diff == nil,
              let comparison = table.comparison, !comparison.isFinished, !comparison.isCancelled else { return false }
        comparison.cancel()
        return true
    }

    /// Moves the cursor to the next (or previous) row that changed; what to say, if anything.
    /// In the comparison's own order (not sorted, filtered, grouped or with hidden rows) the
    /// changed rows' positions are searched (O(log n)); otherwise the display rows are looked
    /// through, `changeScanLimit` at a time.
    func jumpToChange(forward: Bool) -> String? {
        guard let table = view.dataSource.layer(CSVTableDiffDataSource.self) else { return nil }
        guard table.diff != nil else { return "comparing: the changes are not known yet" }
        let rowCount = view.viewport.rowCount
        guard rowCount > 0 else { return "no rows" }
        let cursor = view.viewport.cursor.row
        if view.sortDescriptors.isEmpty, view.filter == nil, view.columnFilters.isEmpty, view.grouping == nil,
           rowCount == view.dataSource.rowCount {
            let positions = table.changedPositions
            var low = 0, high = positions.count
            let bound = forward ? cursor + 1 : cursor
            while low < high {
                let mid = (low + high) / 2
                if positions[mid] < bound { low = mid + 1 } else { high = mid }
            }
            let index = forward ? low : low - 1
            guard index >= 0, index < positions.count else { return forward ? "no more changes below" : "no more changes above" }
            view.moveCursor(toRow: positions[index], scrollPosition: .middle)
            return nil
        }
        var row = cursor
        for _ in 0..<Self.changeScanLimit {
            row += forward ? 1 : -1
            guard row >= 0, row < rowCount else { return forward ? "no more changes below" : "no more changes above" }
            if table.status(ofRow: view.sourceRow(forDisplayRow: row)) != .unchanged {
                view.moveCursor(toRow: row, scrollPosition: .middle)
                return nil
            }
        }
        view.moveCursor(toRow: row, scrollPosition: .middle)
        return "no change in the \(grouped(Self.changeScanLimit)) rows \(forward ? "below" : "above"): press again to go on"
    }
}
