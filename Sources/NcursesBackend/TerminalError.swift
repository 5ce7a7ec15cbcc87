import TerminalSurface

/// Why a terminal could not be opened; each case says it in one line (a program adds how its
/// users do without a terminal).
public enum TerminalError: Error, CustomStringConvertible, Sendable {
    case termNotSet
    case unknownTerminalType(String)
    case noTerminalForKeys
    case outputNotATerminal

    /// What went wrong, for the user.
    public var description: String {
        switch self {
        case .termNotSet:
            return "TERM is not set, so the terminal type is unknown (try TERM=xterm-256color)"
        case .unknownTerminalType(let name):
            return "unknown terminal type \(TerminalText.quoted(name, maxWidth: 80)) (no terminfo entry; try TERM=xterm-256color)"
        case .noTerminalForKeys:
            return "no terminal to read keys from (stdin is not a terminal and /dev/tty cannot be opened)"
        case .outputNotATerminal:
            return "standard output is not a terminal"
        }
    }
}
