import Testing
import TestSupport

extension EndToEnd {
    /// `--print` measures every printed row: a value is cut only when the widths' rule forces
    /// it (issue 19: `--width 1000` cut values the 1,000-row sample had missed).
    @Suite("Print widths")
    struct PrintWidths {
        @Test("The 5,000th row holds the longest value: --print --width 1000 prints it whole")
        func longestValueFarDown() throws {
            let longest = "Huntsville International Airport-Carl T Jones Field"
            var text = "faa,name,alt\n"
            for row in 1...7_000 {
                text += "A\(row),\(row == 5_000 ? longest : "Airport \(row % 97)"),\(row % 300)\n"
            }
            let directory = try TemporaryDirectory()
            let path = try directory.write("airports.csv", text: text)
            // The longest name, found here from the rows written.
            let names = text.split(separator: "\n").dropFirst().map { line in String(line.split(separator: ",")[1]) }
            let expected = names.max { $0.count < $1.count }!
            #expect(expected == longest)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "1000", path], timeout: 30)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count == 7_001)
            let row = try #require(lines.first { $0.hasPrefix("A5000 ") })
            #expect(row.contains(expected), "\(row)")
            #expect(!result.standardOutputText.contains("…"))
        }
    }
}
