import TerminalSurface

/// The styles of the table's chrome and states.
public struct TableTheme: Hashable, Sendable {
    /// The header line.
    public var header: Style
    /// Rows.
    public var body: Style
    /// Laid over the cursor's row.
    public var cursorRow: Style
    /// Laid over the cursor cell (after `cursorRow`).
    public var cursorCell: Style
    /// The status line.
    public var statusLine: Style
    /// The hints on the status line.
    public var statusHint: Style
    /// Warnings in the status line (input repairs).
    public var statusNotice: Style
    /// Laid over cells that match the search or filter.
    public var match: Style
    /// Titles of the help screen.
    public var helpTitle: Style
    /// Keys on the help screen.
    public var helpKey: Style
    /// Laid over rows marked with `m`.
    public var marked: Style
    /// Laid over null tokens (`NA`, `NULL`, see `NullTokens`), which show as written.
    public var nullValue: Style = Style(attributes: .dim)
    /// How rows an apply changed flash (`.off`: not at all).
    public var flash: TableFlashStyle = .standard

    /// For terminals with colours.
    public static let colored = TableTheme(
        header: Style(foreground: .palette(15), background: .palette(24), attributes: .bold),
        body: .plain,
        cursorRow: Style(background: .palette(239)),
        cursorCell: Style(attributes: .reverse),
        statusLine: Style(foreground: .palette(0), background: .palette(250)),
        statusHint: Style(foreground: .palette(24), background: .palette(250), attributes: .bold),
        statusNotice: Style(foreground: .palette(124), background: .palette(250), attributes: .bold),
        match: Style(foreground: .palette(0), background: .palette(220)),
        helpTitle: Style(attributes: [.bold, .underline]),
        helpKey: Style(foreground: .palette(6), attributes: .bold),
        marked: Style(foreground: .palette(214), attributes: .bold)
    )

    /// Attributes only: for no colour asked, `NO_COLOR` and terminals without colours.
    public static let monochrome = TableTheme(
        header: Style(attributes: [.bold, .underline]),
        body: .plain,
        cursorRow: .plain,
        cursorCell: Style(attributes: .reverse),
        statusLine: Style(attributes: .reverse),
        statusHint: Style(attributes: [.reverse, .bold]),
        statusNotice: Style(attributes: [.reverse, .bold]),
        match: Style(attributes: [.bold, .underline]),
        helpTitle: Style(attributes: [.bold, .underline]),
        helpKey: Style(attributes: .bold),
        marked: Style(attributes: [.bold, .underline])
    )
}
