/// CSV and TSV: a header record of the titles, then one record per row, LF-terminated; fields
/// quoted by `CSVField` with the delimiter. The bytes of a field are written as they are.
struct DelimitedFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]
    let delimiter: UInt8

    func writeHeader(into output: inout [UInt8]) {
        writeRow(columns.map(\.title), position: 0, into: &output)
    }

    func writeRow(_ fields: [UnsafeRawBufferPointer], position: Int, into output: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { output.append(delimiter) }
            CSVField.append(field, delimiter: delimiter, to: &output)
        }
        output.append(0x0A)
    }

    func writeFooter(rowCount: Int, into output: inout [UInt8]) {}
}

/// JSON (an array, one object per line) and JSON Lines (one object per line), keyed by
/// `TableFormatKeys`, values typed by the column (`TableFormatColumn`). Text that is not UTF-8
/// is written with U+FFFD for the bytes that are not, as a JSON reader requires.
struct JSONFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]
    let linePerRow: Bool
    /// The keys, each encoded as a JSON string followed by `:`, one after another; key `i` is
    /// `keyBytes[keyEnds[i - 1]..<keyEnds[i]]` (flat: no array to retain per field).
    let keyBytes: [UInt8]
    let keyEnds: [Int]
    /// How each column's values are typed, without references (nothing to retain per field
    /// when workers write rows at once).
    let typings: [Typing]
    /// The columns' distinct sets of null tokens (one, usually), indexed by `Typing.nullSet`.
    let nullSets: [NullTokens]

    /// A column's typing: its kind and the decimal separator its numbers are read with (all
    /// of the format that numbers and booleans use). Trivial: copied without retains.
    struct Typing {
        var kind: SortKeyKind
        var decimalSeparator: UInt8
        var nullSet: Int
    }

    init(columns: [TableFormatColumn], linePerRow: Bool) {
        self.columns = columns
        self.linePerRow = linePerRow
        var keyBytes: [UInt8] = []
        var keyEnds: [Int] = []
        for var key in TableFormatKeys.unique(columns.map(\.title)) {
            key.withUTF8 { JSONFormatWriter.appendString(UnsafeRawBufferPointer($0), to: &keyBytes) }
            keyBytes.append(UInt8(ascii: ":"))
            keyEnds.append(keyBytes.count)
        }
        self.keyBytes = keyBytes
        self.keyEnds = keyEnds
        var sets: [NullTokens] = []
        typings = columns.map { column in
            let set = sets.firstIndex(of: column.nullTokens) ?? { sets.append(column.nullTokens); return sets.count - 1 }()
            return Typing(kind: column.kind, decimalSeparator: column.format.decimalSeparator, nullSet: set)
        }
        nullSets = sets
    }

    func writeHeader(into output: inout [UInt8]) {
        if !linePerRow { output.append(UInt8(ascii: "[")) }
    }

    func writeRow(_ fields: [UnsafeRawBufferPointer], position: Int, into output: inout [UInt8]) {
        if !linePerRow {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.append(0x0A)
        }
        output.append(UInt8(ascii: "{"))
        typings.withUnsafeBufferPointer { typings in
            keyBytes.withUnsafeBytes { keyBytes in
                keyEnds.withUnsafeBufferPointer { keyEnds in
                nullSets.withUnsafeBufferPointer { nullSets in
                    for i in 0..<min(fields.count, typings.count) {
                        if i > 0 { output.append(UInt8(ascii: ",")) }
                        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: keyBytes[(i == 0 ? 0 : keyEnds[i - 1])..<keyEnds[i]]))
                        let typing = typings[i]
                        let numeric = typing.kind == .integer || typing.kind == .decimal
                        if nullSets[typing.nullSet].isNull(fields[i], numeric: numeric, blankIsNull: typing.kind != .text) {
                            output.append(contentsOf: "null".utf8)
                        } else {
                            Self.appendValue(fields[i], kind: typing.kind,
                                             format: ValueFormat(decimalSeparator: typing.decimalSeparator), to: &output)
                        }
                    }
                }
                }
            }
        }
        output.append(UInt8(ascii: "}"))
        if linePerRow { output.append(0x0A) }
    }

    func writeFooter(rowCount: Int, into output: inout [UInt8]) {
        if !linePerRow { output.append(contentsOf: rowCount == 0 ? Array("]\n".utf8) : Array("\n]\n".utf8)) }
    }

    /// `field` (not null) typed by `kind`: a number, a boolean, else a string.
    @inline(__always)
    static func appendValue(_ field: UnsafeRawBufferPointer, kind: SortKeyKind, format: ValueFormat, to output: inout [UInt8]) {
        switch kind {
        case .integer, .decimal:
            if let integer = ValueParsing.integer(field, format: format) {
                appendInteger(integer, to: &output)
                return
            }
            // A Double holds 15 significant digits exactly: a value written with more (a long
            // integer, many decimals) stays a string rather than be changed silently.
            if let number = ValueParsing.decimal(field, format: format), number.isFinite,
               significantDigitCount(field) <= 15 {
                output.append(contentsOf: "\(number)".utf8)
                return
            }
        case .boolean:
            if let value = ValueParsing.boolean(field, format: format) {
                output.append(contentsOf: (value ? "true" : "false").utf8)
                return
            }
        case .dateTime, .text:
            break
        }
        appendString(field, to: &output)
    }

    /// `value` in decimal digits, without making a String.
    @inline(__always)
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.min has 19 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// The digits of `field` after its leading zeros (an exponent's digits included: a bound,
    /// not an exact count). - Complexity: O(n).
    static func significantDigitCount(_ field: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in field where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
        }
        return count
    }

    /// `field` as a JSON string: quotes and backslashes escaped, control characters as `\n`,
    /// `\r`, `\t` or `\u00XX`, bytes that are not UTF-8 as U+FFFD.
    static func appendString(_ field: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if TableFormatText.isASCII(field) {
            appendEscaped(field, to: &output)
        } else {
            var text = String(decoding: field, as: UTF8.self)
            text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string holding `bytes` (UTF-8).
    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        var runStart = 0
        for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            runStart = i + 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
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
/// `<br>` (a cell is one line); bytes that are not UTF-8 as U+FFFD.
struct MarkdownFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]

    func writeHeader(into output: inout [UInt8]) {
        writeRow(columns.map(\.title), position: 0, into: &output)
        output.append(UInt8(ascii: "|"))
        for _ in columns { output.append(contentsOf: " --- |".utf8) }
        output.append(0x0A)
    }

    func writeRow(_ fields: [UnsafeRawBufferPointer], position: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "|"))
        for field in fields {
            output.append(UInt8(ascii: " "))
            if TableFormatText.isASCII(field) {
                Self.appendEscaped(field, to: &output)
            } else {
                var text = String(decoding: field, as: UTF8.self)
                text.withUTF8 { Self.appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
            }
            output.append(contentsOf: " |".utf8)
        }
        output.append(0x0A)
    }

    func writeFooter(rowCount: Int, into output: inout [UInt8]) {}

    /// A cell's text (UTF-8) with `|` and `\\` escaped and line breaks (CR LF, LF, CR) as `<br>`.
    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var runStart = 0
        for (i, byte) in bytes.enumerated()
        where byte == UInt8(ascii: "|") || byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            runStart = i + 1
            switch byte {
            case 0x0D: output.append(contentsOf: "<br>".utf8)
            case 0x0A: if i == 0 || bytes[i - 1] != 0x0D { output.append(contentsOf: "<br>".utf8) }
            default: output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    }
}

/// An HTML table: `&`, `<`, `>`, `"` and `'` written as entities; bytes that are not UTF-8 as
/// U+FFFD.
struct HTMLFormatWriter: TableFormatWriter {
    let columns: [TableFormatColumn]

    func writeHeader(into output: inout [UInt8]) {
        output.append(contentsOf: "<table>\n<thead>\n<tr>".utf8)
        for column in columns {
            var title = column.title
            title.withUTF8 { cell("th", UnsafeRawBufferPointer($0), into: &output) }
        }
        output.append(contentsOf: "</tr>\n</thead>\n<tbody>\n".utf8)
    }

    func writeRow(_ fields: [UnsafeRawBufferPointer], position: Int, into output: inout [UInt8]) {
        output.append(contentsOf: "<tr>".utf8)
        for field in fields { cell("td", field, into: &output) }
        output.append(contentsOf: "</tr>\n".utf8)
    }

    func writeFooter(rowCount: Int, into output: inout [UInt8]) {
        output.append(contentsOf: "</tbody>\n</table>\n".utf8)
    }

    private func cell(_ tag: StaticString, _ text: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: UnsafeRawBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount))
        output.append(UInt8(ascii: ">"))
        Self.appendEscaped(text, to: &output)
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: UnsafeRawBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount))
        output.append(UInt8(ascii: ">"))
    }

    /// `text` with the five characters HTML gives meaning to written as entities.
    static func appendEscaped(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        if TableFormatText.isASCII(text) {
            appendEntities(text, to: &output)
        } else {
            var valid = String(decoding: text, as: UTF8.self)
            valid.withUTF8 { appendEntities(UnsafeRawBufferPointer($0), to: &output) }
        }
    }

    private static func appendEntities(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var runStart = 0
        for (i, byte) in bytes.enumerated()
        where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            runStart = i + 1
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            default: output.append(contentsOf: "&#39;".utf8)
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    }
}

/// Text for the document formats (JSON, Markdown, HTML), which must be UTF-8: a field that
/// is not ASCII is written through `String(decoding:as:)`, each byte that is not part of a
/// character as U+FFFD.
enum TableFormatText {
    /// Whether every byte is below 0x80.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            if SWAR.load(base, i) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }
}
