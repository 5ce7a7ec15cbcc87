import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Renders through the real controller on the memory backend and compares the presented
/// screen (text and styles) with the snapshots in `__Snapshots__/`.
/// `DTABLE_RECORD_SNAPSHOTS=1 swift test` rewrites them after an intended change.
func expectSnapshot(_ backend: MemoryBackend, _ name: String, styles: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let surface = backend.presented else {
        Issue.record("nothing presented", sourceLocation: sourceLocation)
        return
    }
    let outcome = SnapshotFile.compare(Snapshot.text(of: surface, includeStyles: styles), named: name)
    switch outcome {
    case .matched:
        break
    case .recorded(let path):
        Issue.record("snapshot recorded at \(path); run again to compare", sourceLocation: sourceLocation)
    case .mismatched(let path, let expected):
        Issue.record("""
            screen differs from \(path)
            --- expected
            \(expected)
            --- actual
            \(Snapshot.text(of: surface, includeStyles: styles))
            """, sourceLocation: sourceLocation)
    }
}

@Suite struct SnapshotTests {
    let size = Size(width: 50, height: 10)

    @Test func firstFrame() {
        let (_, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        expectSnapshot(backend, "first-frame")
    }

    @Test func firstFrameWithoutColours() {
        let (_, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size, colorCount: 0)
        expectSnapshot(backend, "first-frame-monochrome")
    }

    @Test func cursorMovesWithJAndL() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.type("jjl")
        expectSnapshot(backend, "cursor-j-j-l")
    }

    @Test func downPastTheBottomScrolls() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        for _ in 0..<9 { app.press(.down) }
        expectSnapshot(backend, "down-9", styles: false)
    }

    @Test func pageDownAndHalfPageUp() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.press(.pageDown, .character(" "), .control("u"))
        expectSnapshot(backend, "page-down-space-ctrl-u", styles: false)
    }

    @Test func bottomWithG() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.type("G")
        expectSnapshot(backend, "bottom-G", styles: false)
        app.press(.home)
        #expect(app.view.viewport.cursor.row == 0)
    }

    @Test func lastColumnScrollsAWideTable() {
        let titles = (1...12).map { "column \($0)" }
        let rows = (0..<5).map { r in (1...12).map { "r\(r)c\($0)" } }
        let (app, backend) = TableFixtures.application(StringRowsDataSource(titles: titles, rows: rows), size: size)
        app.type("$")
        expectSnapshot(backend, "wide-last-column", styles: false)
        app.type("0")
        #expect(app.view.viewport.leftColumn == 0)
    }

    @Test func helpScreenListsEveryKey() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 60, height: 20))
        app.type("?")
        expectSnapshot(backend, "help")
        app.press(.escape)
        #expect(!(app.screens.top is HelpScreen))
    }

    @Test func helpScrollsOnASmallScreen() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 40, height: 8))
        app.type("?jjj")
        expectSnapshot(backend, "help-scrolled", styles: false)
    }

    /// The wheel scrolls the help as it scrolls the record view (3 lines a notch); a click closes it.
    @Test func theWheelScrollsTheHelp() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 40, height: 8))
        app.type("?")
        app.handle(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 5, y: 4))))
        #expect((app.screens.top as? HelpScreen)?.scrollOffset == 3)
        app.handle(.mouse(MouseEvent(kind: .wheelUp, position: Point(x: 5, y: 4))))
        #expect((app.screens.top as? HelpScreen)?.scrollOffset == 0)
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 5, y: 4))))
        #expect(!(app.screens.top is HelpScreen))
    }

    @Test func resizeLaysOutAgain() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.type("jjjjjj")
        backend.resize(to: Size(width: 30, height: 5))
        app.handlePendingEvents()
        expectSnapshot(backend, "resized-30x5", styles: false)
        #expect(app.view.viewport.visibleRows.contains(6))
    }

    @Test(arguments: [Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 10, height: 3), Size(width: 0, height: 0)])
    func tinyTerminalsDrawWithoutTrapping(size: Size) {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.type("jjllG?")
        app.press(.escape)
        #expect(backend.presented?.size == size)
        if size == Size(width: 10, height: 3) { expectSnapshot(backend, "tiny-10x3", styles: false) }
    }

    @Test func emptyAndHeaderOnlyTables() {
        let (_, empty) = TableFixtures.application(StringRowsDataSource(titles: [], rows: []), size: Size(width: 30, height: 4))
        expectSnapshot(empty, "empty-table", styles: false)
        let (app, headerOnly) = TableFixtures.application(StringRowsDataSource(titles: ["a", "b"], rows: []), size: Size(width: 30, height: 4))
        app.type("jGl$")
        expectSnapshot(headerOnly, "header-only", styles: false)
    }

    @Test func hostileAndWideTextIsShownSafelyAndClipped() {
        let source = StringRowsDataSource(titles: ["text", "n"], rows: [
            ["\u{1B}[31mred\u{7}", "1"],
            ["日本語のテキストです", "22"],
            ["e\u{301}moji 👩‍💻 🇩🇪", "333"],
            ["tab\there\nnewline", "-4.5"],
        ])
        let (_, backend) = TableFixtures.application(source, size: Size(width: 20, height: 7)) { $0.maxColumnWidth = 12 }
        expectSnapshot(backend, "hostile-and-wide-text", styles: false)
    }

    @Test func clickMovesTheCursorAndWheelScrolls() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 8, y: 4))))
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 3, column: 1))
        app.handle(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 8, y: 4))))
        #expect(app.view.viewport.topRow == 3)
        // A click on the gutter between columns does nothing.
        #expect(app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 3, y: 4)))) == .ignored)
        expectSnapshot(backend, "click-and-wheel", styles: false)
    }

    @Test func noticeShowsInTheStatusLineAfterThePosition() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 3), size: Size(width: 60, height: 5))
        app.view.notice = "quote not closed"
        app.drawFrame()
        expectSnapshot(backend, "status-notice")
    }

    /// A "cannot write" reason of 200 characters at 80 columns: wrapped onto lines above the
    /// status line, whole, the body a line shorter while it shows.
    @Test func aLongNoticeWrapsAboveTheStatusLine() {
        final class FailingWriter: TableApplicationDelegate {
            static let reason = "cannot write '/home/someone/reports/2026Q4/people.csv': the directory is not writable "
                + "(Permission denied); save the table elsewhere with :w OTHER.csv, or quit without writing with :q! (edits are lost)"
            func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String {
                throw DataTableMessage(Self.reason)
            }
        }
        #expect(FailingWriter.reason.count == 200)
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 80, height: 10))
        let writer = FailingWriter()
        app.delegate = writer
        app.type("G")
        app.type(":w")
        app.press(.enter)
        expectSnapshot(backend, "status-notice-wrapped")
        let lines = backend.presented!.lines
        // Every word of the reason is on screen, in order, on the three lines above the status line.
        let shown = lines[6...8].map { $0.trimmingSpaces }.joined(separator: " ")
        #expect(shown == FailingWriter.reason, "\(lines)")
        #expect(app.view.bodyRect.height == 5)
        // The cursor row stays in view above the message.
        #expect(lines[5].contains("30"), "\(lines)")
        // The outcome of a write outlasts other keys; Esc dismisses it and the body takes its
        // lines back.
        app.type("k")
        #expect(app.view.bodyRect.height == 5)
        app.press(.escape)
        #expect(app.view.bodyRect.height == 8)
        #expect(!backend.presented!.lines.joined().contains("Permission"))
    }

    @Test func aHugeNoticeTakesAtMostFiveLinesAndEndsWithAnEllipsis() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 40, height: 12))
        app.view.notice = String(repeating: "word ", count: 200_000)
        app.drawFrame()
        let lines = backend.presented!.lines
        #expect(app.view.bodyRect.height == 5)
        #expect(lines[6...10].allSatisfy { $0.hasPrefix(" word") }, "\(lines)")
        #expect(lines[10].trimmingSpaces.hasSuffix("…"), "\(lines)")
        #expect(!lines[11].contains("word"))
        // The body keeps a line.
        app.handle(.resize(Size(width: 40, height: 4)))
        #expect(app.view.bodyRect.height == 1)
        #expect(backend.presented!.lines[2].hasPrefix(" word") && backend.presented!.lines[2].trimmingSpaces.hasSuffix("…"), "\(backend.presented!.lines)")
        // On a screen too short to give up a line, the notice is cut on the status line.
        app.handle(.resize(Size(width: 40, height: 3)))
        #expect(app.view.bodyRect.height == 1)
        #expect(backend.presented!.lines[2].hasSuffix("  word…"), "\(backend.presented!.lines)")
    }

    @Test func bracketsSortByTheCursorColumnAndTheCursorStaysOnItsRecord() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size)
        app.type("jjjlll")  // row id 4, amount column
        let record = app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row)
        app.type("[")
        app.view.waitForJob()
        app.drawFrame()
        expectSnapshot(backend, "sort-amount-ascending")
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == record)
        let amounts = (0..<30).map { app.view.dataSource.value(row: app.view.sourceRow(forDisplayRow: $0), column: 3).intValue! }
        #expect(amounts == amounts.sorted())
        app.type("]")
        app.view.waitForJob()
        let descending = (0..<30).map { app.view.dataSource.value(row: app.view.sourceRow(forDisplayRow: $0), column: 3).intValue! }
        #expect(descending == amounts.sorted(by: >))
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == record)
        app.type("h[")  // city: text, ties keep file order
        app.view.waitForJob()
        let cities = (0..<30).map { app.view.sourceRow(forDisplayRow: $0) }
        let expected = (0..<30).sorted { a, b in
            let ca = TableFixtures.people(rows: 30).rows[a][2], cb = TableFixtures.people(rows: 30).rows[b][2]
            return ca.lowercased() != cb.lowercased() ? Array(ca.lowercased().utf8).lexicographicallyPrecedes(Array(cb.lowercased().utf8)) : a < b
        }
        #expect(cities == expected)
    }

    @Test func escapeCancelsARunningSort() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 50_000), size: Size(width: 90, height: 10))
        app.type("lll[")
        #expect(app.view.activeJob != nil)
        #expect(backendStatus(app).contains("sorting"))
        app.press(.escape)
        #expect(app.view.activeJob == nil)
        #expect(app.view.displayOrder == nil)
        #expect(backendStatus(app).contains("sorting cancelled"))
        app.type("j")
        #expect(!backendStatus(app).contains("cancelled"))
    }

    func backendStatus(_ app: TableApplication) -> String {
        (app.backend as! MemoryBackend).presented!.lines.last!
    }

    @Test func slashSearchesAndNAndShiftNRepeat() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 60, height: 10))
        app.type("/kRak")
        expectSnapshot(backend, "search-prompt")
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
        // Smart case: "kRak" has capitals, so it is case-sensitive and finds nothing.
        #expect(app.view.viewport.cursor.row == 0)
        #expect(backend.presented!.lines.last!.contains("not found: kRak"))
        app.type("/krak")
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
        // "Kraków" first appears at row id 10 (display row 9).
        #expect(app.view.viewport.cursor.row == 9)
        expectSnapshot(backend, "search-found-highlighted")
        app.type("n")
        app.view.waitForJob()
        #expect(app.view.viewport.cursor.row == 10)
        app.type("N")
        app.view.waitForJob()
        #expect(app.view.viewport.cursor.row == 9)
        app.type("N")  // wraps around backwards to the last Kraków row
        app.view.waitForJob()
        #expect(app.view.viewport.cursor.row == 23)
    }

    @Test func regexSearchWithCtrlR() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 100, height: 10))
        app.type("/")
        app.press(.control("r"))
        app.type("^Li")
        #expect((app.screens.top as? PromptScreen)?.prompt.isRegex == true)
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == 2)  // Linus
        app.type("/(")  // the prompt remembers regex mode
        #expect((app.screens.top as? PromptScreen)?.prompt.isRegex == true)
        app.press(.enter)
        app.drawFrame()
        #expect((app.backend as! MemoryBackend).presented!.lines.last!.contains("invalid regex"))
    }

    @Test func ampersandFiltersAndComposesWithSort() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 60, height: 10))
        app.type("&lagos")
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
        let shown = (0..<app.view.viewport.rowCount).map { app.view.sourceRow(forDisplayRow: $0) }
        #expect(shown == [6, 7, 8, 18, 19, 20])
        expectSnapshot(backend, "filter-lagos")
        app.type("lll]")  // amount, descending, over the kept rows only
        app.view.waitForJob()
        let amounts = (0..<app.view.viewport.rowCount).map { app.view.dataSource.value(row: app.view.sourceRow(forDisplayRow: $0), column: 3).intValue! }
        #expect(amounts.count == 6 && amounts == amounts.sorted(by: >))
        app.press(.escape)  // clears the filter; the sort stays
        app.view.waitForJob()
        #expect(app.view.viewport.rowCount == 30)
        #expect(app.view.filter == nil && app.view.sortDescriptors.count == 1)
        app.type("&zzz")
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.viewport.rowCount == 0)
        app.type("&")
        app.press(.control("u"), .enter)  // empty input shows all rows again
        app.view.waitForJob()
        #expect(app.view.viewport.rowCount == 30)
    }

    @Test func quitKeys() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 3), size: size)
        #expect(app.handle(.key(.character("x"))) == .ignored)
        #expect(app.handle(.key(.character("q"))) == .quit)
        #expect(app.handle(.key(.control("c"))) == .quit)
    }
}
