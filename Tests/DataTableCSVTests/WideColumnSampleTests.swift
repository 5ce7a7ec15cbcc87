import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The kind check over the large sample reads each sampled record once (not once per column),
/// within its first 16 MiB, and measures the widths of every column.
@Suite("Column sample over wide and long records") struct WideColumnSampleTests {
    @Test func theSampleOfAWideFileReadsWhatTheColumnsHold() throws {
        let columns = 3_000
        var text = (0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
        for row in 0..<50 {
            text += (0..<columns).map { column in
                column % 3 == 0 ? "\(row * column)" : column % 3 == 1 ? "\"t,\(row)\"" : (row % 2 == 0 ? "" : "2024-01-0\(1 + row % 9)")
            }.joined(separator: ",") + "\n"
        }
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        let all = Array(0..<columns)
        let rule = ColumnKindSampler.WidthRule(modes: nil, defaultMode: .fitContentText(strategy: .maxMeasured),
                                               minWidth: 1, maxWidth: 40)
        let sample = ColumnKindSampler.sample(source: source, rowCount: source.rowCount, columns: all,
                                              nullTokens: .standard, widthRule: rule)
        for column in [0, 1, 2, 1_500, 1_501, 1_502, 2_997, 2_998, 2_999] {
            let expected: SortKeyKind = column % 3 == 0 ? .integer : column % 3 == 1 ? .text : .dateTime
            #expect(sample.kinds[column]?.kind == expected, "column \(column)")
            // The widest value, or the title with the sort indicator's cell when that is wider.
            let widest = column % 3 == 0 ? String(49 * column).count : column % 3 == 1 ? "t,49".count : "2024-01-01".count
            #expect(sample.widths[column] == max(widest, "c\(column)".count + 1), "column \(column)")
        }
    }

    @Test func raggedRowsSampleTheirMissingFieldsAsEmpty() throws {
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b,c\n1,2,3\n4\n5,6\n".utf8)))
        source.indexAll()
        let texts = ColumnKindSampler.texts(of: source, rows: [0, 1, 2], rowCount: 3, columns: [0, 2], maxBytes: 256)
        #expect(texts == [["1", "4", "5"], ["3", "", ""]])
    }

    @Test func aHugeLastRecordIsSampledWithinItsFirst16MiB() throws {
        var text = Array("n,blob\n1,a\n2,".utf8)
        text += [UInt8](repeating: UInt8(ascii: "z"), count: 20 << 20)
        text += Array(",past\n".utf8)
        let source = try CSVFileDataSource(path: temporaryFile(text))
        source.indexAll()
        let texts = ColumnKindSampler.texts(of: source, rows: [0, 1], rowCount: 2, columns: [0, 1, 2], maxBytes: 256)
        #expect(texts[0] == ["1", "2"])
        #expect(texts[1] == ["a", String(repeating: "z", count: 256)])
        // The third field starts past the bytes read: not sampled (empty), not searched for.
        #expect(texts[2] == ["", ""])
    }
}
