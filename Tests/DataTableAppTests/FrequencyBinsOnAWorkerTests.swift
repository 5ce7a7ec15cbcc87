import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `B` in the frequency sheet makes its bins on a worker: the sheet says so until they are
/// there (binning reads every distinct value).
@Suite struct FrequencyBinsOnAWorkerTests {
    @Test func bSaysItMakesTheBinsThenShowsThem() throws {
        let source = StringRowsDataSource(titles: ["x"], rows: (0..<5000).map { [String(Double($0) * 0.37)] })
        let (app, backend) = TableFixtures.application(source, size: Size(width: 70, height: 12), colorCount: 0)
        app.type("F")
        app.settleScreens()
        app.type("B")
        #expect(backend.presented!.lines.joined().contains("making the bins of x"), "\(backend.presented!.lines)")
        app.settleScreens()
        #expect(backend.presented!.lines.last!.contains("x in bins of width 100"))
        app.type("B")
        app.settleScreens()
        #expect(backend.presented!.lines.last!.contains("frequency of x"))
    }
}
