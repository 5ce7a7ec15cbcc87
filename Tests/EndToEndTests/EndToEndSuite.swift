import Glibc
import Testing
import TestSupport

/// The end-to-end tests: the real `dtable` binary, in tmux or with pipes. One serialized suite
/// (the trait applies to the nested suites), so tmux servers do not compete for the CPU.
@Suite("End to end", .serialized)
struct EndToEnd {}

/// Shared fixtures and screen helpers.
enum Fixture {
    /// `id,name,city,amount` and 200 rows: `N,NameN,CityN,(7N).50`.
    static let peopleCSV: String = {
        var text = "id,name,city,amount\n"
        for i in 1...200 { text += "\(i),Name\(i),City\(i),\(i * 7).50\n" }
        return text
    }()

    static let peopleFileName = "people.csv"

    /// A temporary directory holding people.csv.
    static func directoryWithPeople() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(peopleFileName, text: peopleCSV)
        return directory
    }

    /// dtable on people.csv in a tmux pane, once the first frame is on screen.
    static func startViewer(in directory: TemporaryDirectory, width: Int = 80, height: Int = 24,
                            extraArguments: [String] = []) throws -> TmuxSession {
        let session = try TmuxSession(width: width, height: height,
                                      arguments: [try dtableBinaryPath()] + extraArguments + [peopleFileName],
                                      workingDirectory: directory.path)
        try #require(session.waitFor { isTableScreen($0, height: height) },
                     "the table did not appear:\n\(session.lastScreen)")
        return session
    }

    /// The words of the header row.
    static let headerWords = ["id", "name", "city", "amount"]

    static func words(_ line: String) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    /// The header on row 0 and a status line with a row position on the last row.
    static func isTableScreen(_ screen: [String], height: Int) -> Bool {
        screen.count == height && words(screen.row(0)) == headerWords && screen.row(height - 1).contains(" row ")
    }

    /// The last row of the screen (the status line when the table is up).
    static func statusLine(_ screen: [String]) -> String { screen.last ?? "" }

    /// The status line and the 5 rows above it, where a message too long for the status line
    /// wraps, trimmed and joined with spaces: for checking that a message shows whatever its length.
    static func statusAndMessage(_ screen: [String]) -> String {
        screen.suffix(6).map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .joined(separator: " ")
    }

    /// The first word of a body row: the `id` column's value.
    static func firstCell(_ line: String) -> String { words(line).first ?? "" }
}

extension Array where Element == String {
    /// Row `index` of a captured screen, or "" when the capture is shorter (never traps).
    func row(_ index: Int) -> String { indices.contains(index) ? self[index] : "" }
}
