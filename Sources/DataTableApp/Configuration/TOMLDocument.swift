import DataTableKit
import TerminalSurface
import TOMLKit

/// A problem in a configuration file: where it is and what is wrong, as one line
/// (`config.toml:7: expected '=' after key 'colour'`).
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name or path as given to the parser.
    public var fileName: String
    /// The 1-based line, or nil when the problem is the file itself (it cannot be read).
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// An error in `fileName` at `line` (nil: the whole file).
    public init(fileName: String, line: Int?, message: String) {
        self.fileName = fileName
        self.line = line
        self.message = message
    }

    /// The one line dtable prints, made safe for a terminal (`TerminalText.sanitized`): keys,
    /// values and the file's name come from the user's files.
    public var description: String {
        let text = line.map { "\(fileName):\($0): \(message)" } ?? "\(fileName): \(message)"
        return TerminalText.sanitized(text)
    }
}

/// A value of a configuration file, as the settings read it.
public enum TOMLValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    /// The elements of an array, in order.
    case array([TOMLValue])
    /// A value no setting takes (a float, a date or time, a table), as an error names it.
    case other(String)

    /// The value as an error message names it: `the string "yes"`, `the integer 3`, `true`, `an array`.
    public var phrase: String {
        switch self {
        case .string(let s): return "the string \"\(TerminalText.excerpt(s, maxWidth: 60))\""
        case .integer(let n): return "the integer \(n)"
        case .boolean(let b): return b ? "true" : "false"
        case .array: return "an array"
        case .other(let phrase): return phrase
        }
    }
}

/// One `key = value` line.
public struct TOMLEntry: Hashable, Sendable {
    /// The key, as written.
    public var key: String
    /// Its value.
    public var value: TOMLValue
    /// The 1-based line it is on.
    public var line: Int
}

/// A `[name]` section and its entries in file order; the keys before the first header form the
/// table named "" (line 0).
public struct TOMLTable: Hashable, Sendable {
    /// The section's name (empty: before the first header).
    public var name: String
    /// The 1-based line of the header (0 for the root table).
    public var line: Int
    /// Its keys and values, in file order.
    public var entries: [TOMLEntry]

    /// The entry with `key`, if any.
    public subscript(key: String) -> TOMLEntry? { entries.first { $0.key == key } }
}

/// A configuration file parsed by TOMLKit (TOML 1.0, toml++), as sections of entries that
/// know their lines, so every setting's error can name its line.
///
/// TOMLKit reports syntax errors with their line; it keeps no position for a parsed value,
/// so the lines of headers and keys are found by `TOMLLineLocator`.
public struct TOMLDocument: Hashable, Sendable {
    /// The root table (name "") first, then the tables in the order of their headers.
    public var tables: [TOMLTable]

    /// Parses `text`; errors name `fileName` and the line.
    public init(parsing text: String, fileName: String = "config.toml") throws(ConfigurationError) {
        // toml++ asserts (aborting the process, in release builds too) on some malformed
        // names, such as `[!]`: those are refused here first.
        if let (line, message) = TOMLNameCheck.firstError(in: text) {
            throw ConfigurationError(fileName: fileName, line: line, message: message)
        }
        let root: TOMLKit.TOMLTable
        do {
            root = try TOMLKit.TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(fileName: fileName, line: error.source.begin.line, message: Self.message(of: error))
        } catch {
            throw ConfigurationError(fileName: fileName, line: nil, message: "cannot parse: \(error)")
        }
        let lines = TOMLLineLocator(text)
        var top = TOMLTable(name: "", line: 0, entries: [])
        var sections: [TOMLTable] = []
        for key in root.keys {
            guard let value = root[key] else { continue }
            if let table = value.table, !table.inline {
                let entries = table.keys.compactMap { name in
                    table[name].map { TOMLEntry(key: name, value: Self.value($0), line: lines.line(ofKey: name, inTable: key)) }
                }
                sections.append(TOMLTable(name: key, line: lines.line(ofHeader: key), entries: entries.sorted { $0.line < $1.line }))
            } else {
                top.entries.append(TOMLEntry(key: key, value: Self.value(value), line: lines.line(ofKey: key, inTable: "")))
            }
        }
        top.entries.sort { $0.line < $1.line }
        tables = [top] + sections.sorted { $0.line < $1.line }
    }

    /// The table named `name` ("" for the keys before the first header), if present.
    public subscript(table name: String) -> TOMLTable? { tables.first { $0.name == name } }

    /// A TOMLKit value as the settings read it.
    static func value(_ value: TOMLValueConvertible) -> TOMLValue {
        if let bool = value.bool { return .boolean(bool) }
        if let int = value.int { return .integer(int) }
        if let string = value.string { return .string(string) }
        if let array = value.array { return .array(array.map { Self.value($0) }) }
        if let double = value.double { return .other("the float \(double)") }
        if value.table != nil { return .other("a table") }
        return .other("a date or time")
    }

    /// TOMLKit's message on one line, its control characters shown (it quotes the bad text).
    static func message(of error: TOMLParseError) -> String {
        var text = ""
        for scalar in error.description.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += "?"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

/// The lines of table headers and keys in TOML text: the first `[name]` line of each table and
/// the first `key =` line of each key in it (values of several lines are skipped as well as a
/// line scan can: a line inside a multi-line string that looks like `key = ...` counts too).
struct TOMLLineLocator {
    private var headers: [String: Int] = [:]
    private var keys: [String: [String: Int]] = [:]

    init(_ text: String) {
        var table = ""
        for (number, line) in tomlLines(text) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") && !trimmed.hasPrefix("[[") {
                let inside = trimmed.dropFirst().prefix { $0 != "]" }
                table = Self.unquoted(inside)
                if headers[table] == nil { headers[table] = number }
                // `[a.b]` also opens `a`, where TOMLKit puts `b`.
                if let dot = table.firstIndex(of: "."), headers[String(table[..<dot])] == nil {
                    headers[String(table[..<dot])] = number
                }
            } else if let key = Self.key(of: trimmed) {
                if keys[table, default: [:]][key] == nil { keys[table, default: [:]][key] = number }
            }
        }
    }

    /// The line of `[name]` (0 when not found).
    func line(ofHeader name: String) -> Int { headers[name] ?? 0 }

    /// The line where `key` is set in `table` ("" for the root; 0 when not found).
    func line(ofKey key: String, inTable table: String) -> Int { keys[table]?[key] ?? 0 }

    /// The key of a `key = value` line (quoted keys unquoted), nil for other lines.
    static func key(of line: Substring) -> String? {
        guard let first = line.first, first != "#" else { return nil }
        if first == "\"" || first == "'" {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            let rest = line[line.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else { return nil }
            let quoted = line[line.index(after: line.startIndex)..<close]
            return first == "\"" ? unescaped(quoted) : String(quoted)
        }
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingSpaces
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { return nil }
        return key
    }

    /// A basic string's escapes decoded (`\u001b` is ESC), as TOMLKit reads the key; an
    /// escape it cannot read stays as written.
    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var rest = text[...]
        while let backslash = rest.firstIndex(of: "\\") {
            result += rest[..<backslash]
            rest = rest[rest.index(after: backslash)...]
            guard let code = rest.first else { result.append("\\"); break }
            let simple: [Character: Character] = ["n": "\n", "t": "\t", "r": "\r", "b": "\u{8}", "f": "\u{C}",
                                                  "e": "\u{1B}", "\"": "\"", "\\": "\\"]
            if let decoded = simple[code] {
                result.append(decoded)
                rest = rest.dropFirst()
            } else if code == "u" || code == "U", case let digits = rest.dropFirst().prefix(code == "u" ? 4 : 8),
                      digits.count == (code == "u" ? 4 : 8), let value = UInt32(digits, radix: 16),
                      let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = rest.dropFirst(1 + digits.count)
            } else {
                result.append("\\")
            }
        }
        return result + rest
    }

    /// `"name"`, `'name'` or `name`, spaces around removed.
    static func unquoted(_ text: Substring) -> String {
        let name = text.trimmingSpaces
        if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
            return String(name.dropFirst().dropLast())
        }
        return name
    }
}

/// TOML text line by line as the line scanners read it: numbered from 1, a leading byte order
/// mark dropped, the lines inside multi-line strings left out (the line opening one is kept).
private func tomlLines(_ text: String) -> [(number: Int, line: Substring)] {
    var lines: [(number: Int, line: Substring)] = []
    var number = 0
    var inMultilineString = false
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isTOMLLineEnd) {
        number += 1
        var line = Substring(raw)
        if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
        let quotes = line.tripleQuoteCount
        if inMultilineString {
            if quotes % 2 == 1 { inMultilineString = false }
            continue
        }
        if quotes % 2 == 1 { inMultilineString = true }
        lines.append((number, line))
    }
    return lines
}

extension Substring {
    /// How many `"""` or `'''` the line holds.
    fileprivate var tripleQuoteCount: Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: "\"\"\"") ?? rest.firstRange(of: "'''") {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}

/// Finds table names and keys toml++ cannot be given: names are bare (`A-Z a-z 0-9 _ -`) or
/// quoted parts joined by dots. Lines inside multi-line strings and arrays are skipped.
enum TOMLNameCheck {
    /// The first bad name's line and a message, nil when every name is well formed.
    static func firstError(in text: String) -> (line: Int, message: String)? {
        var arrayDepth = 0
        for (number, line) in tomlLines(text) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if arrayDepth > 0 {
                arrayDepth = max(0, arrayDepth + bracketBalance(trimmed))
                continue
            }
            guard let first = trimmed.first, first != "#", first != "\r" else { continue }
            if first == "[" {
                let isArrayOfTables = trimmed.hasPrefix("[[")
                let inside = trimmed.dropFirst(isArrayOfTables ? 2 : 1)
                guard let close = closingBracket(in: inside) else { continue }  // TOMLKit reports it
                if !isWellFormed(inside[..<close]) {
                    return (number, "invalid table name '\(TerminalText.truncated(String(inside[..<close]), toWidth: 20))'")
                }
                continue
            }
            guard let equals = unquotedIndex(of: "=", in: trimmed) else { continue }  // TOMLKit reports it
            if trimmed[..<equals].trimmingSpaces.isEmpty { return (number, "expected a key before '='") }
            if !isWellFormed(trimmed[..<equals]) {
                return (number, "invalid key '\(TerminalText.truncated(String(trimmed[..<equals].trimmingSpaces), toWidth: 20))'")
            }
            arrayDepth = max(0, bracketBalance(trimmed[equals...]))
        }
        return nil
    }

    /// Whether `name` is bare or quoted parts joined by dots, spaces around parts allowed.
    static func isWellFormed(_ name: Substring) -> Bool {
        var rest = name.drop { $0 == " " || $0 == "\t" }
        while true {
            guard let first = rest.first else { return false }
            if first == "\"" || first == "'" {
                guard let close = rest.dropFirst().firstIndex(of: first) else { return false }
                rest = rest[rest.index(after: close)...]
            } else {
                let part = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                if part.isEmpty { return false }
                rest = rest.dropFirst(part.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.isEmpty { return true }
            guard rest.first == "." else { return false }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
    }

    /// The index of the first `]` outside quotes.
    static func closingBracket(in text: Substring) -> Substring.Index? { unquotedIndex(of: "]", in: text) }

    /// The first `character` outside quotes.
    static func unquotedIndex(of character: Character, in text: Substring) -> Substring.Index? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if let open = quote {
                if c == "\\" && open == "\"" { index = text.index(after: index) } else if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return nil
            } else if c == character {
                return index
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }

    /// `[` minus `]` outside quotes and comments (how far an array stays open).
    static func bracketBalance(_ text: Substring) -> Int {
        var quote: Character?
        var balance = 0
        var escaped = false
        for c in text {
            if let open = quote {
                if escaped { escaped = false } else if c == "\\" && open == "\"" { escaped = true } else if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                break
            } else if c == "[" {
                balance += 1
            } else if c == "]" {
                balance -= 1
            }
        }
        return balance
    }
}

extension Character {
    /// `\n`, or `\r\n` (one `Character` in Swift, so splitting on `\n` alone misses it).
    fileprivate var isTOMLLineEnd: Bool { self == "\n" || self == "\r\n" }
}
