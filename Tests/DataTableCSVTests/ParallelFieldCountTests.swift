import Testing
import TestSupport
@testable import DataTableCSV

/// The field count pass on two cores (`CSVFileDataSource+FieldCount`): cut at a record start,
/// it finds the widest record wherever it is, as one pass does, quoted delimiters and line
/// breaks included.
@Suite struct ParallelFieldCountTests {
    /// A file of more than `fieldCountPartBytes`: rows of 3 fields (some quoted, with commas,
    /// doubled quotes, LF and CRLF inside), and one row of `wideFields` fields at `wideRow`.
    static func file(rows: Int, wideRow: Int, wideFields: Int) -> [UInt8] {
        var text = "a,b,c\n"
        let filler = String(repeating: "x", count: 120)
        for row in 0..<rows {
            if row == wideRow {
                text += (0..<wideFields).map { "w\($0)" }.joined(separator: ",") + "\n"
            } else if row % 5 == 0 {
                text += "\(row),\"q, \"\"quoted\"\"\nsecond line\r\n,,,\",\(filler)\r\n"
            } else {
                text += "\(row),plain,\(filler)\n"
            }
        }
        return Array(text.utf8)
    }

    @Test("The widest record is found in either half and at the cut", arguments: [0.1, 0.5, 0.9, 1.0])
    func widestRecordAnywhere(position: Double) throws {
        let rows = 70_000
        let wideRow = min(rows - 1, Int(Double(rows) * position))
        let bytes = Self.file(rows: rows, wideRow: wideRow, wideFields: 7)
        #expect(bytes.count > CSVFileDataSource.fieldCountPartBytes)
        let source = try CSVFileDataSource(path: temporaryFile(bytes))
        source.indexAll()
        #expect(source.rowCount == rows)
        #expect(source.isFieldCountComplete)
        #expect(source.columnCount == 7)
        // Cut into two parts at a record start (the middle row's).
        let end = source.index[source.rowCount]
        let parts = source.fieldCountParts(source.dataStart..<end)
        #expect(parts.count == 2)
        #expect(parts.first?.upperBound == source.index[rows / 2])
        #expect(parts.first?.lowerBound == source.dataStart && parts.last?.upperBound == end)
    }

    @Test("Without a wider record the header's count stands")
    func noWiderRecord() throws {
        let source = try CSVFileDataSource(path: temporaryFile(Self.file(rows: 70_000, wideRow: -1, wideFields: 0)))
        source.indexAll()
        #expect(source.columnCount == 3)
    }
}
