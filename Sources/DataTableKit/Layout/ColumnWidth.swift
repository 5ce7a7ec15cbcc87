/// How a column's width is decided when the table is laid out (ratatui's `Constraint`):
/// exactly `n` cells, as wide as its content, a weighted share of the room left, or a
/// percentage of the table's width, each optionally held between a minimum and a maximum.
///
/// ```swift
/// configuration.columnWidthProvider = { column in column == 1 ? .fill(2) : nil }
/// view.setWidthPolicy(.percentage(25).min(10), ofColumn: 3)
/// ```
///
/// One solver (`ColumnWidthSolver`) turns the policies, the columns' content widths and the
/// table's width into widths. When the columns need more room than the table has, they keep
/// their widths and the table scrolls sideways.
public struct ColumnWidth: Hashable, Sendable {
    /// What the width starts from, before `minimum` and `maximum` hold it.
    public enum Base: Hashable, Sendable {
        /// Exactly this many cells: never wider, whatever the room.
        case fixed(Int)
        /// As wide as the column's content (its measured width: values, title and sort mark).
        case fit
        /// A share of the room the other columns leave, by weight (`fill(2)` gets twice what
        /// `fill(1)` gets); never narrower than its content unless a `minimum` says how narrow.
        case fill(weight: Int)
        /// This percentage (0...100) of the table's width.
        case percentage(Int)
    }

    /// What the width starts from.
    public var base: Base
    /// The narrowest the column gets (nil: no bound; a fill column then keeps its content width).
    public var minimum: Int?
    /// The widest the column gets (nil: no bound).
    public var maximum: Int?

    /// A policy from `base`, held between `minimum` and `maximum`.
    public init(_ base: Base, minimum: Int? = nil, maximum: Int? = nil) {
        self.base = base
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Exactly `width` cells.
    public static func fixed(_ width: Int) -> ColumnWidth { ColumnWidth(.fixed(width)) }
    /// As wide as the content (the default).
    public static let fit = ColumnWidth(.fit)
    /// A share of the leftover room by `weight`.
    public static func fill(_ weight: Int = 1) -> ColumnWidth { ColumnWidth(.fill(weight: weight)) }
    /// `percent` of the table's width.
    public static func percentage(_ percent: Int) -> ColumnWidth { ColumnWidth(.percentage(percent)) }

    /// This policy, never narrower than `width`.
    public func min(_ width: Int) -> ColumnWidth {
        var policy = self
        policy.minimum = width
        return policy
    }

    /// This policy, never wider than `width`.
    public func max(_ width: Int) -> ColumnWidth {
        var policy = self
        policy.maximum = width
        return policy
    }

    /// Whether the column takes a share of the leftover room.
    var fills: Bool {
        if case .fill = base { return true }
        return false
    }

    /// `width` held between `minimum` and `maximum` (a maximum below the minimum gives way to it),
    /// and at least 1.
    func clamped(_ width: Int) -> Int {
        var width = width
        if let maximum { width = Swift.min(width, maximum) }
        if let minimum { width = Swift.max(width, minimum) }
        return Swift.max(1, width)
    }
}
