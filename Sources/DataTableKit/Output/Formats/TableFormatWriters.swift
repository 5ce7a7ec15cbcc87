import TerminalSurface

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
            // Written as a JSON number already (most numbers in a file): its bytes, exact.
            if format.decimalSeparator == UInt8(ascii: "."), isJSONNumber(field) {
                output.append(contentsOf: field)
                return
            }
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

    /// Whether `field` is a JSON number as it stands (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`)
    /// that a Double holds: an integer of at most 18 digits, or at most 15 significant digits
    /// and an exponent of at most 2 digits (the rule of the typed path, which keeps longer ones
    /// as strings).
    @inline(__always)
    static func isJSONNumber(_ field: UnsafeRawBufferPointer) -> Bool {
        let n = field.count
        var i = 0
        if i < n, field[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        while i < n, field[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        let integerDigits = i - integerStart
        guard integerDigits > 0, integerDigits == 1 || field[integerStart] != UInt8(ascii: "0") else { return false }
        if i == n { return integerDigits <= 18 }
        if field[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, field[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            guard i > fractionStart else { return false }
        }
        if i < n, field[i] == UInt8(ascii: "e") || field[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, field[i] == UInt8(ascii: "+") || field[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < n, field[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            guard i > exponentStart, i - exponentStart <= 2 else { return false }  // a Double holds 1e±99
        }
        return i == n && significantDigitCount(field) <= 15
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
        let hex: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "\""))
        // Bytes >= 0x80 are flagged too, and kept.
        TableFormatText.appendEscaping(field, to: &output, flags: { word in
            SWAR.notPrintableASCII(word) | SWAR.matches(word, SWAR.broadcast(0x22)) | SWAR.matches(word, SWAR.broadcast(0x5C))
        }, escapes: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }, write: { byte, _, _, output in
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
        })
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
            Self.appendEscaped(field, to: &output)
            output.append(contentsOf: " |".utf8)
        }
        output.append(0x0A)
    }

    func writeFooter(rowCount: Int, into output: inout [UInt8]) {}

    /// A cell's text with `|` and `\\` escaped and line breaks (CR LF, LF, CR) as `<br>`.
    private static func appendEscaped(_ field: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        TableFormatText.appendEscaping(field, to: &output, flags: { word in
            SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "|"))) | SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "\\")))
                | SWAR.matches(word, SWAR.broadcast(0x0A)) | SWAR.matches(word, SWAR.broadcast(0x0D))
        }, escapes: { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "\\") || $0 == 0x0A || $0 == 0x0D },
        write: { byte, i, bytes, output in
            switch byte {
            case 0x0D: output.append(contentsOf: "<br>".utf8)
            case 0x0A: if i == 0 || bytes[i - 1] != 0x0D { output.append(contentsOf: "<br>".utf8) }  // CR LF: one
            default: output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            }
        })
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
        TableFormatText.appendEscaping(text, to: &output, flags: { word in
            SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "&"))) | SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "<")))
                | SWAR.matches(word, SWAR.broadcast(UInt8(ascii: ">"))) | SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "\"")))
                | SWAR.matches(word, SWAR.broadcast(UInt8(ascii: "'")))
        }, escapes: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
            || $0 == UInt8(ascii: "'") }, write: { byte, _, _, output in
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: entity = "&#39;"
            }
            output.append(contentsOf: UnsafeRawBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
        })
    }
}

/// Text for the document formats (JSON, Markdown, HTML), which must be UTF-8: a field that
/// is not is written through `String(decoding:as:)`, each byte that is not part of a character
/// as U+FFFD.
enum TableFormatText {
    /// Whether `bytes` are UTF-8 (shortest forms, no surrogates, at most U+10FFFF), without
    /// making a String; ASCII checked 8 bytes at a time.
    /// - Complexity: O(n).
    @inline(__always)
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ASCIIBytes.allASCII(bytes) || validatesMultibyte(bytes)
    }

    /// Appends `field` to `output`, each byte `escapes` picks written by `write(byte, index,
    /// bytes, &output)` instead. Only bytes `flags` may mark are looked at: `flags(word)` sets
    /// top bits at or before the first such byte of 8, so the runs between are found a word at
    /// a time and copied whole. Text that is not UTF-8 is first decoded, each byte not part of
    /// a character as U+FFFD. The one escape loop of JSON, Markdown and HTML.
    @inline(__always)
    static func appendEscaping(_ field: UnsafeRawBufferPointer, to output: inout [UInt8], flags: (UInt64) -> UInt64,
                               escapes: (UInt8) -> Bool, write: (UInt8, Int, UnsafeRawBufferPointer, inout [UInt8]) -> Void) {
        guard isValidUTF8(field) else {
            var text = String(decoding: field, as: UTF8.self)
            text.withUTF8 { appendEscaping(UnsafeRawBufferPointer($0), to: &output, flags: flags, escapes: escapes, write: write) }
            return
        }
        let n = field.count
        var i = 0
        var runStart = 0
        while i < n {
            if let base = field.baseAddress, i + 8 <= n {
                let marked = flags(SWAR.load(base, i)) & SWAR.highs
                if marked == 0 {
                    i += 8
                    continue
                }
                i += SWAR.firstByte(marked)
            }
            let byte = field[i]
            if escapes(byte) {
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[runStart..<i]))
                write(byte, i, field, &output)
                runStart = i + 1
            }
            i += 1
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[runStart...]))
    }

    private static func validatesMultibyte(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let count: Int, lowest: UInt32
            switch lead {
            case 0xC2...0xDF: count = 1; lowest = 0x80
            case 0xE0...0xEF: count = 2; lowest = 0x800
            case 0xF0...0xF4: count = 3; lowest = 0x10000
            default: return false
            }
            guard i + count < n else { return false }
            var scalar = UInt32(lead) & (0x3F >> UInt32(count))
            for k in 1...count {
                let byte = bytes[i + k]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            i += count + 1
        }
        return true
    }
}
