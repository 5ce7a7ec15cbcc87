import TerminalSurface

/// Where a table's parts are on the screen (a part of `DataTableView`): the header at the top
/// (when there are 2 rows or more) and its rule under it (grid lines), the status line at the
/// bottom (when shown and there are 3 rows or more), the lines of a long notice above it, the
/// totals row above those (with its rule), the body between them; and which body cell or
/// header column a point falls on, with the viewport's rows and columns.
struct TableGeometry {
    /// The screen's size.
    var size: Size = .zero
    /// Lines above the status line that the notice takes when it does not fit on the status
    /// line (0 otherwise); the body gives them up while the notice shows. Set when drawing.
    var noticeLineCount = 0
    /// Lines of the rule under the header (1 when the grid lines have one); the body starts
    /// below it. Set from the configuration (`DataTableView.layoutChrome`).
    var headerRuleLineCount = 0
    /// Lines of the totals row and its rule above the notice (0 without totals). Set from the
    /// configuration (`DataTableView.layoutChrome`).
    var totalsLineCount = 0

    /// The header row.
    var headerRect: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height >= 2 ? 1 : 0) }

    /// The rule under the header: shown when it leaves the body a line (with the status line).
    var headerRuleRect: Rect {
        let shown = headerRuleLineCount > 0 && !headerRect.isEmpty && size.height >= 4
        return Rect(x: 0, y: headerRect.maxY, width: size.width, height: shown ? headerRuleLineCount : 0)
    }

    /// The status line, when `shown` (the configuration's `shouldShowFooter`).
    func statusRect(shown: Bool) -> Rect {
        let shown = shown && size.height >= 3
        return Rect(x: 0, y: size.height - (shown ? 1 : 0), width: size.width, height: shown ? 1 : 0)
    }

    /// The notice's lines above the status line.
    func noticeRect(statusShown: Bool) -> Rect {
        let status = statusRect(shown: statusShown)
        let lines = status.isEmpty ? 0 : noticeLineCount
        return Rect(x: 0, y: status.y - lines, width: size.width, height: lines)
    }

    /// The totals row (and its rule, its first line) above the notice: shown when it leaves the
    /// body a line.
    func totalsRect(statusShown: Bool) -> Rect {
        let notice = noticeRect(statusShown: statusShown)
        let room = notice.y - headerRuleRect.maxY
        let lines = totalsLineCount > 0 && room > totalsLineCount ? totalsLineCount : 0
        return Rect(x: 0, y: notice.y - lines, width: size.width, height: lines)
    }

    /// The body: the rows of cells.
    func bodyRect(statusShown: Bool) -> Rect {
        let top = headerRuleRect.maxY
        return Rect(x: 0, y: top, width: size.width, height: totalsRect(statusShown: statusShown).y - top)
    }

    /// A body cell under a point: its display row and column, the point in the cell's own
    /// coordinates, and the cell's size; nil on gutters (and the separators drawn there) and chrome.
    /// - Complexity: O(visible rows + visible columns).
    func cellHit(at point: Point, body: Rect, viewport: Viewport) -> (indexPath: DataTableIndexPath, local: Point, size: Size)? {
        guard body.contains(point) else { return nil }
        let y = point.y - body.y
        guard let row = viewport.visibleRowLayout.first(where: { y >= $0.y && y < $0.y + $0.height }) else { return nil }
        let x = point.x - body.x
        guard let column = viewport.visibleColumns.first(where: { x >= $0.x && x < $0.x + $0.width }) else { return nil }
        return (DataTableIndexPath(row: row.row, column: column.column), Point(x: x - column.x, y: y - row.y),
                Size(width: column.width, height: row.height))
    }

    /// The display column whose header is under a point.
    func headerColumn(at point: Point, viewport: Viewport) -> Int? {
        guard headerRect.contains(point) else { return nil }
        let x = point.x - headerRect.x
        return viewport.visibleColumns.first(where: { x >= $0.x && x < $0.x + $0.width })?.column
    }

    /// The x of each separator between `columns` (body coordinates): the gutter after each
    /// column but the last, where the next column does not start at once; the one before the
    /// frozen trailing columns when the scrolling ones stop short of them.
    /// - Complexity: O(c log c) in the visible columns.
    static func separators(between columns: [Viewport.VisibleColumn], gutter: Int) -> [Int] {
        guard gutter > 0 else { return [] }
        let sorted = columns.sorted { $0.x < $1.x }
        var result: [Int] = []
        for (column, next) in zip(sorted, sorted.dropFirst()) {
            let end = column.x + column.width
            if next.x > end { result.append(Swift.min(end, next.x - gutter)) }
        }
        return result
    }
}
