@preconcurrency import CNcursesw
import TerminalSurface

/// The key sequences the terminal's terminfo entry names, for `InputDecoder` to look up before
/// its built-in forms: what a key sends on this terminal (in keypad-transmit mode, which
/// `TerminalModes` turns on), as ncurses' own key parsing used to read them.
enum TerminfoKeys {
    /// Capabilities and their keys, the plain ones before their shifted forms. Shift-Up and
    /// Shift-Down (`kri`, `kind`: curses' KEY_SR and KEY_SF) are keys of their own; the other
    /// shifted keys are the same key here (Shift-Left is Left). The first capability to claim a
    /// sequence keeps it.
    static let capabilities: [(String, Key)] = [
        ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
        ("khome", .home), ("kend", .end), ("kpp", .pageUp), ("knp", .pageDown),
        ("kdch1", .delete), ("kich1", .insert), ("kcbt", .backTab), ("kent", .enter), ("kbs", .backspace),
        ("kri", .modified(.up, .shift)), ("kind", .modified(.down, .shift)), ("kLFT", .left), ("kRIT", .right),
        ("kHOM", .home), ("kEND", .end), ("kPRV", .pageUp), ("kNXT", .pageDown), ("kDC", .delete), ("kIC", .insert),
    ] + (1...63).map { ("kf\($0)", Key.function($0)) }

    /// The sequences of the current terminal (`cur_term`: call after `newterm`/`setupterm`).
    static func current() -> [[UInt8]: Key] {
        var table: [[UInt8]: Key] = [:]
        for (name, key) in capabilities {
            guard let bytes = string(name), table[bytes] == nil else { continue }
            table[bytes] = key
        }
        return table
    }

    /// A string capability's bytes; nil when the entry lacks it (or it is not a string).
    static func string(_ name: String) -> [UInt8]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        let bytes = Array(String(cString: value).utf8)
        return bytes.isEmpty ? nil : bytes
    }
}
