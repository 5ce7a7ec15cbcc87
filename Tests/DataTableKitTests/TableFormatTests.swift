import DataTableCSV
import Foundation
import Testing
@testable import DataTableKit

/// The formats a view is written in, parsed back by real parsers (Foundation's JSON, Python's
/// `csv` module) and compared with the view computed here.
@Suite("Table formats")
struct TableFormatTests {
    /// Quotes, commas, line breaks in fields, unicode, empty fields, nulls, decimal numbers.
    static let fixture = "id,name,amount,ok,note\n"
        + "1,\"Smith, Jo\",3.5,true,\"say \"\"hi\"\"\"\n"
        + "2,Ünïcode ✓ 日本,NA,false,\n"
        + "3,\"multi\nline\",-,yes,\"a|b<c>&'\\\"\n"
        + "4,tab\there,12,no,\"ctl\u{1}\u{7}\"\n"
        + "5,,-7.25,,\"\"\n"
    /// The fixture's records as written (the header aside).
    static let records: [[String]] = [
        ["1", "Smith, Jo", "3.5", "true", "say \"hi\""],
        ["2", "Ünïcode ✓ 日本", "NA", "false", ""],
        ["3", "multi\nline", "-", "yes", "a|b<c>&'\\"],
        ["4", "tab\there", "12", "no", "ctl\u{1}\u{7}"],
        ["5", "", "-7.25", "", ""],
    ]

    /// The fixture's view: sorted by id descending, `ok` hidden.
    static func view() throws -> (DataTableView, DataTableViewSelection) {
        let source = try indexedCSVFile(Array(fixture.utf8), prefix: "formats")
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration())
        view.settleColumnKinds()
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        _ = view.waitForJob()
        #expect(view.hideColumn(3))
        let selection = try view.shownSelection()
        return (view, selection)
    }

    /// The view computed independently: ids 5..1, columns id, name, amount, note.
    static let expectedRows: [[String]] = records.reversed().map { [$0[0], $0[1], $0[2], $0[4]] }
    static let expectedTitles = ["id", "name", "amount", "note"]

    static func output(_ format: TableFormat, chunkBytes: Int = 1 << 20) throws -> [UInt8] {
        let (view, selection) = try view()
        var bytes: [UInt8] = []
        var chunks = 0
        TableFormatOutput.write(selection, of: view.dataSource, format: format, columns: view.formatColumns(selection),
                                chunkBytes: chunkBytes) { bytes.append(contentsOf: $0); chunks += 1 }
        if chunkBytes == 1 { #expect(chunks > 1, "streamed in chunks") }
        return bytes
    }

    @Test("JSON: an array of objects keyed by title, typed by the column's kind, parsed back by JSONSerialization",
          arguments: [1, 1 << 20])
    func jsonParsesBack(chunkBytes: Int) throws {
        let bytes = try Self.output(.json, chunkBytes: chunkBytes)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        try Self.expectTyped(objects)
    }

    @Test("JSON Lines: one object per line, parsed back line by line")
    func jsonLinesParseBack() throws {
        let text = String(decoding: try Self.output(.jsonl), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == Self.expectedRows.count)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try Self.expectTyped(objects)
    }

    /// ids and amounts are numbers, `NA` and `-` and empty fields null, text as written.
    static func expectTyped(_ objects: [[String: Any]]) throws {
        #expect(objects.count == expectedRows.count)
        for (object, row) in zip(objects, expectedRows) {
            #expect(Set(object.keys) == Set(expectedTitles))
            #expect((object["id"] as? NSNumber)?.intValue == Int(row[0]))
            if let amount = Double(row[2]) {
                #expect((object["amount"] as? NSNumber)?.doubleValue == amount)
            } else {
                #expect(object["amount"] is NSNull, "\(row[2]) is null")
            }
            for (key, text) in [("name", row[1]), ("note", row[3])] {
                if text.isEmpty { #expect(object[key] is NSNull) } else { #expect(object[key] as? String == text) }
            }
        }
    }

    @Test("CSV and TSV parsed back by Python's csv module give the view's titles and values as written",
          arguments: [TableFormat.csv, .tsv])
    func delimitedParsesBackWithPython(format: TableFormat) throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("skipped: \(python) is missing")
            return
        }
        let bytes = try Self.output(format)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtable-format-\(UUID()).txt")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let delimiter = format == .tsv ? "\\t" : ","
        process.arguments = ["-c", "import csv,json,sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
                             + "    print(json.dumps(list(csv.reader(f, delimiter='\(delimiter)'))))", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        #expect(parsed == [Self.expectedTitles] + Self.expectedRows)
    }

    @Test("TSV and CSV read back by DataTableCSV's reader")
    func delimitedParsesBackWithTheReader() throws {
        for (format, delimiter) in [(TableFormat.csv, UInt8(ascii: ",")), (.tsv, UInt8(ascii: "\t"))] {
            let bytes = try Self.output(format)
            let document = CSVReader.read(bytes, dialect: CSVDialect(delimiter: delimiter), hasHeader: false)
            let records = document.rows
            #expect(records == [Self.expectedTitles] + Self.expectedRows)
        }
    }

    @Test("Markdown escapes | and backslashes and turns line breaks into <br>")
    func markdownEscaping() throws {
        let text = String(decoding: try Self.output(.markdown), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "| id | name | amount | note |")
        #expect(lines[1] == "| --- | --- | --- | --- |")
        #expect(lines.contains("| 3 | multi<br>line | - | a\\|b<c>&'\\\\ |"))
        #expect(lines.count == 2 + Self.expectedRows.count + 1)
    }

    @Test("HTML writes &, <, >, quotes as entities")
    func htmlEscaping() throws {
        let text = String(decoding: try Self.output(.html), as: UTF8.self)
        #expect(text.hasPrefix("<table>\n<thead>\n<tr><th>id</th><th>name</th><th>amount</th><th>note</th></tr>\n</thead>\n<tbody>\n"))
        #expect(text.contains("<tr><td>3</td><td>multi\nline</td><td>-</td><td>a|b&lt;c&gt;&amp;&#39;\\</td></tr>\n"))
        #expect(text.contains("<td>say &quot;hi&quot;</td>"))
        #expect(text.hasSuffix("</tbody>\n</table>\n"))
    }

    @Test("JSON escapes control characters; duplicate and empty titles get distinct keys; decimal commas are numbers")
    func jsonKeysAndEscapes() throws {
        let source = StringRowsDataSource(titles: ["a", "a", "", "n"], rows: [["x\u{1}\u{7F}\"\\", "y", "z", "1.234,5"]])
        let columns = [TableFormatColumn(title: "a"), TableFormatColumn(title: "a"), TableFormatColumn(title: ""),
                       TableFormatColumn(title: "n", kind: .decimal, format: ValueFormat(decimalSeparator: UInt8(ascii: ",")))]
        let selection = DataTableViewSelection(columns: [0, 1, 2, 3], order: nil, rowCount: 1)
        let text = TableFormatOutput.text(selection, of: source, format: .jsonl, columns: columns)
        #expect(text == "{\"a\":\"x\\u0001\\u007f\\\"\\\\\",\"a_2\":\"y\",\"column 3\":\"z\",\"n\":1234.5}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["a"] as? String == "x\u{1}\u{7F}\"\\")
    }

    @Test("A file name's extension names the format; anything else is CSV")
    func formatByExtension() {
        #expect(TableFormat(fileName: "out.JSON") == .json)
        #expect(TableFormat(fileName: "dir.d/out.jsonl") == .jsonl)
        #expect(TableFormat(fileName: "a.md") == .markdown)
        #expect(TableFormat(fileName: "a.html") == .html)
        #expect(TableFormat(fileName: "a.tsv") == .tsv)
        #expect(TableFormat(fileName: "a.txt") == .csv)
        #expect(TableFormat(fileName: "dir.json/out") == .csv)
        #expect(TableFormat(fileName: ".json") == .csv)
    }

    @Test("An empty selection is an empty JSON array")
    func emptyJSON() {
        let source = StringRowsDataSource(titles: ["a"], rows: [])
        let selection = DataTableViewSelection(columns: [0], order: nil, rowCount: 0)
        #expect(TableFormatOutput.text(selection, of: source, format: .json, columns: [TableFormatColumn(title: "a")]) == "[]\n")
    }

    /// A number with more significant digits than a Double keeps is written as the string the
    /// file holds, never rounded: JSON read back gives the same digits.
    @Test func jsonNeverRoundsALongNumber() throws {
        let columns = [TableFormatColumn(title: "n", kind: .decimal)]
        let writer = TableFormat.json.makeWriter(columns: columns)
        var bytes: [UInt8] = []
        writer.writeHeader(into: &bytes)
        for (position, text) in ["12345678901234567890", "3.14159265358979323846", "0.000125", "-42.5"].enumerated() {
            writer.writeRow([text], position: position, into: &bytes)
        }
        writer.writeFooter(rowCount: 4, into: &bytes)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        #expect(rows[0]["n"] as? String == "12345678901234567890")
        #expect(rows[1]["n"] as? String == "3.14159265358979323846")
        #expect((rows[2]["n"] as? NSNumber)?.doubleValue == 0.000125)
        #expect((rows[3]["n"] as? NSNumber)?.doubleValue == -42.5)
    }
}
