import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// The printed table: the interactive layout as lines of text, plain or coloured.
@Suite struct TablePrinterTests {
    @Test func printsHeaderAndEveryRowInTheInteractiveLayout() {
        let view = DataTableView(dataSource: TableFixtures.people(rows: 600), configuration: DataTableConfiguration())
        var lines: [String] = []
        TablePrinter(width: 30).print(view) { lines.append($0) }
        #expect(lines.count == 601)
        #expect(lines[0] == " id name     city    amount")
        #expect(lines[1] == "  1 Ada      Zürich    -500")
        #expect(lines.allSatisfy { $0.displayWidth <= 30 })
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(view.reusePool.maxCellsAlive <= 256 * 4 + view.reusePool.slack)
    }

    @Test func narrowWidthClipsColumns() {
        let view = DataTableView(dataSource: TableFixtures.people(rows: 2), configuration: DataTableConfiguration())
        var lines: [String] = []
        TablePrinter(width: 8).print(view) { lines.append($0) }
        #expect(lines == [" id name", "  1 Ada", "  2 Gra…"])
    }

    @Test func colourOutputUsesSGR() {
        var configuration = DataTableConfiguration()
        configuration.theme = .colored
        let view = DataTableView(dataSource: TableFixtures.people(rows: 2), configuration: configuration)
        var lines: [String] = []
        TablePrinter(width: 40, colorCount: 256).print(view) { lines.append($0) }
        #expect(lines[0].hasPrefix("\u{1B}[0;1;97;48;5;24m"))
        #expect(lines[0].hasSuffix("\u{1B}[0m"))
    }
}
