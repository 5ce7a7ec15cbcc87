/// A key as the table sees it, independent of how a terminal encodes it.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space).
    case character(Character)
    /// Ctrl plus a letter, given as the lowercase letter (`.control("c")` is Ctrl-C).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, backTab, delete, insert
    case function(Int)
    /// A key pressed with modifiers, as a key of its own (`.modified(.down, .shift)` is
    /// Shift-Down). The decoder reports Shift-Up and Shift-Down this way; other modified cursor
    /// and editing keys still arrive as the key itself, and a modified function key as the
    /// number terminfo gives it (Shift-F1 is F13).
    indirect case modified(Key, KeyModifiers)
}

/// A mouse button, as a terminal's mouse reports (SGR 1006 or X10) name it.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// Keys held with a key or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers as bits.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift was held.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Meta) was held.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control was held.
    public static let control = KeyModifiers(rawValue: 4)
}

/// A mouse event at a screen cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case press(MouseButton)
        case release(MouseButton)
        /// The pointer moved to another cell while the button was held (a drag; the terminal
        /// reports it in button-event mode, xterm's 1002).
        case drag(MouseButton)
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    /// What the mouse did.
    public var kind: Kind
    /// The cell under the pointer, 0-based.
    public var position: Point
    /// The keys held meanwhile.
    public var modifiers: KeyModifiers

    /// A mouse event at `position` (screen coordinates).
    public init(kind: Kind, position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}

/// Something that happened at the terminal.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size; the new size is given.
    case resize(Size)
    /// Text pasted at the terminal (bracketed paste), whole: a text input inserts it as one edit;
    /// other screens ignore it, so pasted text never runs as keys.
    case paste(String)
}
