import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Waits until no job runs (a filter is followed by the grouping job).
func settle(_ view: DataTableView) {
    while view.activeJob != nil { view.waitForJob() }
}

/// Sections drawn through the real controller on the memory backend: header rows across the
/// table, footer sums under their columns, collapsed sections.
@Suite struct SectionSnapshotTests {
    let size = Size(width: 60, height: 16)

    /// people.csv (12 rows) grouped by city, first frame drawn.
    func groupedByCity(colorCount: Int = 256) -> (TableApplication, MemoryBackend) {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 12), size: size, colorCount: colorCount)
        app.view.setGrouping(.column(2))
        settle(app.view)
        app.drawFrame()
        return (app, backend)
    }

    @Test func headersAndFootersWithSums() {
        let (_, backend) = groupedByCity()
        expectSnapshot(backend, "sections-headers-footers")
    }

    @Test func oCollapsesTheCursorsSectionAndEnterExpandsIt() {
        let (app, backend) = groupedByCity()
        app.type("gjo")
        expectSnapshot(backend, "sections-collapsed-o", styles: false)
        #expect(app.view.isSectionCollapsed(0))
        #expect(app.view.displayRow(at: app.view.viewport.cursor.row) == .header(section: 0))
        app.press(.enter)
        #expect(!app.view.isSectionCollapsed(0))
    }

    @Test func shiftOCollapsesEverySection() {
        let (app, backend) = groupedByCity()
        app.type("O")
        expectSnapshot(backend, "sections-all-collapsed", styles: false)
        #expect(app.view.viewport.rowCount == 2 * 4)
    }

    @Test func aClickOnAHeaderCollapsesIt() {
        let (app, _) = groupedByCity()
        // Screen row 1 is the first body row: the first section's header.
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 10, y: 1))))
        #expect(app.view.isSectionCollapsed(0))
    }

    @Test func sortingKeepsSectionsAndOrdersRowsWithin() {
        let (app, backend) = groupedByCity()
        app.type("lll]")  // amount, descending
        settle(app.view)
        app.drawFrame()
        expectSnapshot(backend, "sections-sorted-within", styles: false)
    }

    @Test func markOnAHeaderSaysWhatEnterDoes() {
        let (app, _) = groupedByCity()
        app.type("gm")
        #expect(app.view.notice == "on a section's header: Enter or o collapses it")
        #expect(app.view.markedRows.isEmpty)
    }

    @Test func printModePrintsHeadersAndFootersPlainly() {
        let view = DataTableView(dataSource: TableFixtures.people(rows: 6), size: Size(width: 50, height: 10))
        view.setGrouping(.column(2))
        settle(view)
        var lines: [String] = []
        TablePrinter(width: 50).print(view) { lines.append($0) }
        let outcome = SnapshotFile.compare(lines.joined(separator: "\n") + "\n", named: "sections-print")
        #expect(outcome == .matched, "\(outcome)\n\(lines.joined(separator: "\n"))")
    }
}
