import DataTableCSV
import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Enter in the frequency sheet on a value over 1 KiB (shown cut) filters the table to exactly
/// the rows counted (see docs/decisions/0083-long-values-in-statistics.md).
@Suite struct LongValueFilterTests {
    /// A CSV file of `text`, indexed.
    static func csvFile(_ text: String) throws -> CSVFileDataSource {
        let path = ScratchDirectory.path + "/dtable-long-filter-\(getpid())-\(text.utf8.count).csv"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        let source = try CSVFileDataSource(path: path)
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
