import TerminalSurface

/// Why a terminal could not be opened; each case has the one line dtable prints.
public enum TerminalError: Error, CustomStringConvertible, Sendable {
    case termNotSet
    case unknownTerminalType(String)
    case noTerminalForKeys
    case outputNotATerminal

    /// What went wrong, for the user.
    public var description: String {
        switch self {
        case .termNotSet:
            return "TERM is not set, so the terminal type is unknown (try TERM=xterm-256color, or --print)"
        case .unknownTerminalType(let name):
            return "unknown terminal type \(TerminalText.quoted(name, maxWidth: 80)) (no terminfo entry; try TERM=xterm-256color, or --print)"
        case .noTerminalForKeys:
            return "no terminal to read keys from (stdin is not a terminal and /dev/tty cannot be opened); use --print"
        case .outputNotATerminal:
            return "standard output is not a terminal; use --print"
        }
    }
}
