import Foundation
import Testing
import TestSupport
@testable import DataTableKit
@testable import DataTableCSV

/// Every format written from a file's raw records on two threads, in batches, gives the bytes
/// the one-row-at-a-time path gives from the rows' strings, and JSON read back by
/// `JSONSerialization` holds what Python's csv module reads from the file.
@Suite struct FormatsFromRawRecordsTests {
    /// Rows shaped like a spreadsheet export: a BOM, CRLF, quoted fields with commas, doubled
    /// quotes and line breaks, non-ASCII text, empty fields, NA, decimals and booleans; more
    /// rows than three of the raw path's batches.
    static let rowCount = TableFormatOutput.rawBatchRows * 3 + 17
    static let file: String = {
        var random = SplitMix64(seed: 22)
        var text = "\u{FEFF}id,name,amount,ok\r\n"
        let names = ["Ada", "\"Smith, J.\"", "\"say \"\"hi\"\"\"", "東京", "\"two\nlines\"", "", "NA", "a|b<c>&'d'", "tab\there"]
        for i in 0..<rowCount {
            let name = names[Int(random.next() % UInt64(names.count))]
            let amount = random.next() % 7 == 0 ? "" : "\(Int(random.next() % 100_000)).\(Int(random.next() % 100))"
            text += "\(i + 1),\(name),\(amount),\(random.next() % 2 == 0 ? "true" : "false")\r\n"
        }
        return temporaryFile(Array(text.utf8))
    }()

    func source() throws -> CSVFileDataSource {
        let source = try CSVFileDataSource(path: Self.file)
        source.indexAll()
        return source
    }

    func columns(_ source: CSVFileDataSource, _ shown: [Int]) -> [TableFormatColumn] {
        let kinds: [SortKeyKind] = [.integer, .text, .decimal, .boolean]
        return shown.map { TableFormatColumn(title: source.title(ofColumn: $0), kind: kinds[$0]) }
    }

    @Test("From raw records on two threads, every format gives the bytes of the string path",
          arguments: TableFormat.allCases)
    func rawRecordsOnTwoThreadsMatchTheStringPath(format: TableFormat) throws {
        let source = try source()
        #expect(source.rowCount == Self.rowCount)
        // Every column in file order (CSV copies whole records), then reordered, reversed rows.
        let reversed = (0..<Self.rowCount).reversed().map { UInt32($0) }
        for (shown, order) in [([0, 1, 2, 3], nil), ([2, 0, 1], reversed)] as [([Int], [UInt32]?)] {
            let selection = DataTableViewSelection(columns: shown, order: order, rowCount: Self.rowCount)
            var fast: [UInt8] = []
            var slow: [UInt8] = []
            let columns = columns(source, shown)
            let written = TableFormatOutput.write(selection, of: source, format: format, columns: columns, threads: 2) {
                fast.append(contentsOf: $0)
            }
            TableFormatOutput.write(selection, of: source, format: format, columns: columns,
                                    fields: { source.fields(row: $0) }) { slow.append(contentsOf: $0) }
            #expect(written == Self.rowCount)
            #expect(fast == slow, "\(format) \(shown): \(fast.count) vs \(slow.count) bytes")
        }
    }

    @Test("JSON from raw records read back by JSONSerialization holds what Python's csv module reads")
    func jsonReadsBackAsPythonReadsTheFile() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("skipped: \(python) is missing")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import csv,json,sys\nwith open(sys.argv[1], newline='', encoding='utf-8-sig') as f:\n"
                             + "    print(json.dumps(list(csv.reader(f))))", Self.file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        let source = try source()
        let selection = DataTableViewSelection(columns: [0, 1, 2, 3], order: nil, rowCount: Self.rowCount)
        var bytes: [UInt8] = []
        TableFormatOutput.write(selection, of: source, format: .json, columns: columns(source, [0, 1, 2, 3]), threads: 2) {
            bytes.append(contentsOf: $0)
        }
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        #expect(objects.count == expected.count - 1)
        for (object, row) in zip(objects, expected.dropFirst()) {
            #expect((object["id"] as? NSNumber)?.intValue == Int(row[0]))
            // A text column: its values as written (NA and empty are null).
            if row[1].isEmpty || row[1] == "NA" {
                #expect(object["name"] is NSNull, "\(row)")
            } else {
                #expect(object["name"] as? String == row[1], "\(row)")
            }
            if row[2].isEmpty {
                #expect(object["amount"] is NSNull)
            } else {
                #expect((object["amount"] as? NSNumber)?.doubleValue == Double(row[2]), "\(row)")
            }
            #expect((object["ok"] as? Bool) == (row[3] == "true"), "\(row)")
        }
    }

    @Test("Bytes that are not UTF-8 are U+FFFD in JSON, Markdown and HTML (a JSON reader reads them); CSV keeps them")
    func bytesThatAreNotUTF8() throws {
        let path = temporaryFile([UInt8]("a,b\n1,caf".utf8) + [0xE9] + [UInt8](",x\n".utf8))
        let source = try CSVFileDataSource(path: path)
        source.indexAll()
        let selection = DataTableViewSelection(columns: [1], order: nil, rowCount: 1)
        let columns = [TableFormatColumn(title: "b")]
        func output(_ format: TableFormat) -> [UInt8] {
            var bytes: [UInt8] = []
            TableFormatOutput.write(selection, of: source, format: format, columns: columns) { bytes.append(contentsOf: $0) }
            return bytes
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output(.json))) as? [[String: Any]])
        #expect(json.first?["b"] as? String == "caf\u{FFFD}")
        #expect(String(validating: output(.markdown), as: UTF8.self)?.contains("caf\u{FFFD}") == true)
        #expect(String(validating: output(.html), as: UTF8.self)?.contains("caf\u{FFFD}") == true)
        #expect(output(.csv) == [UInt8]("b\ncaf".utf8) + [0xE9] + [0x0A])
    }
}
