import DataTableCSV
import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Values over 1 KiB in a CSV file: counted as the table reads them, and Enter in the frequency
/// sheet on one (shown cut) filters the table to exactly the rows counted (see
/// docs/decisions/0083-long-values-in-statistics.md).
@Suite struct LongValueFileTests {
    /// A new CSV file of `text` in the scratch directory, indexed.
    static func csvFile(_ text: String) throws -> CSVFileDataSource {
        var template = Array("\(ScratchDirectory.path)/dtable-long-XXXXXX.csv".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        try #require(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let source = try CSVFileDataSource(path: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        source.indexAll()
        return source
    }

    /// Quoted long fields (with doubled quotes, and without: the same value as unquoted), long
    /// numbers padded with blanks, and short values.
    static let fileText: String = {
        let quoted = "\"" + String(repeating: "y", count: 3000) + "\"\"q\"\"\""  // content yyy…"q"
        let plain = String(repeating: "w", count: 3000)
        let rows = [quoted, "\"" + plain + "\"", plain, quoted, "short", quoted, plain + "2"]
        return "id,v,n\n" + rows.enumerated().map { i, v in
            let n = i % 3 == 0 ? "\"" + String(repeating: " ", count: 2000) + "\(i)\"" : i % 3 == 1 ? "\(i)" + String(repeating: " ", count: 1500) : "\(i)"
            return "\(i),\(v),\(n)\n"
        }.joined()
    }()

    @Test func longFieldsOfAFileAreReadAsTheTableReadsThem() throws {
        let source = try Self.csvFile(Self.fileText)
        let table = try #require(FrequencyCounter.count(source: source, column: 1, rows: .first(source.rowCount), kind: .text))
        let counts = (0..<table.count).map { (table.text(at: $0), table.count(at: $0)) }
        let y = String(repeating: "y", count: LongField.limit) + "…", w = String(repeating: "w", count: LongField.limit) + "…"
        #expect(counts.map(\.1) == [3, 2, 1, 1])
        #expect(counts.map(\.0) == [y, w, "short", w])
        // The table's own text of the fields, read whole, has the same key.
        for row in 0..<source.rowCount {
            let shown = source.text(row: row, column: 1)
            guard shown.utf8.count > LongField.limit else { continue }
            let rank = try #require((0..<table.count).first { rank in
                table.longValueKey(at: rank).map { key in ColumnFilterTest.matchesLong(key, shown) } ?? false
            })
            #expect(table.text(at: rank).hasPrefix(String(shown.prefix(8))))
        }
        // Numbers over 1 KiB (blanks around them) are numbers: in the bins, not strays.
        let numbers = try #require(FrequencyCounter.count(source: source, column: 2, rows: .first(source.rowCount),
                                                          kind: .integer))
        let bins = try #require(FrequencyBins(numbers))
        #expect(bins.strayCount == 0 && bins.bins.map(\.count).reduce(0, +) == 7)
        #expect(bins.bins.map(\.label) == (0...6).map { "[\($0), \($0 + 1))" })
    }

    @Test func enterOnACutValueFiltersTheTableToExactlyTheRowsCounted() throws {
        let source = try Self.csvFile(Self.fileText)
        let (app, _) = TableFixtures.application(source, size: Size(width: 80, height: 14), colorCount: 0)
        for (moves, rows) in [("", 3), ("j", 2), ("jjj", 1)] {
            app.type("lF")
            app.settleScreens()
            #expect(app.screens.top is SheetScreen)
            app.type(moves)
            app.press(.enter)
            app.view.waitForJob()
            #expect(app.screens.screens.count == 1)
            #expect(app.view.viewport.rowCount == rows, "after \(moves)")
            guard case .equalsAny(let values, _, let longValues) = app.view.columnFilters.last?.predicate else {
                Issue.record("no filter")
                return
            }
            #expect(values.isEmpty && longValues.count == 1)
            #expect(app.view.columnFilters.last!.summary().hasSuffix("…"))
            app.press(.escape)
            app.view.waitForJob()
            app.type("h")
        }
    }
}

extension ColumnFilterTest {
    /// Whether a filter on `key` keeps a field holding `text`.
    static func matchesLong(_ key: LongFieldKey, _ text: String) -> Bool {
        (try? ColumnFilterTest(.equalsAny([], longValues: [key], column: 0), kind: .text).matches(text)) ?? false
    }
}
