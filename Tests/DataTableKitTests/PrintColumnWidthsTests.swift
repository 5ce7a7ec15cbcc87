import Testing
import TerminalSurface
import TestSupport
import DataTableCSV
@testable import DataTableKit

/// Printed columns are as wide as their widest printed value, measured over every printed row
/// (not the 1,000-row sample the screen's widths come from): a value is cut only when the cap
/// or the line's width forces it (issue 19: `--print --width 1000` cut `Huntsville
/// International Airport-Carl T Jones Fi…`).
@Suite struct PrintColumnWidthsTests {
    /// 7,000 rows of `id,name,city`; the 5,000th row's name is `longest` (a row the sample of
    /// the screen's widths misses), every other name at most 12 columns. Names mix ASCII, CJK (two columns each) and an accent.
    static func file(longest: String) throws -> CSVFileDataSource {
        var text = "id,name,city\n"
        for row in 1...7_000 {
            let name = row == 5_000 ? longest : (row % 7 == 0 ? "東京 \(row % 100)" : "Name \(row % 1000)")
            text += "\(row),\"\(name)\",C\(row % 13)\n"
        }
        return try PrintFastPathTests.csvFile(Array(text.utf8))
    }

    /// Display columns of text of ASCII, the CJK block (two each) and combining marks (none),
    /// counted here without the code under test.
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar.value {
            case 0x4E00...0x9FFF: return sum + 2
            case 0x0300...0x036F: return sum
            default: return sum + 1
            }
        }
    }

    static func lines(_ view: DataTableView, width: Int, widths: TablePrinter.ColumnWidths, threads: Int,
                      fast: Bool = true) -> [String] {
        var printer = TablePrinter(width: width)
        printer.columnWidths = widths
        printer.textRowThreads = threads
        printer.textBatchRows = 500
        printer.usesTextRowFastPath = fast
        var out: [UInt8] = []
        printer.print(view, writeBytes: { out += $0 })
        return String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: [1, 2])
    func theLongestValueFarPastTheSamplePrintsWhole(threads: Int) throws {
        let longest = "Huntsville International Airport-Carl T Jones Field 東京タワー e\u{301}nd"
        let source = try Self.file(longest: longest)
        let width = Self.columns(of: longest)
        #expect(width > 40)  // past the cap: whole only because the line has room
        for fast in [true, false] {
            let view = DataTableView(dataSource: source)
            let lines = Self.lines(view, width: 1000, widths: .widestValueUncappedWhenItFits, threads: threads, fast: fast)
            let row = try #require(lines.first { $0.hasPrefix("5000 ") })
            #expect(row.contains(longest), "\(row)")
            // The column is as wide as the value, not wider: the next column starts after the gutter.
            #expect(row.contains(longest + " C"), "\(row)")
            // The screen's widths are back after printing.
            #expect(view.columns[1].width < width)
        }
        // Capped at 40 (the default), the line too narrow for it whole: cut at the cap.
        let capped = Self.lines(DataTableView(dataSource: source), width: 1000, widths: .widestValue, threads: threads)
        let row = try #require(capped.first { $0.hasPrefix("5000 ") })
        #expect(!row.contains(longest) && row.contains(String(longest.prefix(39)) + "…"), "\(row)")
    }

    @Test(arguments: [1, 2])
    func aValueUnderTheCapPrintsWholeSortedAndFiltered(threads: Int) throws {
        let longest = "Lansdowne 東京 Municipal Field"  // 31 columns: under the cap, over the sample's widest
        let source = try Self.file(longest: longest)
        let view = DataTableView(dataSource: source)
        #expect(view.columns[1].width < Self.columns(of: longest))  // the sample missed it
        view.sort(by: [SortDescriptor(column: 2, ascending: false)])
        view.startFilter(try RowMatcher(query: "a", mode: .substring))
        view.waitForJob()
        let lines = Self.lines(view, width: 120, widths: .widestValue, threads: threads)
        let row = try #require(lines.first { $0.hasPrefix("5000 ") })
        #expect(row.contains(longest), "\(row)")
        #expect(lines.allSatisfy { !$0.contains("…") }, "\(lines.filter { $0.contains("…") }.prefix(3))")
    }
}
