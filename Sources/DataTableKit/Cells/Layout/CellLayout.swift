import TerminalSurface

/// A cell's contents described in character cells: text, glyphs and spacers in stacks.
///
/// A layout is a small tree of value-type parts. It has two operations: measuring
/// (`preferredWidth`, `minimumWidth`, `height(forWidth:)`) and drawing into a
/// `SurfaceRegion` (`draw(in:style:)`). Neither ever goes outside the width and height it is
/// given, and no part is ever given a negative width: when a stack is too narrow it drops its
/// lowest-priority parts (`priority(_:)`; among equals the last one goes first), and what is
/// left shrinks down to its minimum (flexible text is truncated with `…`).
///
/// ```swift
/// let row: CellLayout = .hstack(spacing: 1, [
///     .text(initials, style: chip, width: .fixed(4), alignment: .center).background(chip),
///     .text(name, width: .flexible),
///     .glyph("●", style: dot).priority(-1),
/// ])
/// row.draw(in: region, style: backgroundStyle)
/// ```
///
/// Widths (`Width`) describe a part's content; padding is added outside them. A part that has
/// nothing to show (empty text with `.fitting` width, an empty stack) takes no room and no
/// spacing. `LayoutCell` turns a layout into a table cell.
public struct CellLayout {
    /// What a part shows.
    indirect enum Content {
        /// Nothing: takes no room.
        case empty
        /// One line of text; `isAtomic` text is drawn whole or not at all.
        case text(String, truncation: TruncationMode, ellipsis: String, isAtomic: Bool)
        /// Blank room.
        case spacer
        /// A part that draws itself into the region it is given.
        case custom(height: Int, draw: (SurfaceRegion, Style) -> Void)
        /// Parts side by side; `alignment` places them when they leave room over.
        case hstack(spacing: Int, alignment: TextAlignment, [CellLayout])
        /// Parts one below the other.
        case vstack(spacing: Int, [CellLayout])
        /// The first alternative whose preferred width fits, else the last.
        case firstFitting([CellLayout])
    }

    var content: Content
    /// Laid over the style inherited from the enclosing part (the cell's background at the top).
    public private(set) var style: Style = .plain
    /// How much room the part takes (see `Width`).
    public private(set) var width: Width = .fitting
    /// Where text sits within a part wider than the text.
    public private(set) var alignment: TextAlignment = .left
    /// Blank room around the part, inside its background.
    public private(set) var padding = Insets()
    /// The part is at least this many lines tall (padding included) when it shows anything.
    public private(set) var minimumHeight = 0
    /// Stacks drop their lowest-priority parts first when they lack room (default 0).
    public private(set) var priority = 0
    /// Whether the part fills its whole area (padding included) with its style before drawing.
    public private(set) var fillsBackground = false
    /// A name for hit-testing (`tag(at:size:)`), such as the action of a button.
    public private(set) var tag: String?

    init(_ content: Content, style: Style = .plain, width: Width = .fitting) {
        self.content = content
        self.style = style
        self.width = width
    }
}

// MARK: - Widths and insets

extension CellLayout {
    /// How much room a part asks for across, and how it shrinks and grows.
    ///
    /// - `fitting`: the content's own width. A text part is not truncated to make room for
    ///   its siblings: it is dropped instead (unless it is the only part left, which is then
    ///   truncated). A stack shrinks by dropping its own parts. Grows if it holds a part that grows.
    /// - `fixed(n)`: exactly `n` columns.
    /// - `minimum(n)`: the content's width but at least `n`; shrinks (truncating) down to `n`.
    /// - `flexible`: the content's width, grows to share the room the other parts leave, and
    ///   shrinks (truncating text) down to 1 column (0 for a spacer); `flexible(minimum:)`
    ///   shrinks no further than `minimum`.
    public struct Width: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case fitting
            case fixed(Int)
            case minimum(Int)
            case flexible(minimum: Int?)
        }

        let kind: Kind

        /// As wide as the content, dropped rather than truncated when room is short.
        public static let fitting = Width(kind: .fitting)
        /// Exactly `columns` columns.
        public static func fixed(_ columns: Int) -> Width { Width(kind: .fixed(max(0, columns))) }
        /// At least `columns`, more when the content needs it and there is room.
        public static func minimum(_ columns: Int) -> Width { Width(kind: .minimum(max(0, columns))) }
        /// Takes what the other parts leave, truncated when short.
        public static let flexible = Width(kind: .flexible(minimum: nil))
        /// Takes what the other parts leave, never less than `minimum`.
        public static func flexible(minimum: Int) -> Width { Width(kind: .flexible(minimum: max(0, minimum))) }
    }

    /// Blank columns and lines around a part's content.
    public struct Insets: Hashable, Sendable {
        /// Lines above.
        public var top: Int
        /// Columns to the left.
        public var left: Int
        /// Lines below.
        public var bottom: Int
        /// Columns to the right.
        public var right: Int

        /// Insets on each side.
        public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
            self.top = max(0, top)
            self.left = max(0, left)
            self.bottom = max(0, bottom)
            self.right = max(0, right)
        }
    }
}

// MARK: - Parts

extension CellLayout {
    /// Nothing: takes no room and no spacing in a stack.
    public static var empty: CellLayout { CellLayout(.empty) }

    /// One line of text, truncated with `ellipsis` when it is given less room than it needs.
    ///
    /// With the default `.fitting` width the text is dropped rather than truncated while other
    /// parts compete for the room; give it `.flexible` to have it truncated instead.
    public static func text(
        _ text: String, style: Style = .plain, width: Width = .fitting, alignment: TextAlignment = .left,
        truncation: TruncationMode = .tail, ellipsis: String = "…"
    ) -> CellLayout {
        var part = CellLayout(.text(text, truncation: truncation, ellipsis: ellipsis, isAtomic: false), style: style, width: width)
        part.alignment = alignment
        return part
    }

    /// Text drawn whole or not at all (a bullet, a chip, a button label): never truncated.
    public static func glyph(_ text: String, style: Style = .plain, width: Width = .fitting, alignment: TextAlignment = .left) -> CellLayout {
        var part = CellLayout(.text(text, truncation: .tail, ellipsis: "", isAtomic: true), style: style, width: width)
        part.alignment = alignment
        return part
    }

    /// Blank room that grows to take what the other parts leave (at least `minimum` columns).
    public static func spacer(minimum: Int = 0) -> CellLayout {
        CellLayout(.spacer, width: .flexible(minimum: minimum))
    }

    /// A part that draws itself: `draw` gets a region exactly the part's size (padding
    /// excluded) and the style it inherits (the cell's background style patched with `style`).
    ///
    /// Use it for content whose look depends on the room it gets, like a progress bar.
    public static func custom(
        width: Width, height: Int = 1, style: Style = .plain, draw: @escaping (SurfaceRegion, Style) -> Void
    ) -> CellLayout {
        CellLayout(.custom(height: max(0, height), draw: draw), style: style, width: width)
    }

    /// Parts side by side, `spacing` blank columns between those shown.
    ///
    /// Room is shared out in three steps: every part gets its minimum; then parts grow
    /// towards their preferred width, highest priority first (then in order); what is left
    /// is shared evenly by the parts that grow (`.flexible`, spacers), the first ones getting
    /// a column more when it does not divide. If there is still room, `alignment` says where
    /// the parts sit. When even the minimums do not fit, the lowest-priority part is dropped
    /// (the last of equals), until they do or one part is left, which then gets all the room.
    public static func hstack(spacing: Int = 0, alignment: TextAlignment = .left, _ parts: [CellLayout]) -> CellLayout {
        CellLayout(.hstack(spacing: max(0, spacing), alignment: alignment, parts))
    }

    /// Parts one below the other, `spacing` blank lines between those shown, each as wide as
    /// the stack. When the lines do not fit the height, the lowest-priority part (the last of
    /// equals) is dropped, until they fit or one is left, which is then cut at the bottom.
    public static func vstack(spacing: Int = 0, _ parts: [CellLayout]) -> CellLayout {
        CellLayout(.vstack(spacing: max(0, spacing), parts))
    }

    /// The first of `alternatives` whose preferred width fits the room, else the last one.
    ///
    /// For content with shorter forms: `[ Edit ]`, then `[Edit]`, then `[E]`.
    public static func firstFitting(_ alternatives: [CellLayout]) -> CellLayout {
        CellLayout(.firstFitting(alternatives))
    }
}

// MARK: - Modifiers

extension CellLayout {
    /// This part with its width rule replaced.
    public func width(_ width: Width) -> CellLayout {
        var part = self
        part.width = width
        return part
    }

    /// This part with blank room added around its content (added to any padding it has).
    public func padding(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> CellLayout {
        var part = self
        part.padding = Insets(
            top: padding.top + max(0, top), left: padding.left + max(0, left),
            bottom: padding.bottom + max(0, bottom), right: padding.right + max(0, right)
        )
        return part
    }

    /// This part with `columns` blank columns on each side.
    public func padding(horizontal columns: Int) -> CellLayout {
        padding(left: columns, right: columns)
    }

    /// This part at least `lines` tall whenever it shows anything.
    public func minimumHeight(_ lines: Int) -> CellLayout {
        var part = self
        part.minimumHeight = max(0, lines)
        return part
    }

    /// This part with a drop priority: stacks short of room drop lower priorities first.
    public func priority(_ priority: Int) -> CellLayout {
        var part = self
        part.priority = priority
        return part
    }

    /// This part with `style` laid over what it inherits (its parts inherit the result).
    public func style(_ style: Style) -> CellLayout {
        var part = self
        part.style = part.style.patched(with: style)
        return part
    }

    /// This part filling its whole area, padding included, with its style (`style` laid over
    /// it first), like a coloured chip.
    public func background(_ style: Style = .plain) -> CellLayout {
        var part = self.style(style)
        part.fillsBackground = true
        return part
    }

    /// This part named for hit-testing (see `tag(at:size:)`).
    public func tag(_ tag: String) -> CellLayout {
        var part = self
        part.tag = tag
        return part
    }
}
