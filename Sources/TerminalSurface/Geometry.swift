/// A position on a character grid: `x` is the column, `y` the row, both 0-based.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, from 0 at the left.
    public var x: Int
    /// The line, from 0 at the top.
    public var y: Int

    /// A point at column `x`, line `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)
    /// `(x,y)`.
    public var description: String { "(\(x),\(y))" }
}

/// A size in character cells: `width` columns by `height` rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Lines.
    public var height: Int

    /// A size of `width` columns by `height` lines.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No room at all.
    public static let zero = Size(width: 0, height: 0)
    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle of character cells; empty when either side is 0.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// Columns by lines.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle at column `x`, line `y`, `width` by `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The left column.
    public var x: Int { origin.x }
    /// The top line.
    public var y: Int { origin.y }
    /// Columns.
    public var width: Int { size.width }
    /// Lines.
    public var height: Int { size.height }
    /// The first column to the right of the rectangle.
    public var maxX: Int { origin.x + size.width }
    /// The first line below the rectangle.
    public var maxY: Int { origin.y + size.height }
    /// Whether it covers no cell.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether `p` is inside (the right and bottom edges are outside).
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    /// The overlap of two rectangles; an empty rectangle when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle shrunk by the given insets (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// `(x,y)+WxH`.
    public var description: String { "\(origin)+\(size)" }
}
