import Foundation
import Testing
@testable import SeedExamples

/// Runs every example's `--print` path and compares it with the text checked in under
/// `__Snapshots__/` (`UPDATE_SNAPSHOTS=1 swift test --package-path Examples` rewrites them).
@Suite struct ExampleSnapshotTests {
    static let names = Example.all.map(\.name)

    @Test(arguments: names)
    func printsAsCheckedIn(name: String) throws {
        try expectSnapshot(["--print", name, "--width", "100"], file: "\(name).txt")
    }

    /// The styling example's colours, as SGR escapes (red negatives, stripes, rich text).
    @Test func defaultConfigurationInColor() throws {
        try expectSnapshot(["--print", "default-configuration", "--width", "100", "--color"],
                           file: "default-configuration.color.txt")
    }

    /// In the terminal the live example applies a snapshot once a second, from the run loop's wakes.
    @Test func theLiveExampleAppliesASnapshotOnceASecond() throws {
        let table = LiveSnapshotExample.example.make()
        let tick = try #require(table.tick)
        let start = ContinuousClock.now
        #expect(tick(start) == nil)
        let first = try #require(tick(start + .seconds(1)))
        #expect(first.hasPrefix("applied: 3 updated"))
        #expect(table.view.isFlashing)
        #expect(tick(start + .milliseconds(1500)) == nil)
        #expect(tick(start + .seconds(2)) != nil)
    }

    @Test func listsEveryExample() {
        var lines: [String] = []
        #expect(ExampleRunner.main(arguments: ["--list"]) { lines.append($0) } == 0)
        #expect(lines.count == Example.all.count)
    }

    @Test func unknownNameIsAnError() {
        #expect(ExampleRunner.main(arguments: ["--print", "no-such-example"]) { _ in } == 2)
    }

    private func expectSnapshot(_ arguments: [String], file: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        var lines: [String] = []
        let status = ExampleRunner.main(arguments: arguments) { lines.append($0) }
        #expect(status == 0, sourceLocation: sourceLocation)
        try expectSnapshotFile(lines.joined(separator: "\n") + "\n", file: file, sourceLocation: sourceLocation)
    }
}
