import TerminalSurface

/// Hit-testing: which header column, body cell or button a screen point falls on (a click).
extension DataTableView {
    /// The body cell under a screen point, if any (gutters and chrome have none), as display
    /// row and display column (`sourceColumn(forDisplayColumn:)` gives the data's column).
    public func indexPath(at point: Point) -> DataTableIndexPath? {
        cellHit(at: point)?.indexPath
    }

    /// The body cell under a screen point and the point in the cell's own coordinates.
    func cellHit(at point: Point) -> (indexPath: DataTableIndexPath, local: Point, size: Size)? {
        geometry.cellHit(at: point, body: bodyRect, viewport: viewport)
    }

    /// The source column whose header is under a screen point.
    public func headerColumn(at point: Point) -> Int? {
        geometry.headerColumn(at: point, viewport: viewport).map { sourceColumn(forDisplayColumn: $0) }
    }

    /// The action button under a screen point: the cell on screen there and the action it names.
    func actionHit(at point: Point) -> (key: CellKey, indexPath: DataTableIndexPath, action: String)? {
        guard let hit = cellHit(at: point) else { return nil }
        let key = CellKey(sourceRow: sourceRow(forDisplayRow: hit.indexPath.row),
                          column: sourceColumn(forDisplayColumn: hit.indexPath.column))
        guard let cell = cells.onScreen[key], let action = cell.action(at: hit.local, size: hit.size) else { return nil }
        return (key, hit.indexPath, action)
    }
}
