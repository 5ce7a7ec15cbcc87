/// CSV and TSV: a header record of the titles, then one record per row, LF-terminated; fields
/// quoted by `CSVField` with the delimiter.
struct DelimitedFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]
    let delimiter: UInt8

    func writeHeader(into output: inout [UInt8]) {
        writeRow(columns.map(\.title), into: &output)
    }

    func writeRow(_ fields: [String], into output: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { output.append(delimiter) }
            output.append(contentsOf: CSVField.encode(field, delimiter: delimiter))
        }
        output.append(0x0A)
    }

    func writeFooter(into output: inout [UInt8]) {}
}

/// JSON (an array, one object per line) and JSON Lines (one object per line), keyed by
/// `TableFormatWriterKeys`, values typed by the column (`TableFormatColumn`).
struct JSONFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]
    let linePerRow: Bool
    /// Each key already encoded as a JSON string followed by `:`.
    let keys: [[UInt8]]
    var rowsWritten = 0

    init(columns: [TableFormatColumn], linePerRow: Bool) {
        self.columns = columns
        self.linePerRow = linePerRow
        keys = TableFormatKeys.unique(columns.map(\.title)).map { key in
            var bytes: [UInt8] = []
            JSONFormatWriter.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            return bytes
        }
    }

    func writeHeader(into output: inout [UInt8]) {
        if !linePerRow { output.append(UInt8(ascii: "[")) }
    }

    mutating func writeRow(_ fields: [String], into output: inout [UInt8]) {
        if !linePerRow { output.append(contentsOf: rowsWritten == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A]) }
        output.append(UInt8(ascii: "{"))
        for (i, field) in fields.enumerated() where i < columns.count {
            if i > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: keys[i])
            Self.appendValue(field, column: columns[i], to: &output)
        }
        output.append(UInt8(ascii: "}"))
        if linePerRow { output.append(0x0A) }
        rowsWritten += 1
    }

    func writeFooter(into output: inout [UInt8]) {
        if !linePerRow { output.append(contentsOf: rowsWritten == 0 ? Array("]\n".utf8) : Array("\n]\n".utf8)) }
    }

    /// `text` typed by `column`: null, a number, a boolean, else a string.
    static func appendValue(_ text: String, column: TableFormatColumn, to output: inout [UInt8]) {
        let numeric = column.kind == .integer || column.kind == .decimal
        if column.nullTokens.isNull(text, numeric: numeric, blankIsNull: column.kind != .text) {
            output.append(contentsOf: "null".utf8)
            return
        }
        switch column.kind {
        case .integer, .decimal:
            if let integer = ValueParsing.integer(text, format: column.format) {
                output.append(contentsOf: String(integer).utf8)
                return
            }
            // A Double holds 15 significant digits exactly: a value written with more (a long
            // integer, many decimals) stays a string rather than be changed silently.
            if let number = ValueParsing.decimal(text, format: column.format), number.isFinite,
               significantDigitCount(text) <= 15 {
                output.append(contentsOf: "\(number)".utf8)
                return
            }
        case .boolean:
            if let value = ValueParsing.boolean(text, format: column.format) {
                output.append(contentsOf: (value ? "true" : "false").utf8)
                return
            }
        case .dateTime, .text:
            break
        }
        appendString(text, to: &output)
    }

    /// The digits of `text` after its leading zeros (an exponent's digits included: a bound,
    /// not an exact count). - Complexity: O(n).
    static func significantDigitCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
        }
        return count
    }

    /// `text` as a JSON string: quotes and backslashes escaped, control characters as `\n`,
    /// `\r`, `\t` or `\u00XX` (a String holds no invalid UTF-8: bytes that were not UTF-8 were
    /// read as U+FFFD).
    static func appendString(_ text: String, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Object keys for column titles: each title as it is, an empty title as `column N` (its
/// position among the columns written, from 1), and a title met before with `_2`, `_3`, ...
/// appended (the first keeps the plain title), so no key is lost to a duplicate.
enum TableFormatKeys {
    static func unique(_ titles: [String]) -> [String] {
        var used = Set<String>()
        var keys: [String] = []
        for (i, title) in titles.enumerated() {
            let base = title.isEmpty ? "column \(i + 1)" : title
            var key = base
            var n = 2
            while used.contains(key) {
                key = "\(base)_\(n)"
                n += 1
            }
            used.insert(key)
            keys.append(key)
        }
        return keys
    }
}

/// A GitHub-flavoured Markdown table: `|` escaped as `\|`, a backslash as `\\`, line breaks as
/// `<br>` (a cell is one line).
struct MarkdownFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]

    func writeHeader(into output: inout [UInt8]) {
        writeRow(columns.map(\.title), into: &output)
        output.append(UInt8(ascii: "|"))
        for _ in columns { output.append(contentsOf: " --- |".utf8) }
        output.append(0x0A)
    }

    func writeRow(_ fields: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "|"))
        for field in fields {
            output.append(UInt8(ascii: " "))
            var lastWasCR = false
            for byte in field.utf8 {
                switch byte {
                case UInt8(ascii: "|"), UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case 0x0D: output.append(contentsOf: "<br>".utf8)
                case 0x0A: if !lastWasCR { output.append(contentsOf: "<br>".utf8) }
                default: output.append(byte)
                }
                lastWasCR = byte == 0x0D
            }
            output.append(contentsOf: " |".utf8)
        }
        output.append(0x0A)
    }

    func writeFooter(into output: inout [UInt8]) {}
}

/// An HTML table: `&`, `<`, `>`, `"` and `'` written as entities.
struct HTMLFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]

    func writeHeader(into output: inout [UInt8]) {
        output.append(contentsOf: "<table>\n<thead>\n<tr>".utf8)
        for column in columns { cell("th", column.title, into: &output) }
        output.append(contentsOf: "</tr>\n</thead>\n<tbody>\n".utf8)
    }

    func writeRow(_ fields: [String], into output: inout [UInt8]) {
        output.append(contentsOf: "<tr>".utf8)
        for field in fields { cell("td", field, into: &output) }
        output.append(contentsOf: "</tr>\n".utf8)
    }

    func writeFooter(into output: inout [UInt8]) {
        output.append(contentsOf: "</tbody>\n</table>\n".utf8)
    }

    private func cell(_ tag: String, _ text: String, into output: inout [UInt8]) {
        output.append(contentsOf: "<\(tag)>".utf8)
        Self.appendEscaped(text, to: &output)
        output.append(contentsOf: "</\(tag)>".utf8)
    }

    /// `text` with the five characters HTML gives meaning to written as entities.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }
}
