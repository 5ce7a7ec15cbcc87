import Foundation
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `Y` then a format key: the marked rows (else the cursor row) in that format, through the real
/// controller on the memory backend.
extension KeyEffectTests {
    static let copyTitles = ["name", "city"]
    static let copyRows = [["Ada", "London"], ["Grace", "New York"], ["Zoë", "Zürich | CH"]]

    @Test func bigYThenJCopiesTheMarkedRowsAsJSON() throws {
        let (app, backend) = app(StringRowsDataSource(titles: Self.copyTitles, rows: Self.copyRows))
        press(app, "m")
        app.press(.down, .down)
        press(app, "m")
        press(app, "Y")
        #expect(app.view.notice?.contains("j json") == true)
        press(app, "j")
        let expected = [0, 2].map { row in
            Dictionary(uniqueKeysWithValues: zip(Self.copyTitles, Self.copyRows[row]))
        }
        let text = try #require(backend.clipboard.last)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]]
        #expect(parsed == expected)
        #expect(app.view.notice == "copied 2 rows × 2 columns as JSON")
    }

    @Test func bigYThenMCopiesTheMarkedRowsAsMarkdown() {
        let (app, backend) = app(StringRowsDataSource(titles: Self.copyTitles, rows: Self.copyRows))
        press(app, "m")
        app.press(.down, .down)
        press(app, "m")
        press(app, "Y")
        press(app, "m")
        #expect(backend.clipboard == ["| name | city |\n| --- | --- |\n| Ada | London |\n| Zoë | Zürich \\| CH |\n"])
        #expect(app.view.marks.set.count == 2)  // `m` answered the prompt, it did not mark
    }

    @Test func bigYThenEscapeCopiesNothing() {
        let (app, backend) = app(StringRowsDataSource(titles: Self.copyTitles, rows: Self.copyRows))
        press(app, "m")
        press(app, "Y")
        app.press(.escape)
        #expect(backend.clipboard.isEmpty)
        #expect(app.view.notice == "nothing copied")
    }

    @Test func bigYWithoutMarksCopiesTheCursorRow() {
        let (app, backend) = app(StringRowsDataSource(titles: Self.copyTitles, rows: Self.copyRows))
        app.press(.down)
        press(app, "Y")
        press(app, "c")
        #expect(backend.clipboard == ["name,city\nGrace,New York\n"])
        #expect(app.view.notice == "copied 1 row × 2 columns as CSV")
    }
}
