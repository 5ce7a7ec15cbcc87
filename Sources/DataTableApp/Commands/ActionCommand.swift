import DataTableKit
import TerminalSurface

/// A command the user attaches to the table as `Name=COMMAND ARG {col} ...`, run
/// for one row at a time by a `CommandRunner`, never through a shell.
///
/// **Words.** `COMMAND` is split into words the way a POSIX shell splits them, for quoting only:
///
/// - Spaces, tabs and newlines outside quotes separate words.
/// - `'...'` keeps everything up to the next `'` as it is (no escapes inside).
/// - `"..."` keeps everything up to the next unescaped `"`; inside, `\"`, `\\`, `\$` and a backslash before a backquote
///   stand for the second character and a backslash-newline is removed (as in POSIX); any other
///   backslash stays.
/// - Outside quotes a backslash makes the next character ordinary (`\ `, `\'`, `\{`);
///   a backslash-newline is removed and a backslash at the very end stays.
/// - `''` and `""` make an empty word.
///
/// Nothing is expanded or interpreted: `$HOME`, backquoted commands, `$(cmd)`, `*`, `~`, `#`, `;`, `|`,
/// `&&`, `>` are ordinary characters of their words.
///
/// **Placeholders.** Inside any word (quoted or not), `{Title}` stands for the value of the column
/// with that title (an exact match first, then a case-insensitive one that must be unique) and
/// `{3}` for the third column (a placeholder of digits is always a column number). `{{` and `}}`
/// are literal braces, and so is a brace written `\{` or `\}` outside quotes. The program (the
/// first word) cannot hold a placeholder: data chooses arguments, never what runs.
///
/// A value replaces its placeholder inside its word: it never splits into several arguments and
/// is never interpreted, whatever it holds (spaces, quotes, `$(id); rm -rf x`, newlines).
public struct ActionCommand: Sendable, Hashable {
    /// One piece of a word.
    public enum Piece: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// A column by its 0-based index.
        case column(Int)
        /// A column by title, before `resolved(columnTitles:)` has found it.
        case title(String)
    }

    /// The action's name (`Open` in `Open=xdg-open {url}`).
    public let name: String
    /// The command as written after the `=`.
    public let commandText: String
    /// The words: the program, then its arguments, each a sequence of pieces.
    public private(set) var words: [[Piece]]

    /// Parses an action's text, `NAME=COMMAND`.
    /// - Throws: `ActionCommandError` with a one-line message (no `=`, an empty name, a quoting
    ///   or placeholder error, an empty command).
    public init(option: String) throws {
        guard let equals = option.firstIndex(of: "=") else {
            throw ActionCommandError("action '\(Self.printable(option))' has no '=': write NAME=COMMAND")
        }
        let name = String(option[..<equals]).trimmingWhitespace()
        try self.init(name: name, command: String(option[option.index(after: equals)...]))
    }

    /// Parses `command` for the action `name`. Column titles are looked up later, by `resolved(columnTitles:)`.
    /// - Throws: `ActionCommandError` with a one-line message.
    public init(name: String, command: String) throws {
        guard !name.isEmpty else {
            throw ActionCommandError("action '=\(Self.printable(command))' has no name: write NAME=COMMAND")
        }
        self.name = name
        self.commandText = command
        let prefix = "action '\(Self.printable(name))': "
        do {
            let marked = try Self.splitMarkedWords(command)
            guard !marked.isEmpty else { throw ActionCommandError("empty command") }
            var words: [[Piece]] = []
            for word in marked { words.append(try Self.pieces(of: word)) }
            if words[0].contains(where: { if case .text = $0 { return false } else { return true } }) {
                throw ActionCommandError("the program (the first word) cannot contain a placeholder; use {{ and }} for braces")
            }
            if words[0] == [] || words[0] == [.text("")] { throw ActionCommandError("empty program name") }
            self.words = words
        } catch let error as ActionCommandError {
            throw ActionCommandError(prefix + error.message)
        }
    }

    /// Parses `command` and resolves its placeholders against `columnTitles`.
    public init(name: String, command: String, columnTitles: [String]) throws {
        try self.init(name: name, command: command)
        try resolve(columnTitles: columnTitles)
    }

    /// Whether every placeholder refers to a column by index (titles have been looked up).
    public var isResolved: Bool {
        !words.joined().contains { if case .title = $0 { return true } else { return false } }
    }

    /// The program to run: the first word.
    public var program: String { Self.text(of: words[0], values: []) }

    /// The command with its placeholders looked up in `columnTitles` (the table's header).
    /// - Throws: `ActionCommandError` for an unknown or ambiguous title, or a column number past
    ///   the last column; the message lists the columns.
    public func resolved(columnTitles: [String]) throws -> ActionCommand {
        var copy = self
        try copy.resolve(columnTitles: columnTitles)
        return copy
    }

    /// Looks up the placeholders in `columnTitles`; see `resolved(columnTitles:)`.
    public mutating func resolve(columnTitles: [String]) throws {
        let prefix = "action '\(Self.printable(name))': "
        words = try words.map { word in
            try word.map { piece in
                switch piece {
                case .text:
                    return piece
                case .column(let index):
                    guard index < columnTitles.count else {
                        throw ActionCommandError(prefix + "no column {\(index + 1)}: " + Self.columnList(columnTitles))
                    }
                    return piece
                case .title(let title):
                    switch ColumnTitleLookup.match(title, in: columnTitles) {
                    case .found(let index):
                        return .column(index)
                    case .ambiguous(let matches):
                        let which = ColumnTitleLookup.listing(columnTitles, columns: matches) { "{\($1)} ({\($0 + 1)})" }
                        throw ActionCommandError(prefix + "{\(Self.printable(title))} could be any of "
                            + which + "; write the title exactly or use the number")
                    case .missing:
                        throw ActionCommandError(prefix + "no column {\(Self.printable(title))}: " + Self.columnList(columnTitles))
                    }
                }
            }
        }
    }

    /// The program and its arguments for a row whose fields are `values` (in column order; a
    /// column past the end of `values` reads as empty). Each value lands inside its word, as is.
    /// - Precondition: `isResolved`.
    public func arguments(forRow values: [String]) -> [String] {
        precondition(isResolved, "ActionCommand.arguments(forRow:) before resolved(columnTitles:)")
        return words.map { Self.text(of: $0, values: values) }
    }

    /// The columns (0-based) the command's placeholders refer to, in order of appearance.
    public var referencedColumns: [Int] {
        words.joined().compactMap { if case .column(let index) = $0 { return index } else { return nil } }
    }

    /// Splits `command` into words as described for the type, without placeholder processing
    /// (braces are kept as written, backslash-escaped ones without their backslash).
    /// - Throws: `ActionCommandError` for an unterminated quote.
    public static func splitWords(_ command: String) throws -> [String] {
        try splitMarkedWords(command).map { word in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: word.map(\.scalar))
            return String(text)
        }
    }

    // MARK: - Parsing

    /// A character of a word and whether a backslash made it ordinary (so a brace is not a placeholder).
    struct MarkedScalar {
        var scalar: Unicode.Scalar
        var isEscaped: Bool
    }

    /// Shell-like word splitting over Unicode scalars (a quote followed by a combining mark is still a quote).
    static func splitMarkedWords(_ command: String) throws -> [[MarkedScalar]] {
        let scalars = Array(command.unicodeScalars)
        var words: [[MarkedScalar]] = []
        var word: [MarkedScalar] = []
        var inWord = false
        var i = 0
        func isBlank(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" }
        while i < scalars.count {
            let s = scalars[i]
            switch s {
            case _ where isBlank(s):
                if inWord { words.append(word); word = []; inWord = false }
                i += 1
            case "'":
                inWord = true
                guard let close = scalars[(i + 1)...].firstIndex(of: "'") else {
                    throw ActionCommandError("unterminated single quote in: \(printable(command))")
                }
                word += scalars[(i + 1)..<close].map { MarkedScalar(scalar: $0, isEscaped: false) }
                i = close + 1
            case "\"":
                inWord = true
                i += 1
                var closed = false
                while i < scalars.count {
                    let c = scalars[i]
                    if c == "\"" { closed = true; i += 1; break }
                    if c == "\\", i + 1 < scalars.count {
                        let next = scalars[i + 1]
                        if next == "\"" || next == "\\" || next == "$" || next == "`" {
                            word.append(MarkedScalar(scalar: next, isEscaped: true))
                            i += 2
                            continue
                        }
                        if next == "\n" { i += 2; continue }
                    }
                    word.append(MarkedScalar(scalar: c, isEscaped: false))
                    i += 1
                }
                guard closed else { throw ActionCommandError("unterminated double quote in: \(printable(command))") }
            case "\\":
                if i + 1 < scalars.count {
                    let next = scalars[i + 1]
                    if next != "\n" {
                        inWord = true
                        word.append(MarkedScalar(scalar: next, isEscaped: true))
                    }
                    i += 2
                } else {
                    // A backslash at the very end stays (as `sh -c 'echo a\'` prints `a\`).
                    inWord = true
                    word.append(MarkedScalar(scalar: s, isEscaped: true))
                    i += 1
                }
            default:
                inWord = true
                word.append(MarkedScalar(scalar: s, isEscaped: false))
                i += 1
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// The pieces of a word: literal text, `{{`, `}}`, `{placeholder}`.
    static func pieces(of word: [MarkedScalar]) throws -> [Piece] {
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(text))); text = String.UnicodeScalarView() }
        }
        func isOpen(_ k: Int) -> Bool { k < word.count && word[k].scalar == "{" && !word[k].isEscaped }
        func isClose(_ k: Int) -> Bool { k < word.count && word[k].scalar == "}" && !word[k].isEscaped }
        let wordText = { () -> String in
            var v = String.UnicodeScalarView(); v.append(contentsOf: word.map(\.scalar)); return String(v)
        }
        var i = 0
        while i < word.count {
            if isOpen(i) {
                if isOpen(i + 1) { text.append("{"); i += 2; continue }
                guard let close = (i + 1..<word.count).first(where: isClose) else {
                    throw ActionCommandError("'{' without '}' in \(printable(wordText())); write {{ for a brace")
                }
                var nameView = String.UnicodeScalarView()
                nameView.append(contentsOf: word[(i + 1)..<close].map(\.scalar))
                let name = String(nameView)
                guard !name.isEmpty else { throw ActionCommandError("empty placeholder {} in \(printable(wordText())); write {{}} for braces") }
                flush()
                if name.unicodeScalars.allSatisfy({ $0.properties.numericType == .decimal && $0.isASCII }) {
                    guard let number = Int(name), number >= 1 else {
                        throw ActionCommandError(Int(name) == 0 ? "no column {\(name)}: column numbers start at 1" : "no column {\(name)}")
                    }
                    pieces.append(.column(number - 1))
                } else {
                    pieces.append(.title(name))
                }
                i = close + 1
            } else if isClose(i) {
                guard isClose(i + 1) else {
                    throw ActionCommandError("'}' without '{' in \(printable(wordText())); write }} for a brace")
                }
                text.append("}")
                i += 2
            } else {
                text.append(word[i].scalar)
                i += 1
            }
        }
        flush()
        return pieces.isEmpty ? [.text("")] : pieces
    }

    static func text(of word: [Piece], values: [String]) -> String {
        var result = ""
        for piece in word {
            switch piece {
            case .text(let text): result += text
            case .column(let index): if index < values.count { result += values[index] }
            case .title: break
            }
        }
        return result
    }

    /// "the columns are {id}, {name} (or {1}…{2})": titles made safe and listed as
    /// `ColumnTitleLookup.listing` does (at most 20, the rest counted).
    static func columnList(_ titles: [String]) -> String {
        guard !titles.isEmpty else { return "the table has no columns" }
        return "the columns are " + ColumnTitleLookup.listing(titles) { "{\($1)}" } + " (or {1}…{\(titles.count)})"
    }

    /// `text` on one line and safe for a terminal: `TerminalText.sanitized` (newlines, escapes
    /// and other controls shown as placeholders, `␊`, `␛`).
    public static func printable(_ text: String) -> String {
        TerminalText.sanitized(text)
    }
}

/// A malformed action, with a one-line message (`action 'Open': no column {url}: the columns are ...`).
public struct ActionCommandError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong with the command.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
