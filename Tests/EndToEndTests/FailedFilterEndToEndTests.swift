import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// A filter whose pattern runs out of its limits is an error, never every row (issue 19).
    @Suite("A failed filter")
    struct FailedFilter {
        /// `(a+)+$` backtracks exponentially over the second row.
        static let csv = "text\na\n" + String(repeating: "a", count: 40) + "b\nccc\n"

        @Test("--print --filter '(a+)+$': status 2, the message on stderr, nothing printed")
        func printFails() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("wedge.csv", text: Self.csv)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--filter", "(a+)+$", path], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2, "\(result.standardOutputText)")
            #expect(result.standardOutput.isEmpty, "\(result.standardOutputText)")
            #expect(ProcessResult.lines(of: result.standardErrorText) == ["dtable: --filter: pattern too complex: (a+)+$"],
                    "\(result.standardErrorText.debugDescription)")
        }

        @Test("--print --columns '(a+)+$' with a title it runs out of its limits on: status 2, the message")
        func columnsFail() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("titles.csv", text: "a,\(String(repeating: "a", count: 40))b\n1,2\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", "--columns", "(a+)+$", path], timeout: 20)
            #expect(result.status == 2, "\(result.standardOutputText)")
            #expect(result.standardOutput.isEmpty, "\(result.standardOutputText)")
            #expect(ProcessResult.lines(of: result.standardErrorText) == ["dtable: --columns '(a+)+$': pattern too complex"],
                    "\(result.standardErrorText.debugDescription)")
        }

        @Test("The viewer with --filter '(a+)+$' exits 2 with the message, not a table of every row")
        func viewerFails() throws {
            let directory = try TemporaryDirectory()
            try directory.write("wedge.csv", text: Self.csv)
            let errors = directory.path + "/stderr"
            let session = try TmuxSession(width: 80, height: 10,
                                          arguments: ["sh", "-c", "\"$0\" --filter '(a+)+$' wedge.csv 2>\"$1\"",
                                                      try dtableBinaryPath(), errors],
                                          workingDirectory: directory.path)
            #expect(session.waitForExit(timeout: 10) == 2, "\(session.lastScreen)")
            let message = directory.read("stderr") ?? ""
            #expect(message == "dtable: --filter: pattern too complex: (a+)+$\n", "\(message.debugDescription)")
        }
    }
}
