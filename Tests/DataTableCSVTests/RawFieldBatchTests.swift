import DataTableKit
import Testing
import TestSupport
@testable import DataTableCSV

/// `CSVFileDataSource.readRawFields(column:rows:into:)` (the batch reader: the AVX2 kernel, and
/// the cursor for what it leaves) against a plain reader written here, on random files shaped
/// like what R, pandas and Excel write: quoted fields with doubled quotes, embedded LF and CRLF,
/// CRLF terminators, short rows, long fields that cross several 64-byte steps, multi-byte
/// UTF-8; every column and one past the widest, batches of random sizes crossing the row
/// index's 4,096-row blocks, with the kernel and without it.
@Suite(.serialized) struct RawFieldBatchTests {
    /// The records of `bytes` and each one's fields, quotes included, by the rule written out
    /// byte by byte: a quote toggles quoting, a delimiter outside quotes ends a field, LF, CRLF
    /// or CR outside quotes ends a record.
    static func plainFields(_ bytes: [UInt8], delimiter: UInt8, quote: UInt8) -> [[[UInt8]]] {
        var records: [[[UInt8]]] = [], fields: [[UInt8]] = [], field: [UInt8] = []
        var inQuotes = false, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == quote {
                inQuotes.toggle()
                field.append(byte)
            } else if !inQuotes && byte == delimiter {
                fields.append(field)
                field = []
            } else if !inQuotes && (byte == 0x0A || byte == 0x0D) {
                fields.append(field)
                records.append(fields)
                fields = []
                field = []
                if byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
            } else {
                field.append(byte)
            }
            i += 1
        }
        if !field.isEmpty || !fields.isEmpty { records.append(fields + [field]) }
        return records
    }

    /// A random file of `rows` records of up to `columns` fields (some rows shorter); `short`:
    /// fields of a few bytes, so that most records' fields end in their first 64 bytes.
    static func randomFile(rows: Int, columns: Int, delimiter: UInt8, quote: UInt8, short: Bool = false,
                           random: inout SplitMix64) -> [UInt8] {
        let plain: [[UInt8]] = short
            ? [Array("12".utf8), Array("-3.5".utf8), Array("Zoë".utf8), [], Array("ab".utf8)]
            : [Array("12".utf8), Array("-3.50".utf8), Array("2021-03-04".utf8), Array("Zoë".utf8),
               Array("grace.okafor6766@corp.example.co.uk".utf8), [], Array("日本語のテキスト".utf8),
               Array(String(repeating: "long text ", count: 9).utf8)]
        var bytes: [UInt8] = []
        for _ in 0..<rows {
            let width = random.next() % 10 == 0 ? 1 + Int(random.next() % UInt64(columns)) : columns
            for column in 0..<width {
                if column > 0 { bytes.append(delimiter) }
                let r = random.next() % 100
                if r < 12 {
                    // A quoted field: doubled quotes, delimiters, LF, CRLF inside.
                    var inner: [UInt8] = []
                    for _ in 0..<(1 + random.next() % 5) {
                        let pieces: [[UInt8]] = [[quote, quote], [delimiter], [0x0A], [0x0D, 0x0A], Array("see ticket".utf8),
                                                 Array(String(repeating: "x", count: short ? 3 : 70).utf8)]
                        inner += pieces[Int(random.next() % UInt64(pieces.count))]
                    }
                    bytes += [quote] + inner + [quote]
                } else {
                    bytes += plain[Int(random.next() % UInt64(plain.count))]
                }
            }
            bytes += random.next() % 3 == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    static func check(kernel: Bool, delimiter: UInt8, quote: UInt8, seed: UInt64, short: Bool = false) throws {
        var random = SplitMix64(state: seed)
        let columns = 7
        let bytes = randomFile(rows: 9_000, columns: columns, delimiter: delimiter, quote: quote, short: short, random: &random)
        let expected = plainFields(bytes, delimiter: delimiter, quote: quote)
        let source = try CSVFileDataSource(path: temporaryFile(bytes), dialect: CSVDialect(delimiter: delimiter, quote: quote),
                                           hasHeader: false)
        source.indexAll()
        try #require(source.rowCount == expected.count)
        let saved = CSVFileDataSource.fieldKernel
        CSVFileDataSource.fieldKernel = kernel && saved
        defer { CSVFileDataSource.fieldKernel = saved }
        var batch = RawFieldBatch.allocate(capacity: 5_000)
        defer { batch.deallocate() }
        var mismatches = 0, missing = 0
        for column in 0...columns {
            var lower = 0
            // Past the last row too: those read as rows with fewer fields.
            while lower < expected.count + 3 {
                let upper = min(lower + 1 + Int(random.next() % 5_000), expected.count + 3)
                #expect(source.readRawFields(column: column, rows: lower..<upper, into: &batch))
                for row in lower..<upper {
                    let field = batch.field(row)
                    let want = row < expected.count && column < expected[row].count ? expected[row][column] : nil
                    if let want {
                        if Array(field) != want { mismatches += 1 }
                    } else {
                        if field.baseAddress != nil || field.count != 0 { mismatches += 1 }
                        missing += 1
                    }
                }
                lower = upper
            }
        }
        #expect(mismatches == 0)
        // The file has short rows, so some fields are missing.
        #expect(missing > columns * 3)
    }

    @Test(arguments: [(UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: ";"), UInt8(ascii: "\"")),
                      (UInt8(ascii: "\t"), UInt8(ascii: "'"))])
    func theKernelMatchesThePlainReader(delimiter: UInt8, quote: UInt8) throws {
        try Self.check(kernel: true, delimiter: delimiter, quote: quote, seed: UInt64(delimiter) << 8 | UInt64(quote))
    }

    /// Short records: the kernel's 64-byte path finds most fields (quotes, delimiters inside
    /// quotes, terminators and short rows in the first 64 bytes).
    @Test(arguments: [(UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: "\t"), UInt8(ascii: "'"))])
    func theKernelMatchesThePlainReaderOnShortRecords(delimiter: UInt8, quote: UInt8) throws {
        try Self.check(kernel: true, delimiter: delimiter, quote: quote, seed: 64 + UInt64(delimiter), short: true)
    }

    @Test func theCursorPathMatchesThePlainReader() throws {
        try Self.check(kernel: false, delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""), seed: 7)
    }

    /// The batch keys are the keys of the per-row reader, which the sort used before.
    @Test func sortKeysFromBatchesMatchThePerRowReader() throws {
        var random = SplitMix64(state: 11)
        let bytes = Self.randomFile(rows: 9_000, columns: 5, delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""),
                                    random: &random)
        let source = try CSVFileDataSource(path: temporaryFile(bytes), hasHeader: false)
        source.indexAll()
        for column in 0..<6 {
            for kind in [SortKeyKind.decimal, .dateTime, .text] {
                let reader = try #require(source.makeRawFieldReader(column: column, rowCount: source.rowCount))
                let perRow = SortKeyColumn.extract(kind: kind, count: source.rowCount, csvQuoted: true, field: reader)
                let batched = try #require(SortKeyColumn.extract(kind: kind, count: source.rowCount, records: source, column: column))
                let rows = (0..<UInt32(source.rowCount)).map { $0 }
                #expect(RowSorter.sort(rows, by: [(batched, ascending: true)]) == RowSorter.sort(rows, by: [(perRow, ascending: true)]))
                #expect(batched.nullCount == perRow.nullCount && batched.strayCount == perRow.strayCount)
            }
        }
    }
}
