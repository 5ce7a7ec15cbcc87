import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `y` with rows marked: the marked rows as TSV, through the real controller on the memory backend.
extension KeyEffectTests {
    @Test func yWithMarksCopiesTheMarkedRowsInDisplayOrderAsTSV() {
        let source = StringRowsDataSource(titles: ["id", "name", "note"],
                                          rows: [["1", "Ada", "a\tb"], ["2", "Grace", "x"], ["3", "Zoë", "say \"hi\"\nthere"]])
        let (app, backend) = app(source)
        // Mark the first and third rows, then sort descending by id: display order 3, 1.
        press(app, "m")
        app.press(.down, .down)
        press(app, "m")
        app.view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        app.view.waitForJob()
        #expect(app.view.hideColumn(1))
        press(app, "y")
        #expect(backend.clipboard == ["id\tnote\n3\t\"say \"\"hi\"\"\nthere\"\n1\t\"a\tb\"\n"])
        #expect(app.view.notice == "copied 2 rows × 2 columns as TSV")
    }

    @Test func yWithMarksRefusesRowsTooLargeForTheClipboard() {
        let big = String(repeating: "x", count: 50_000)
        let (app, backend) = app(StringRowsDataSource(titles: ["t"], rows: [[big], [big]]))
        press(app, "m")
        app.press(.down)
        press(app, "m")
        press(app, "y")
        #expect(backend.clipboard.isEmpty)
        #expect(app.view.notice?.contains("too large to copy") == true)
    }
}
