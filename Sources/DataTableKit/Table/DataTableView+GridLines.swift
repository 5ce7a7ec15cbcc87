import TerminalSurface

/// Grid lines (`DataTableConfiguration.gridLines`): the rule under the header (and over the
/// totals row), the separators between columns, and the lines of the screen they and the
/// totals row take from the body (`TableGeometry`).
extension DataTableView {
    /// Sets the lines the header rule and the totals row take from the configuration; the
    /// body is laid out again when they changed.
    func layoutChrome() {
        let rule = configuration.gridLines.contains(.headerRule) ? 1 : 0
        let totals = configuration.columnTotals.isEmpty ? 0 : 1 + rule
        guard rule != geometry.headerRuleLineCount || totals != geometry.totalsLineCount else { return }
        geometry.headerRuleLineCount = rule
        geometry.totalsLineCount = totals
        viewport.setBodySize(bodyRect.size)
    }

    /// Draws a horizontal rule across `region`'s first line, crossing the column separators.
    /// - Complexity: O(width).
    func renderRule(in region: SurfaceRegion, columns visibleColumns: [Viewport.VisibleColumn]) {
        guard region.height > 0 else { return }
        let style = configuration.theme.body
        let lines = DataTableGridLines.characters(ascii: configuration.prefersASCII)
        region.fill(style)
        for x in 0..<region.width { region.put(lines.horizontal, at: Point(x: x, y: 0), style: style) }
        for x in separatorPositions(visibleColumns) { region.put(lines.crossing, at: Point(x: x, y: 0), style: style) }
    }

    /// Where the column separators go between `visibleColumns` (none unless the grid lines have them).
    func separatorPositions(_ visibleColumns: [Viewport.VisibleColumn]) -> [Int] {
        guard configuration.gridLines.contains(.columnSeparators) else { return [] }
        return TableGeometry.separators(between: visibleColumns, gutter: viewport.gutter)
    }

    /// Draws the column separators at `positions` (`separatorPositions`) over every line of
    /// `region` (a header, body or totals row), in `style`. - Complexity: O(separators × lines).
    func renderSeparators(_ positions: [Int], in region: SurfaceRegion, style: Style) {
        guard !positions.isEmpty else { return }
        let vertical = DataTableGridLines.characters(ascii: configuration.prefersASCII).vertical
        for x in positions {
            for y in 0..<region.height { region.put(vertical, at: Point(x: x, y: y), style: style) }
        }
    }
}
