import Dispatch
import Synchronization
import TerminalSurface
import Testing
import TestSupport
@testable import DataTableKit

/// The row of the issue: `(\w+\s?)+$` backtracks exponentially over it (it ends in `!`).
let catastrophicRow = "the quick brown fox jumps over the lazy dog again and again!"
let catastrophicPattern = #"(\w+\s?)+$"#

private func regex(_ query: String) -> RowMatcher { try! RowMatcher(query: query, mode: .regex) }

/// Seconds `body` takes.
private func seconds(_ body: () -> Void) -> Double {
    let d = ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

@Test func catastrophicBacktrackingStopsAtTheLimit() {
    let m = regex(catastrophicPattern)
    #expect(!m.isTooComplex)
    var verdict = RowMatcher.Verdict.match
    let elapsed = seconds { verdict = m.verdict(catastrophicRow) }
    print("regex limit: \(catastrophicPattern) over \(catastrophicRow.utf8.count) bytes: \(elapsed * 1000) ms, JIT \(m.pattern!.isJITCompiled)")
    #expect(verdict == .tooComplex)
    #expect(elapsed < 0.5)
    #expect(m.isTooComplex)
    #expect(!m.matches(catastrophicRow))
    // The same pattern over a row it matches at once is fine.
    #expect(regex(catastrophicPattern).verdict("the quick brown fox") == .match)
    // Highlighting ends too.
    #expect(seconds { _ = regex(catastrophicPattern).matchRanges(in: catastrophicRow) } < 0.5)
}

/// A table whose one column holds the catastrophic row first, then rows the pattern matches.
private func wedgeTable() -> StringRowsDataSource {
    StringRowsDataSource(titles: ["text"], rows: [[catastrophicRow], ["hello world"], ["abc"]])
}

@Test func filterJobWithAPatternOutOfItsLimitsFailsAndSaysSo() {
    let (app, _) = TableFixtures.application(wedgeTable(), size: Size(width: 60, height: 8))
    let view = app.view
    let elapsed = seconds {
        view.startFilter(regex(catastrophicPattern))
        view.waitForJob()
    }
    #expect(elapsed < 1)
    #expect(view.notice == "pattern too complex: \(catastrophicPattern)")
    #expect(view.filter == nil)  // not applied: every row still shown
    #expect(view.viewport.rowCount == 3)
}

@Test func searchJobWithAPatternOutOfItsLimitsFailsAndIsForgotten() {
    let (app, _) = TableFixtures.application(wedgeTable(), size: Size(width: 60, height: 8))
    let view = app.view
    view.startSearch(regex(catastrophicPattern), forward: true)  // from row 1: "hello world" matches
    view.waitForJob()
    #expect(view.viewport.cursor.row == 1)
    #expect(view.notice == nil)
    view.startSearch(regex(catastrophicPattern), forward: true)  // row 2 "abc" matches
    view.waitForJob()
    #expect(view.viewport.cursor.row == 2)
    view.startSearch(regex(catastrophicPattern), forward: true)  // wraps to row 0: out of its limits
    view.waitForJob()
    #expect(view.notice == "pattern too complex: \(catastrophicPattern)")
    #expect(view.viewport.cursor.row == 2)
    #expect(view.lastSearch == nil)  // n does not repeat it, nothing is highlighted with it
}

@Test func typedPatternStopsHighlightingAndSaysTooComplex() {
    let (app, backend) = TableFixtures.application(wedgeTable(), size: Size(width: 100, height: 6))
    app.press(.character("/"), .control("r"))
    let elapsed = seconds { app.type(catastrophicPattern) }
    #expect(elapsed < 2)
    let status = Snapshot.text(of: backend.presented!, includeStyles: false).split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("/(regex) \(catastrophicPattern)"), "\(status)")
    #expect(status.contains("pattern too complex"), "\(status)")
    // One compiled matcher for the typed text, given up once: later frames do not match again.
    let matcher = app.view.search.typedQueryMatcher()
    #expect(matcher?.isTooComplex == true)
    app.drawFrame()
    #expect(app.view.search.typedQueryMatcher()?.isTooComplex == true)
    let again = Snapshot.text(of: backend.presented!, includeStyles: false).split(separator: "\n").last.map(String.init) ?? ""
    #expect(again.contains("pattern too complex"), "\(again)")
    // A pattern that is fine highlights again, without the notice.
    app.press(.escape, .character("/"))
    app.type("hello")
    let fine = Snapshot.text(of: backend.presented!, includeStyles: false).split(separator: "\n").last.map(String.init) ?? ""
    #expect(!fine.contains("pattern too complex"), "\(fine)")
}

@Test func invalidUTF8IsMatchedAroundNeverAnError() {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x63, 0x64, 0xC3]  // a, invalid, b c d, truncated sequence
    bytes.withUnsafeBytes { field in
        #expect(regex("bcd").verdict(utf8: field) == .match)
        #expect(regex("b.d").verdict(utf8: field) == .match)
        #expect(regex("^a.b").verdict(utf8: field) == .noMatch)  // the invalid byte matches nothing
        #expect(regex("^a").verdict(utf8: field) == .match)
        #expect(try! RowMatcher(query: "BCDé", mode: .substring).verdict(utf8: field) == .noMatch)
        #expect(try! RowMatcher(query: "bcé", mode: .substring).verdict(utf8: field) == .noMatch)
    }
    let latin: [UInt8] = [0x43, 0x41, 0x46, 0xC3, 0x89, 0xFE]  // "CAFÉ" then an invalid byte
    latin.withUnsafeBytes { field in
        #expect(try! RowMatcher(query: "café", mode: .substring).verdict(utf8: field) == .match)
    }
}

@Test func matchingFromManyThreadsAgrees() {
    let m = regex(#"^\w+ (\d+)$"#)
    let fields = (0..<2000).map { $0 % 3 == 0 ? "row \($0)" : "row \($0)x" }
    let expected = fields.map { m.matches($0) }
    #expect(expected.filter { $0 }.count == 667)
    let mismatches = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for (i, field) in fields.enumerated() where m.matches(field) != expected[i] {
            mismatches.add(1, ordering: .relaxed)
        }
    }
    #expect(mismatches.load(ordering: .relaxed) == 0)
}

@Test func aSearchThatFoundItsRowButCannotHighlightEveryCellSaysSo() {
    let (app, backend) = TableFixtures.application(wedgeTable(), size: Size(width: 100, height: 6))
    app.view.startSearch(regex(catastrophicPattern), forward: true)  // row 1 matches at once
    app.view.waitForJob()
    app.drawFrame()  // row 0, on screen, is too complex to highlight
    #expect(app.view.viewport.cursor.row == 1)
    let status = Snapshot.text(of: backend.presented!, includeStyles: false).split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("pattern too complex to highlight"), "\(status)")
}
