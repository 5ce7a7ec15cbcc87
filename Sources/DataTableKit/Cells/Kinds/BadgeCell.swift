import TerminalSurface

/// A status value drawn as a coloured badge: `● active`, `[ pending ]` or a filled pill.
///
/// The colour comes from `color` when set, else from `colors` looked up by the text without
/// regard to case (`Done`, `DONE` and `done` are all green by default), else the terminal's
/// default. With `prefersASCII` the dot is `*`. When the column is too narrow the dot (or the
/// brackets' inner spaces, or the pill's padding) goes first, then the text is truncated with `…`.
public final class BadgeCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "badge"

    /// How a badge looks.
    public enum Appearance: Hashable, Sendable {
        /// `● active`: a coloured dot and the text in the colour.
        case dot
        /// `[ pending ]`: the text in the colour between dim brackets.
        case brackets
        /// ` failed `: the text on a background of the colour.
        case pill
    }

    /// The default colours by lowercased value: green for success, yellow for waiting, red for
    /// failure, grey for nothing (256-colour palette entries 34, 178, 160 and 244).
    public static let defaultColors: [String: Color] = {
        var colors: [String: Color] = [:]
        for word in ["ok", "active", "done", "success", "yes", "true"] { colors[word] = .palette(34) }
        for word in ["pending", "warn", "warning", "waiting"] { colors[word] = .palette(178) }
        for word in ["error", "failed", "fail", "no", "false"] { colors[word] = .palette(160) }
        for word in ["inactive", "unknown", "none"] { colors[word] = .palette(244) }
        return colors
    }()

    /// The value shown.
    public var text = ""
    /// The badge's colour; nil to look the text up in `colors`.
    public var color: Color?
    /// Colours by value, matched without regard to case.
    public var colors: [String: Color] = BadgeCell.defaultColors
    /// Dot, brackets or pill.
    public var appearance: Appearance = .dot

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        text = ""
        color = nil
        colors = BadgeCell.defaultColors
        appearance = .dot
    }

    /// Shows the value's text (`true`/`false` for booleans, so they are coloured too).
    public func configure(with value: DataTableValueType) {
        text = value.stringRepresentation
    }

    /// The colour the badge is drawn in: `color`, else the text's entry in `colors`, else `.default`.
    /// - Complexity: O(1), or O(m) in the entries of `colors` when no key matches exactly or
    ///   lowercased; text longer than 64 bytes is not looked up.
    public var resolvedColor: Color {
        if let color { return color }
        guard text.utf8.count <= 64 else { return .default }
        if let exact = colors[text] { return exact }
        let key = text.lowercased()
        if let lower = colors[key] { return lower }
        return colors.first { $0.key.lowercased() == key }?.value ?? .default
    }

    /// The cell's layout: the badge as `appearance` says.
    public override func layout() -> CellLayout {
        guard !text.isEmpty else { return .empty }
        let color = resolvedColor
        let tinted = Style(foreground: color)
        switch appearance {
        case .dot:
            return .hstack(spacing: 1, [
                .glyph(prefersASCII ? "*" : "●", style: tinted).priority(-1),
                .text(text, style: tinted),
            ])
        case .brackets:
            let bracket = Style(attributes: .dim)
            return .firstFitting([
                .hstack([.glyph("[ ", style: bracket), .glyph(text, style: tinted), .glyph(" ]", style: bracket)]),
                .hstack([.glyph("[", style: bracket), .glyph(text, style: tinted), .glyph("]", style: bracket)]),
                .text(text, style: tinted),
            ])
        case .pill:
            // Reverse video keeps the default colour readable as a pill too.
            let pill = color == .default ? Style(attributes: .reverse) : Style(foreground: .palette(231), background: color)
            return .firstFitting([
                .glyph(text, style: pill).padding(horizontal: 1).background(),
                .text(text, style: pill).background(),
            ])
        }
    }
}
