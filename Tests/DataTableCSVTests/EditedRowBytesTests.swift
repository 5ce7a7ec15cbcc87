import Glibc
import Testing
import DataTableKit
@testable import DataTableCSV

/// Edits rewrite only the edited fields: every other byte of the file (unedited fields of an
/// edited row, invalid UTF-8, odd quoting, spacing, line terminators) is written as it was.
@Suite struct EditedRowBytesTests {
    func open(_ bytes: [UInt8], hasHeader: Bool = true) throws -> (EditableDataSource, String) {
        let path = temporaryDirectory() + "/e.csv"
        writeBytes(bytes, to: path)
        let file = try CSVFileDataSource(path: path, dialect: .comma, hasHeader: hasHeader)
        file.indexAll()
        return (EditableDataSource(base: file), path)
    }

    @Test func invalidUTF8InAnUneditedFieldIsKept() throws {
        let (source, path) = try open(Array("a,b\n".utf8) + [0xFF, 0xFE] + Array(" bad,1\n".utf8))
        #expect(source.text(row: 0, column: 0) == "\u{FFFD}\u{FFFD} bad")
        source.setField("2", row: 0, column: 1)
        try CSVTableWriter.save(source)
        #expect(readBytes(path) == Array("a,b\n".utf8) + [0xFF, 0xFE] + Array(" bad,2\n".utf8))
    }

    @Test func oddQuotingAndSpacingOfUneditedFieldsAreKept() throws {
        let original = "h1,h2,h3\n  \"q\"\"x\"tail ,\"plain\", spaced \n"
        let (source, path) = try open(Array(original.utf8))
        source.setField("new", row: 0, column: 2)
        try CSVTableWriter.save(source)
        #expect(readBytes(path) == Array("h1,h2,h3\n  \"q\"\"x\"tail ,\"plain\",new\n".utf8))
    }

    @Test func crOnlyAndMixedLineEndsStayOnEditedRows() throws {
        let (source, path) = try open(Array("a,b\r1,2\r3,4\r\n5,6\n7,8".utf8))
        for row in 0..<4 { source.setField("e\(row)", row: row, column: 0) }
        try CSVTableWriter.save(source)
        #expect(readBytes(path) == Array("a,b\re0,2\re1,4\r\ne2,6\ne3,8".utf8))
    }

    @Test func aShortRowGetsEmptyFieldsUpToTheEditedColumn() throws {
        let (source, path) = try open(Array("a,b,c\n1\r\n".utf8))
        source.setField("z", row: 0, column: 2)
        try CSVTableWriter.save(source)
        #expect(readBytes(path) == Array("a,b,c\n1,,z\r\n".utf8))
    }

    // MARK: - Property

    /// A deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// The raw bytes of one random field: plain, spaced, empty, quoted (with doubled quotes,
    /// embedded CR/LF, delimiters), quoted with text after the closing quote, invalid UTF-8.
    static func field(_ random: inout Random, first: Bool) -> [UInt8] {
        // Invalid UTF-8 now and then (the binary sniffer refuses files with more than 10%).
        let valid: [[UInt8]] = [Array("ab".utf8), Array(" x ".utf8), Array("é".utf8), Array("9.5".utf8), Array("\t".utf8),
                                Array("word".utf8)]
        let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82]]
        let pieces = valid + valid + valid + [random.pick(invalid)]
        var bytes: [UInt8] = []
        switch random.below(first ? 4 : 6) {
        case 0, 1:  // unquoted
            for _ in 0..<(1 + random.below(3)) { bytes += random.pick(pieces) }
        case 2, 3:  // quoted
            bytes = [0x22]
            for _ in 0..<random.below(4) {
                bytes += random.pick(pieces + [Array("\"\"".utf8), Array(",".utf8), [0x0A], [0x0D, 0x0A], [0x0D]])
            }
            bytes += [0x22]
            if random.below(5) == 0 { bytes += Array("tail ".utf8) }  // odd: text after the quote
        case 4:
            bytes = []  // empty
        default:
            bytes = Array("  ".utf8) + random.pick(pieces)
        }
        return bytes
    }

    /// A random record: its fields' bytes and its terminator (LF, CRLF, CR; none at the end).
    static func record(_ random: inout Random, columns: Int) -> (fields: [[UInt8]], terminator: [UInt8]) {
        let count = 1 + random.below(columns)
        let fields = (0..<count).map { field(&random, first: $0 == 0) }
        return (fields, random.pick([[0x0A], [0x0D, 0x0A], [0x0D]]))
    }

    /// An independent reading of a field's bytes as the table shows its text (quotes removed,
    /// doubled quotes undone, text after the closing quote kept).
    static func decoded(_ bytes: [UInt8]) -> String {
        guard bytes.first == 0x22 else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 1
        while i < bytes.count {
            if bytes[i] == 0x22 {
                if i + 1 < bytes.count && bytes[i + 1] == 0x22 { out.append(0x22); i += 2; continue }
                out += bytes[(i + 1)...]
                break
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: 0..<60)
    func randomEditsChangeExactlyTheEditedFields(seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 7919 &+ 1)
        let columns = 1 + random.below(5)
        // The header is as wide as the widest row, so every column is the table's.
        var header = (fields: (0..<columns).map { Array("a long column title number \($0)".utf8) }, terminator: [UInt8](random.pick([[0x0A], [0x0D, 0x0A], [0x0D]])))
        var rows = (0..<(1 + random.below(12))).map { _ in Self.record(&random, columns: columns) }
        if random.below(3) == 0 { rows[rows.count - 1].terminator = [] }  // no line end at the end
        header.terminator = header.terminator.isEmpty ? [0x0A] : header.terminator
        func bytes(_ record: (fields: [[UInt8]], terminator: [UInt8])) -> [UInt8] {
            record.fields.enumerated().flatMap { $0.offset == 0 ? $0.element : [0x2C] + $0.element } + record.terminator
        }
        let original = bytes(header) + rows.flatMap(bytes)
        let (source, path) = try open(original)
        #expect(source.rowCount == rows.count, "seed \(seed): \(String(decoding: original, as: UTF8.self).debugDescription)")
        guard source.rowCount == rows.count else { return }
        for (row, record) in rows.enumerated() {
            #expect(source.base.fields(row: row) == record.fields.map(Self.decoded), "seed \(seed) row \(row)")
        }

        // Random edits (hostile text too) and a few deletions.
        let texts = ["E", "e,1", "say \"hi\"", "two\nlines", " lead", "cr\rhere", "", "ünï", "tab\tx"]
        var expected = rows
        var deleted = Set<Int>()
        for _ in 0..<(1 + random.below(6)) {
            let row = random.below(rows.count), column = random.below(columns)
            if random.below(6) == 0 {
                source.deleteRow(row)
                deleted.insert(row)
                continue
            }
            let text = "✎" + random.pick(texts)
            source.setField(text, row: row, column: column)
            while expected[row].fields.count <= column { expected[row].fields.append([]) }
            expected[row].fields[column] = CSVField.encode(text)
        }
        try CSVTableWriter.save(source)
        let written = readBytes(path) ?? []
        let want = bytes(header) + expected.enumerated().filter { !deleted.contains($0.offset) }.flatMap { bytes($0.element) }
        #expect(written == want, "seed \(seed)\nwritten \(String(decoding: written, as: UTF8.self).debugDescription)\nwanted  \(String(decoding: want, as: UTF8.self).debugDescription)")

        // Read back: the edited fields hold the edited text, the others what they held before.
        let back = try CSVFileDataSource(path: path, dialect: .comma)
        back.indexAll()
        let kept = (0..<rows.count).filter { !deleted.contains($0) }
        #expect(back.rowCount == kept.count)
        for (i, row) in kept.enumerated() where i < back.rowCount {
            #expect(back.fields(row: i) == expected[row].fields.map(Self.decoded), "seed \(seed) row \(row)")
        }
    }
}
