import TerminalSurface
@testable import DataTableKit

/// Helpers for the cell and layout tests: draw into a fresh surface, read it back.
enum CellRendering {
    /// A `width` x `height` surface after `draw` drew into all of it.
    static func surface(width: Int, height: Int = 1, _ draw: (SurfaceRegion) -> Void) -> Surface {
        let surface = Surface(size: Size(width: width, height: height))
        draw(surface.region)
        return surface
    }

    /// Each row between bars, so trailing blanks show: `|● active  |`.
    static func rows(_ surface: Surface) -> [String] {
        (0..<surface.size.height).map { y in
            var line = ""
            for x in 0..<surface.size.width where !surface[x, y].isContinuation { line.append(surface[x, y].grapheme) }
            return "|" + line + "|"
        }
    }

    /// The single row of a cell drawn `width` columns wide, between bars.
    static func line(_ cell: DataTableCell, width: Int) -> String {
        rows(surface(width: width) { cell.draw(in: $0) })[0]
    }

    /// The rows of a cell drawn at `width` x `height`.
    static func rows(_ cell: DataTableCell, width: Int, height: Int) -> [String] {
        rows(surface(width: width, height: height) { cell.draw(in: $0) })
    }

    /// The row of a layout drawn `width` columns wide, between bars.
    static func line(_ layout: CellLayout, width: Int) -> String {
        rows(surface(width: width) { layout.draw(in: $0) })[0]
    }

    /// Draws `cell` into the middle of a larger surface filled with `#` and returns whether every
    /// cell outside the region is still `#` (the cell never drew outside its region).
    static func staysInside(_ cell: DataTableCell, width: Int, height: Int) -> Bool {
        let surface = Surface(size: Size(width: width + 6, height: height + 2))
        for y in 0..<surface.size.height { surface.put(String(repeating: "#", count: surface.size.width), at: Point(x: 0, y: y), style: .plain) }
        let rect = Rect(x: 3, y: 1, width: width, height: height)
        cell.draw(in: surface.region(rect))
        for y in 0..<surface.size.height {
            for x in 0..<surface.size.width where !rect.contains(Point(x: x, y: y)) {
                if surface[x, y].grapheme != "#" { return false }
            }
        }
        return true
    }
}
