import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `:w` and its forms reach the delegate as requests; the outcome stays on the status line.
@Suite struct WriteCommandTests {
    /// Records the requests and answers with a message (or an error).
    final class Writer: TableApplicationDelegate {
        var requests: [DataTableWriteRequest] = []
        var failure: String?
        func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { true }
        func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String {
            requests.append(request)
            if let failure { throw DataTableMessage(failure) }
            return "wrote 30 rows to \(request.path ?? "people.csv")"
        }
    }

    func command(_ app: TableApplication, _ line: String) -> TableApplication.Response {
        app.press(.character(":"))
        for c in line { app.press(.character(c)) }
        return app.handle(.key(.enter))
    }

    @Test func theFormsOfWriteAreRequests() {
        #expect(TableApplication.writeRequest("w") == DataTableWriteRequest())
        #expect(TableApplication.writeRequest("w!") == DataTableWriteRequest(overwrites: true))
        #expect(TableApplication.writeRequest("w other.csv") == DataTableWriteRequest(path: "other.csv"))
        #expect(TableApplication.writeRequest("w!  my file.csv ") == DataTableWriteRequest(path: "my file.csv", overwrites: true))
        #expect(TableApplication.writeRequest("wq") == DataTableWriteRequest(quitsAfter: true))
        #expect(TableApplication.writeRequest("x") == DataTableWriteRequest(quitsAfter: true))
        #expect(TableApplication.writeRequest("wq! out.csv") == DataTableWriteRequest(path: "out.csv", overwrites: true, quitsAfter: true))
        #expect(TableApplication.writeRequest("write") == nil)
        #expect(TableApplication.writeRequest("q") == nil)
    }

    @Test func theOutcomeOfAWriteOutlastsKeysUntilEscOrTheNextMessage() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 100, height: 8))
        let writer = Writer()
        app.delegate = writer
        #expect(command(app, "w! other.csv") == .redraw)
        #expect(writer.requests == [DataTableWriteRequest(path: "other.csv", overwrites: true)])
        #expect(statusText(app, backend).contains("wrote 30 rows to other.csv"))
        app.press(.character("j"), .character("l"), .character("k"))
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 0, column: 1))
        #expect(statusText(app, backend).contains("wrote 30 rows to other.csv"))
        app.press(.escape)
        #expect(!statusText(app, backend).contains("wrote"))
        // A failure stays too; the next message replaces it.
        writer.failure = "not written: another program saved 'people.csv' since it was read"
        #expect(command(app, "w") == .redraw)
        app.press(.character("j"))
        #expect(statusText(app, backend).contains("another program saved"))
        app.press(.character("u"))
        #expect(statusText(app, backend).contains("nothing to undo"))
        // :wq quits once a synchronous write succeeded; not after a failure.
        #expect(command(app, "wq") == .redraw)
        writer.failure = nil
        #expect(command(app, "wq") == .quit)
    }
}
