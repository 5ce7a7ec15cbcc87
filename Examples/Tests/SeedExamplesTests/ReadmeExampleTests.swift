import Foundation
import Testing

/// README.md's library example is the `readme-example` target's `main.swift`, character for
/// character, so the example a newcomer copies is one that compiles.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeShowsTheCompiledExample() throws {
        let examples = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: examples.appendingPathComponent("Sources/readme-example/main.swift"), encoding: .utf8)
        let readme = try String(contentsOf: examples.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + source + "```\n"), "README.md no longer shows Examples/Sources/readme-example/main.swift")
    }
}
