import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// Records too long to parse whole for the screen (a million columns, a field of gigabytes) are
/// read by field, within their first 16 MiB: what the UI thread reads of one record is bounded.
@Suite("Long records") struct LongRecordTests {
    /// A field's text and how it is written in the file.
    static func randomField(_ random: inout SplitMix64) -> (text: String, written: String) {
        switch random.next() % 8 {
        case 0: return ("", "")
        case 1: return ("a, \"quoted\"\nline", "\"a, \"\"quoted\"\"\nline\"")
        case 2:
            let text = String(repeating: "é,", count: Int(random.next() % 40))
            return (text, "\"\(text)\"")
        case 3:
            let number = "\(random.next() % 100_000)"
            return (number, number)
        default:
            let text = "w\(random.next() % 1000)"
            return (text, text)
        }
    }

    /// The starts of every `stride`th field, found one byte at a time (the reference).
    static func naiveFieldStarts(_ bytes: [UInt8], stride: Int) -> [Int] {
        var starts = [0], delimiters = 0, inQuotes = false
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == UInt8(ascii: ",") {
                    delimiters += 1
                    if delimiters % stride == 0 { starts.append(i + 1) }
                } else if byte == 0x0A || byte == 0x0D {
                    break
                }
            }
        }
        return starts
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func fieldStartsMatchAByteByByteScan(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = Int(random.next() % 3000)
        var record = (0..<count).map { _ in Self.randomField(&random).written }.joined(separator: ",")
        if random.next() % 2 == 0 { record += "\r\nnext,record" }
        let bytes = Array(record.utf8)
        let stride = [1, 2, 7, 64, 256][Int(random.next() % 5)]
        let found = bytes.withUnsafeBytes { RowIndexer.fieldStarts($0, quote: UInt8(ascii: "\""), delimiter: UInt8(ascii: ","), every: stride) }
        #expect(found == Self.naiveFieldStarts(bytes, stride: stride), "seed \(seed), stride \(stride)")
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func everyFieldOfAWideRecordReadsAsWritten(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fields = (0..<30_000).map { _ in Self.randomField(&random) }
        let written = fields.map(\.written).joined(separator: ",")
        #expect(written.utf8.count > CSVFileDataSource.longRecordBytes)
        let header = (0..<fields.count).map { "c\($0)" }.joined(separator: ",")
        let source = try CSVFileDataSource(path: temporaryFile(Array("\(header)\n\(written)\nlast,row\n".utf8)))
        source.indexAll()
        #expect(source.rowCount == 2)
        // In order (each from where the last ended), in strides (from the recorded starts),
        // backwards, and the last one.
        let order = Array(0..<600) + Array(stride(from: 600, to: fields.count, by: 37)) + Array((1_000..<1_300).reversed())
        for column in order + [fields.count - 1] {
            #expect(source.value(row: 0, column: column) == DataTableValueType(fieldText: fields[column].text), "column \(column)")
            #expect(!source.isValueCut(row: 0, column: column))
        }
        // A short row after it is read whole, as before.
        #expect(source.value(row: 1, column: 1) == .string("row"))
        #expect(source.value(row: 1, column: 2) == .null)
    }

    @Test func aRecordLongerThanTheWindowShowsItsStartAndSaysWhatWasNotRead() throws {
        var text = Array("id,big,after\n1,".utf8)
        text += [UInt8](repeating: UInt8(ascii: "x"), count: 24 << 20)
        text += Array(",tail\n2,small,ok\n".utf8)
        let source = try CSVFileDataSource(path: temporaryFile(text))
        source.indexAll()
        #expect(source.value(row: 0, column: 0) == .int(1))
        guard case .string(let shown) = source.value(row: 0, column: 1) else { Issue.record("not text"); return }
        // The field's first 64 KiB, and that it is longer than what the screen reads.
        #expect(shown == String(repeating: "x", count: CSVFileDataSource.displayFieldLimit) + "… [64 KiB of more than 16 MiB shown]")
        #expect(source.isValueCut(row: 0, column: 1))
        #expect(source.value(row: 0, column: 2) == .string("… [not read: past the first 16 MiB of a 24 MiB record]"))
        // The whole-value readers still read it all.
        #expect(source.text(row: 0, column: 2) == "tail")
        #expect(source.value(row: 1, column: 2) == .string("ok"))
    }

    @Test func aShortRecordInAFileOfLongOnesIsUntouched() throws {
        let long = (0..<20_000).map { "v\($0)" }.joined(separator: ",")
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b\n\(long)\nx,\"y,z\"\n".utf8)))
        source.indexAll()
        #expect(source.value(row: 0, column: 19_999) == .string("v19999"))
        #expect(source.value(row: 0, column: 20_000) == .null)
        #expect(source.value(row: 1, column: 1) == .string("y,z"))
    }
}
