import Testing
@testable import DataTableCSV
@testable import DataTableKit

/// The wrappers a viewer puts around a file hand its raw field batches through: the editable
/// layer for columns without edits (asked at each batch, so a column edited between two batches
/// reads no more of them), the live layer always, the appending layer for the base's columns.
@Suite struct RawFieldBatchForwardingTests {
    static let csv = Array("id,name,note\n1,ada,\"x, y\"\n2,\"bo \"\"b\"\"\",z\n3,cy,\n".utf8)

    /// Field `column` of rows 0..<4 (one past the end) as `records` reads them in one batch,
    /// or nil when it reads no batches.
    static func batch(_ records: DataTableRawRecords, column: Int) -> [[UInt8]]? {
        var batch = RawFieldBatch.allocate(capacity: 8)
        defer { batch.deallocate() }
        guard records.readRawFields(column: column, rows: 0..<4, into: &batch) else { return nil }
        return (0..<4).map { Array(batch.field($0)) }
    }

    @Test func wrappersHandTheFilesBatchesThrough() throws {
        let file = try indexedCSVFile(Self.csv, prefix: "batch-forwarding")
        let expected: [[[UInt8]]] = [
            [Array("1".utf8), Array("2".utf8), Array("3".utf8), []],
            [Array("ada".utf8), Array("\"bo \"\"b\"\"\"".utf8), Array("cy".utf8), []],
            [Array("\"x, y\"".utf8), Array("z".utf8), [], []],
        ]
        for column in 0..<3 {
            #expect(Self.batch(file, column: column) == expected[column])
            #expect(Self.batch(LiveDataSource(file), column: column) == expected[column])
            #expect(Self.batch(AppendingColumnsDataSource(base: file, appendedTitles: ["extra"]), column: column) == expected[column])
        }
        #expect(Self.batch(AppendingColumnsDataSource(base: file, appendedTitles: ["extra"]), column: 3) == nil)
        let editable = EditableDataSource(base: file)
        #expect(Self.batch(editable, column: 1) == expected[1])
        editable.setField("edited", row: 0, column: 1)
        #expect(Self.batch(editable, column: 1) == nil)
        #expect(Self.batch(editable, column: 2) == expected[2])
    }
}
