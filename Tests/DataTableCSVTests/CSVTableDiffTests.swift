import Foundation
import Glibc
import Testing
import TestSupport
import DataTableKit
@testable import DataTableCSV

/// Comparing two versions of a table (`CSVTableDiff`): rows matched by key or by content,
/// statuses and changed values checked against a diff computed by Python's csv module.
@Suite struct CSVTableDiffTests {
    /// Python's verdict on a pair of files: per key (keyed) the status and changed titles.
    static let pythonDiff = """
        import csv, json, sys
        def read(path, delimiter):
            with open(path, newline='', encoding='utf-8-sig') as f:
                rows = list(csv.reader(f, delimiter=delimiter))
            return rows[0], rows[1:]
        ot, orows = read(sys.argv[1], sys.argv[3])
        nt, nrows = read(sys.argv[2], sys.argv[4])
        key = sys.argv[5]
        def keyed(titles, rows):
            i = titles.index(key); seen = {}; out = {}
            for r in rows:
                k = r[i]; n = seen.get(k, 0); seen[k] = n + 1
                out[(k, n)] = dict(zip(titles, r))
            return out
        old, new = keyed(ot, orows), keyed(nt, nrows)
        common = [t for t in nt if t in ot]
        result = {}
        for k, r in new.items():
            name = k[0] + '#' + str(k[1])
            if k not in old: result[name] = ['added']
            else:
                changed = [t for t in common if old[k].get(t, '') != r.get(t, '')]
                result[name] = ['changed'] + changed if changed else ['']
        for k in old:
            if k not in new: result[k[0] + '#' + str(k[1])] = ['removed']
        print(json.dumps(result))
        """

    static func python(_ script: String, _ arguments: [String]) throws -> Data? {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("skipped: \(python) is missing")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A file as R (every field quoted, CRLF), pandas (quoted only when needed, LF) or Excel
    /// (a BOM, `;` between fields, CRLF) writes it.
    enum Writer: CaseIterable {
        case r, pandas, excel

        var delimiter: String { self == .excel ? ";" : "," }

        func write(_ titles: [String], _ rows: [[String]]) -> [UInt8] {
            let end = self == .pandas ? "\n" : "\r\n"
            func field(_ text: String) -> String {
                let needs = self == .r || text.contains(delimiter) || text.contains("\"") || text.contains("\n")
                return needs ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            let text = ([titles] + rows).map { $0.map(field).joined(separator: delimiter) + end }.joined()
            return (self == .excel ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        }
    }

    /// Our verdict in Python's form: per key and occurrence, the status and changed titles.
    static func verdict(_ diff: CSVTableDiff, old: CSVFileDataSource, new: CSVFileDataSource, key: Int) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var seen: [String: Int] = [:]
        func name(_ value: String) -> String {
            let n = seen[value, default: 0]
            seen[value] = n + 1
            return "\(value)#\(n)"
        }
        var oldNames: [Int: String] = [:]
        for row in 0..<old.rowCount { oldNames[row] = name(old.text(row: row, column: key)) }
        seen = [:]
        let newKey = diff.columns.columns.first { $0.old == key }!.new!
        for row in 0..<new.rowCount {
            let label = name(new.text(row: row, column: newKey))
            switch diff.status(of: .new(row)) {
            case .added: result[label] = ["added"]
            case .changed:
                result[label] = ["changed"] + diff.changedColumns(ofNewRow: row).map {
                    diff.columns.newTitles[diff.columns.columns[$0].new!]
                }.sorted()
            default: result[label] = [""]
            }
        }
        for row in diff.removedRows { result[oldNames[row]!] = ["removed"] }
        return result
    }

    static func table(seed: UInt64) -> (titles: [String], rows: [[String]], newTitles: [String], newRows: [[String]]) {
        var random = SplitMix64(seed: seed)
        let words = ["a", "b,c", "say \"hi\"", "x\ny", "", "3,5", "é", "12", "NA"]
        let titles = ["id", "name", "price", "note"]
        var rows: [[String]] = (0..<60).map { i in
            // Duplicate keys and an empty key now and then.
            let id = i % 17 == 5 ? "" : i % 13 == 3 ? "7" : String(i)
            return [id, words.randomElement(using: &random)!, String(Int.random(in: 0..<100, using: &random)),
                    words.randomElement(using: &random)!]
        }
        var newRows = rows
        for _ in 0..<6 { newRows[Int.random(in: 0..<newRows.count, using: &random)][Int.random(in: 1...3, using: &random)] += "!" }
        for _ in 0..<4 { newRows.remove(at: Int.random(in: 0..<newRows.count, using: &random)) }
        for i in 0..<3 { newRows.insert(["new\(i)", "n", "1", "z"], at: Int.random(in: 0...newRows.count, using: &random)) }
        newRows.swapAt(1, 40)
        var newTitles = titles
        if seed % 2 == 0 {
            // A column added and one removed.
            // A column added and one removed (at other positions: not a rename).
            newTitles = ["id", "email", "name", "price"]
            newRows = newRows.map { [$0[0], "\($0[0])@x", $0[1], $0[2]] }
        } else {
            rows = rows.map { $0 }
        }
        return (titles, rows, newTitles, newRows)
    }

    @Test("keyed diffs of R, pandas and Excel exports agree with Python's csv module", arguments: [1, 2, 3, 4] as [UInt64])
    func keyedDiffAgreesWithPython(seed: UInt64) throws {
        let (titles, rows, newTitles, newRows) = Self.table(seed: seed)
        for (oldWriter, newWriter) in [(Writer.r, Writer.pandas), (.excel, .r), (.pandas, .excel)] {
            let oldPath = temporaryFile(oldWriter.write(titles, rows))
            let newPath = temporaryFile(newWriter.write(newTitles, newRows))
            let old = try CSVFileDataSource(path: oldPath), new = try CSVFileDataSource(path: newPath)
            let diff = try #require(CSVTableDiff.compute(old: old, new: new, keyColumns: ([0], [0])))
            guard let data = try Self.python(Self.pythonDiff, [oldPath, newPath, oldWriter.delimiter, newWriter.delimiter, "id"])
            else { return }
            let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String]])
            let ours = Self.verdict(diff, old: old, new: new, key: 0)
            #expect(ours == expected.mapValues { $0.first == "changed" ? ["changed"] + $0.dropFirst().sorted() : $0 })
            let counts = expected.values.reduce(into: [String: Int]()) { $0[$1[0], default: 0] += 1 }
            #expect(diff.summary == CSVReloadSummary(changed: counts["changed"] ?? 0, added: counts["added"] ?? 0,
                                                     removed: counts["removed"] ?? 0))
        }
    }

    @Test func contentMatchingPairsEditedRowsAndIgnoresQuotingAndLineEnds() throws {
        let old = try CSVFileDataSource(path: temporaryFile(Array("id,v\r\n1,a\r\n2,b\r\n3,c\r\n4,d\r\n".utf8)))
        let new = try CSVFileDataSource(path: temporaryFile(Array("id,v\n\"1\",\"a\"\n2,B\n4,d\n5,e\n".utf8)))
        let diff = try #require(CSVTableDiff.compute(old: old, new: new))
        #expect(diff.summary == CSVReloadSummary(changed: 1, added: 1, removed: 1))
        #expect((0..<diff.rowCount).map { diff.status(of: diff.row(at: $0)).name } == ["", "changed", "removed", "", "added"])
        #expect(diff.row(at: 2) == .old(2))
        #expect(diff.changedColumns(ofNewRow: 1) == [1])
        #expect(diff.changedPositions() == [1, 2, 4])
        #expect(diff.position(ofNewRow: 2) == 3)
    }

    @Test func byContentAnRExportMatchesAPandasExportOfTheSameRowsInAnotherOrder() throws {
        let old = try CSVFileDataSource(path: temporaryFile(Array("\"id\",\"v\"\r\n\"2\",\"b, c\"\r\n\"1\",\"a\"\r\n".utf8)))
        let new = try CSVFileDataSource(path: temporaryFile(Array("\u{FEFF}id,v\n1,a\n2,\"b, c\"\n".utf8)))
        let diff = try #require(CSVTableDiff.compute(old: old, new: new))
        #expect(diff.isEmpty)
        #expect(diff.matching.oldRows == [1, 0])
    }

    @Test func removedRowsAtTheTopAndColumnsRenamed() throws {
        let old = try CSVFileDataSource(path: temporaryFile(Array("id,fax,v,zip\n1,f,a,z\n2,g,b,y\n".utf8)))
        let new = try CSVFileDataSource(path: temporaryFile(Array("id,value,mail,v\n2,b,m,b\n".utf8)))
        let diff = try #require(CSVTableDiff.compute(old: old, new: new, keyColumns: ([0], [0])))
        #expect(diff.columns.columns == [.kept(old: 0, new: 0), .renamed(old: 1, new: 1), .added(new: 2), .kept(old: 2, new: 3),
                                         .removed(old: 3)])
        #expect(diff.columns.columns.map { diff.columns.title(of: $0) } == ["id", "fax→value", "+mail", "v", "-zip"])
        #expect(diff.columns.summary == "columns 1 added, 1 removed, 1 renamed")
        #expect(diff.row(at: 0) == .old(0))
        #expect(diff.row(at: 1) == .new(0))
        #expect(diff.status(of: .new(0)) == .changed)  // fax g → value b
        let table = CSVTableDiffDataSource(old: old, new: new, diff: diff)
        #expect(table.fields(row: 0) == ["removed", "1", "f", "", "a", "z"])
        #expect(table.fields(row: 1) == ["changed", "2", "b", "m", "b", ""])
        #expect(table.oldText(row: 1, column: 2) == "g")
        #expect(table.isChanged(row: 1, column: 2) && !table.isChanged(row: 1, column: 1))
    }

    @Test func identicalFilesAreEmptyAndCancellingGivesNil() throws {
        let text = Array("a,b\n1,2\n3,4\n".utf8)
        let old = try CSVFileDataSource(path: temporaryFile(text)), new = try CSVFileDataSource(path: temporaryFile(text))
        #expect(try #require(CSVTableDiff.compute(old: old, new: new)).isEmpty)
        #expect(CSVTableDiff.compute(old: old, new: new, isCancelled: { true }) == nil)
    }
}
