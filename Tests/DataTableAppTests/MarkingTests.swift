import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Marked rows in the status line and the record view of a row.
@Suite struct MarkingTests: KeyDriving {
    @Test("The status line says `2 marked` once; the record view's notice covers its footer")
    func markedOnceAndRecordNoticeOverTheFooter() {
        let (app, backend) = app()
        press(app, "m")
        app.press(.down)
        press(app, "m")
        let status = statusText(app, backend)
        #expect(status.split(separator: "2 marked", omittingEmptySubsequences: false).count == 2, "\(status)")
        app.press(.enter)
        press(app, "y")
        let last = backend.presented!.lines.last!.trimmingSpaces
        #expect(last == "copied the record as CSV", "\(last)")
    }
}
