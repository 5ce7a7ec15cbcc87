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

    /// `file:line: message`.
    public var description: String {
        if let line { return "\(fileName):\(line): \(message)" }
        return "\(fileName): \(message)"
    }
}

/// A value of the TOML subset `TOMLDocument` reads.
public enum TOMLValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    /// Strings and integers (possibly mixed), never nested.
    case array([TOMLValue])

    /// The value as an error message names it: `the string "yes"`, `the integer 3`, `true`, `an array`.
    public var phrase: String {
        switch self {
        case .string(let s): return "the string \"\(s)\""
        case .integer(let n): return "the integer \(n)"
        case .boolean(let b): return b ? "true" : "false"
        case .array: return "an array"
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

/// A parsed TOML document of the subset dtable's configuration file needs.
///
/// Supported (everything else is an error naming the line):
/// - UTF-8 text, `\n` or `\r\n` line ends, an optional byte-order mark.
/// - Comments: `#` to the end of the line, on a line of their own or after a header or value.
/// - Table headers `[name]` with a bare or quoted name; whitespace inside the brackets is allowed.
///   Not supported: dotted names (`[a.b]`), arrays of tables (`[[a]]`).
/// - `key = value`, one per line. Keys are bare (`A-Z a-z 0-9 _ -`) or quoted (`"..."`, `'...'`).
///   Not supported: dotted keys (`a.b = 1`).
/// - Values:
///   - basic strings `"..."` with the escapes `\"` `\\` `\n` `\t` `\r` `\b` `\f` `\uXXXX` `\UXXXXXXXX`;
///   - literal strings `'...'` (no escapes);
///   - decimal integers with an optional sign and `_` between digits (`1_000`), no leading zeros;
///   - `true`, `false`;
///   - arrays of strings and integers on one line (`["a", 'b', 3]`, trailing comma allowed).
///   Not supported: multi-line strings, floats, dates and times, hexadecimal/octal/binary
///   integers, nested arrays, arrays over several lines, inline tables.
/// - A key may be set once per table, and a table header may appear once.
public struct TOMLDocument: Hashable, Sendable {
    /// The root table (name "") first, then the tables in the order of their headers.
    public var tables: [TOMLTable]

    /// Parses `text`; errors name `fileName` and the line.
    public init(parsing text: String, fileName: String = "config.toml") throws(ConfigurationError) {
        var parser = TOMLLineParser(fileName: fileName)
        var tables = [TOMLTable(name: "", line: 0, entries: [])]
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lineNumber = 0
        var start = 0
        while start <= scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n" { end += 1 }
            lineNumber += 1
            var line = scalars[start..<end]
            if line.last == "\r" { line = line.dropLast() }
            parser.reset(line: Array(line), number: lineNumber)
            switch try parser.parseLine() {
            case .blank:
                break
            case .header(let name):
                if let first = tables.first(where: { $0.name == name && $0.line > 0 }) {
                    throw parser.error("duplicate table [\(name)] (first at line \(first.line))")
                }
                tables.append(TOMLTable(name: name, line: lineNumber, entries: []))
            case .entry(let key, let value):
                let last = tables.count - 1
                if let first = tables[last][key] {
                    let place = tables[last].name.isEmpty ? "" : " in [\(tables[last].name)]"
                    throw parser.error("duplicate key '\(key)'\(place) (first set at line \(first.line))")
                }
                tables[last].entries.append(TOMLEntry(key: key, value: value, line: lineNumber))
            }
            start = end + 1
        }
        self.tables = tables
    }

    /// The table named `name` ("" for the keys before the first header), if present.
    public subscript(table name: String) -> TOMLTable? { tables.first { $0.name == name } }
}

/// Parses one line at a time.
private struct TOMLLineParser {
    enum Line {
        case blank
        case header(String)
        case entry(String, TOMLValue)
    }

    let fileName: String
    var s: [Unicode.Scalar] = []
    var i = 0
    var number = 0

    init(fileName: String) { self.fileName = fileName }

    mutating func reset(line: [Unicode.Scalar], number: Int) {
        s = line
        i = 0
        self.number = number
    }

    func error(_ message: String) -> ConfigurationError {
        ConfigurationError(fileName: fileName, line: number, message: message)
    }

    var current: Unicode.Scalar? { i < s.count ? s[i] : nil }
    var atEndOrComment: Bool { current == nil || current == "#" }

    mutating func skipWhitespace() {
        while let c = current, c == " " || c == "\t" { i += 1 }
    }

    /// The rest of the line from `i`, for messages (at most 20 characters).
    var rest: String {
        var text = String(String.UnicodeScalarView(s[i...].prefix(20)))
        if s.count - i > 20 { text += "…" }
        return text
    }

    static func isBareKeyScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
    }

    mutating func parseLine() throws(ConfigurationError) -> Line {
        skipWhitespace()
        if atEndOrComment { return .blank }
        if current == "[" { return try parseHeader() }
        guard let key = try parseKey() else {
            if current == "=" { throw error("expected a key before '='") }
            throw error("expected a key, found '\(rest)'")
        }
        skipWhitespace()
        if current == "." { throw error("dotted keys are not supported ('\(key).…')") }
        guard current == "=" else { throw error("expected '=' after key '\(key)'") }
        i += 1
        skipWhitespace()
        if atEndOrComment { throw error("expected a value after '=' for key '\(key)'") }
        let value = try parseValue(key: key, inArray: false)
        skipWhitespace()
        guard atEndOrComment else { throw error("unexpected '\(rest)' after the value of '\(key)'") }
        return .entry(key, value)
    }

    mutating func parseHeader() throws(ConfigurationError) -> Line {
        i += 1
        if current == "[" { throw error("arrays of tables ([[...]]) are not supported") }
        skipWhitespace()
        guard let name = try parseKey() else {
            if current == "]" || current == nil { throw error("expected a table name after '['") }
            throw error("invalid table name '\(rest)'")
        }
        skipWhitespace()
        if current == "." { throw error("dotted table names are not supported ([\(name).…])") }
        guard current == "]" else { throw error("expected ']' after table name '\(name)'") }
        i += 1
        skipWhitespace()
        guard atEndOrComment else { throw error("unexpected '\(rest)' after table header [\(name)]") }
        return .header(name)
    }

    /// A bare or quoted key, or nil when the line has none at `i`.
    mutating func parseKey() throws(ConfigurationError) -> String? {
        switch current {
        case "\"":
            return try parseBasicString()
        case "'":
            return try parseLiteralString()
        default:
            let start = i
            while let c = current, Self.isBareKeyScalar(c) { i += 1 }
            if i == start { return nil }
            return String(String.UnicodeScalarView(s[start..<i]))
        }
    }

    mutating func parseValue(key: String, inArray: Bool) throws(ConfigurationError) -> TOMLValue {
        switch current {
        case "\"":
            return .string(try parseBasicString())
        case "'":
            return .string(try parseLiteralString())
        case "[":
            if inArray { throw error("nested arrays are not supported (key '\(key)')") }
            return try parseArray(key: key)
        case "{":
            throw error("inline tables are not supported (key '\(key)')")
        default:
            return try parseBareValue(key: key)
        }
    }

    mutating func parseArray(key: String) throws(ConfigurationError) -> TOMLValue {
        i += 1
        var elements: [TOMLValue] = []
        while true {
            skipWhitespace()
            if current == "]" { i += 1; return .array(elements) }
            if atEndOrComment { throw error("unterminated array for key '\(key)' (arrays must be on one line)") }
            elements.append(try parseValue(key: key, inArray: true))
            skipWhitespace()
            switch current {
            case ",": i += 1
            case "]": i += 1; return .array(elements)
            case nil, "#": throw error("unterminated array for key '\(key)' (arrays must be on one line)")
            default: throw error("expected ',' or ']' in the array of '\(key)', found '\(rest)'")
            }
        }
    }

    /// `true`, `false` or an integer.
    mutating func parseBareValue(key: String) throws(ConfigurationError) -> TOMLValue {
        let start = i
        while let c = current, c != " ", c != "\t", c != ",", c != "]", c != "#" { i += 1 }
        let token = String(String.UnicodeScalarView(s[start..<i]))
        if token == "true" { return .boolean(true) }
        if token == "false" { return .boolean(false) }
        guard let first = token.unicodeScalars.first,
              first == "+" || first == "-" || (first >= "0" && first <= "9") || token.hasSuffix("inf") || token.hasSuffix("nan")
        else {
            throw error("invalid value '\(token)' for key '\(key)' (strings need quotes; true and false are lowercase)")
        }
        return .integer(try parseInteger(token, key: key))
    }

    func parseInteger(_ token: String, key: String) throws(ConfigurationError) -> Int {
        var digits = Substring(token)
        var negative = false
        if digits.first == "+" || digits.first == "-" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        if digits.hasPrefix("0x") || digits.hasPrefix("0o") || digits.hasPrefix("0b") {
            throw error("only decimal integers are supported, not '\(token)' (key '\(key)')")
        }
        if digits.contains(":") || (digits.contains("-") && digits.first?.isNumber == true) {
            throw error("dates and times are not supported ('\(token)' for key '\(key)')")
        }
        if digits.contains(".") || digits.contains("e") || digits.contains("E") || digits == "inf" || digits == "nan" {
            throw error("floats are not supported ('\(token)' for key '\(key)'); use an integer")
        }
        let scalars = Array(digits.unicodeScalars)
        var plain = ""
        for (n, c) in scalars.enumerated() {
            if c >= "0" && c <= "9" {
                plain.unicodeScalars.append(c)
            } else if c == "_", n > 0, n + 1 < scalars.count,
                      scalars[n - 1] >= "0" && scalars[n - 1] <= "9", scalars[n + 1] >= "0" && scalars[n + 1] <= "9" {
                continue
            } else {
                throw error("invalid integer '\(token)' for key '\(key)'")
            }
        }
        if plain.isEmpty { throw error("invalid integer '\(token)' for key '\(key)'") }
        if plain.count > 1, plain.hasPrefix("0") { throw error("leading zeros are not allowed in integer '\(token)' (key '\(key)')") }
        guard let value = Int((negative ? "-" : "") + plain) else {
            throw error("integer '\(token)' is too large (key '\(key)')")
        }
        return value
    }

    static func isControl(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && c != "\t") || c.value == 0x7F
    }

    func controlMessage(_ c: Unicode.Scalar) -> String {
        let hex = String(c.value, radix: 16, uppercase: true)
        return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) in a string must be escaped"
    }

    mutating func parseBasicString() throws(ConfigurationError) -> String {
        if i + 2 < s.count, s[i + 1] == "\"", s[i + 2] == "\"" {
            throw error("multi-line strings (\"\"\") are not supported")
        }
        i += 1
        var result = String.UnicodeScalarView()
        while let c = current {
            i += 1
            switch c {
            case "\"":
                return String(result)
            case "\\":
                guard let e = current else { break }
                i += 1
                switch e {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "u": result.append(try parseUnicodeEscape(digits: 4))
                case "U": result.append(try parseUnicodeEscape(digits: 8))
                default: throw error("invalid escape '\\\(e)' in a string (use \\\" \\\\ \\n \\t \\r \\b \\f \\uXXXX or \\UXXXXXXXX)")
                }
            default:
                if Self.isControl(c) { throw error(controlMessage(c)) }
                result.append(c)
            }
        }
        throw error("unterminated string (a basic string ends with \" on the same line)")
    }

    mutating func parseUnicodeEscape(digits: Int) throws(ConfigurationError) -> Unicode.Scalar {
        let letter = digits == 4 ? "u" : "U"
        guard i + digits <= s.count else { throw error("\\\(letter) needs \(digits) hexadecimal digits") }
        let hex = String(String.UnicodeScalarView(s[i..<(i + digits)]))
        guard hex.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }), let value = UInt32(hex, radix: 16) else {
            throw error("\\\(letter) needs \(digits) hexadecimal digits, not '\(hex)'")
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("\\\(letter)\(hex) is not a Unicode scalar value")
        }
        i += digits
        return scalar
    }

    mutating func parseLiteralString() throws(ConfigurationError) -> String {
        if i + 2 < s.count, s[i + 1] == "'", s[i + 2] == "'" {
            throw error("multi-line strings (''') are not supported")
        }
        i += 1
        var result = String.UnicodeScalarView()
        while let c = current {
            i += 1
            if c == "'" { return String(result) }
            if Self.isControl(c) { throw error(controlMessage(c)) }
            result.append(c)
        }
        throw error("unterminated string (a literal string ends with ' on the same line)")
    }
}
