import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// A number is never drawn cut (issue 19: sorted descending, the hottest hour showed `100.…`
/// because the sample's widest was `98.96`): a column of numbers widens when a wider number
/// comes into view, and never narrows while viewing; at a width the user set, a number is
/// written in a shorter exact form or as `#`s, never with `…`.
@Suite struct NumberWidthsSnapshotTests {
    /// 20,000 rows of `id,temp,count,note`; near the end (rows the 1,000-row sample of the
    /// widths skips) temperatures of 100 and more and counts of a million.
    static func weather() -> StringRowsDataSource {
        let rows = (0..<20_000).map { i -> [String] in
            let hot = (19_994..<19_999).contains(i)
            return [String(i + 1), hot ? "100.04" : "98.96", hot ? "1000000" : "12", i % 5 == 0 ? "a long note about the day" : "ok"]
        }
        return StringRowsDataSource(titles: ["id", "temp", "count", "note"], rows: rows)
    }

    func application(_ source: StringRowsDataSource) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(source, size: Size(width: 50, height: 8), colorCount: 0)
    }

    /// The body lines of the screen.
    func body(_ backend: MemoryBackend) -> [String] { Array(backend.presented!.lines.dropFirst().dropLast()) }

    @Test func aWiderNumberScrolledIntoViewWidensItsColumnForGood() throws {
        let source = Self.weather()
        let (app, backend) = application(source)
        // The sample missed the wide numbers (checked here, so the test means what it says).
        let widest = source.rows.map { $0[1].count }.max()!
        #expect(app.view.columns[1].width < widest)
        app.press(.character("G"))
        app.drawFrame()
        expectSnapshot(backend, "numbers-widen-in-view", styles: false)
        let hot = try #require(body(backend).first { $0.contains("19995 ") })
        #expect(hot.contains("100.04"), "\(hot)")
        #expect(hot.contains("1000000"), "\(hot)")
        #expect(!body(backend).contains { $0.contains("…") }, "\(body(backend))")
        #expect(app.view.columns[1].width >= widest)
        // Back at the top the column stays as wide (no jitter).
        let width = app.view.columns[1].width
        app.press(.character("g"))
        app.drawFrame()
        #expect(app.view.columns[1].width == width)
        expectSnapshot(backend, "numbers-stay-wide-at-the-top", styles: false)
    }

    @Test func aNumberInAColumnTheUserNarrowedIsWrittenExactlyOrAsHashes() throws {
        let (app, backend) = application(Self.weather())
        app.press(.character("G"), .right, .right)  // the count column
        for _ in 0..<3 { app.press(.character("<")) }
        app.press(.left)
        for _ in 0..<2 { app.press(.character("<")) }
        app.drawFrame()
        expectSnapshot(backend, "numbers-narrowed-by-the-user", styles: false)
        let hot = try #require(body(backend).first { $0.contains("19996 ") })
        // 1000000 in 4 columns: 1e6; 100.04 in 4 columns: no exact form fits.
        #expect(hot.contains(" 1e6"), "\(hot)")
        #expect(hot.contains("####"), "\(hot)")
        #expect(!body(backend).contains { $0.contains("…") && !$0.contains("a long") }, "\(body(backend))")
        // = sizes it from its content again: then it widens for the numbers in view.
        app.press(.character("="))
        app.drawFrame()
        let again = try #require(body(backend).first { $0.contains("19996 ") })
        #expect(again.contains(" 100.04 "), "\(again)")
    }
}
