import TerminalSurface

/// A row of buttons, `[ Edit ] [ Delete ]`, that a click or the keyboard can fire. Open: a
/// subclass may keep named closures (`onEdit`) and run them from `performAction(_:)`.
///
/// Each button's area is its hit region (`action(at:size:)`); the spaces between buttons and
/// the room after them are not. The button named `pressedAction` is drawn in `pressedStyle`.
/// When the column is too narrow the labels get shorter: `[Edit] [Delete]`, then the first
/// letters `[E] [D]`, then as many of those as fit whole, from the first. A button that does
/// not fit whole is neither drawn nor hittable.
open class ActionButtonsCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "buttons"

    /// The buttons' names, which are also their labels and the actions they fire.
    public var buttons: [String] = []
    /// The style of a button not pressed.
    public var buttonStyle = Style(attributes: .bold)
    /// The style of the button named `pressedAction`.
    public var pressedStyle = Style(attributes: [.bold, .reverse, .underline])

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default (subclasses reset theirs and call `super`).
    open override func prepareForReuse() {
        super.prepareForReuse()
        buttons = []
        buttonStyle = Style(attributes: .bold)
        pressedStyle = Style(attributes: [.bold, .reverse, .underline])
    }

    /// The buttons' names: the actions the keyboard can fire.
    open override var actionNames: [String] { buttons.filter { !$0.isEmpty } }

    /// The cell's layout: the buttons, their labels shortened to fit.
    open override func layout() -> CellLayout {
        let shown = buttons.filter { !$0.isEmpty }
        guard !shown.isEmpty else { return .empty }
        func row(_ label: (String) -> String) -> CellLayout {
            .hstack(spacing: 1, shown.map { name in
                .glyph(label(name), style: name == pressedAction ? pressedStyle : buttonStyle).tag(name)
            })
        }
        return .firstFitting([
            row { "[ \($0) ]" },
            row { "[\($0)]" },
            row { "[\($0.first.map(String.init) ?? "")]" },
        ])
    }
}
