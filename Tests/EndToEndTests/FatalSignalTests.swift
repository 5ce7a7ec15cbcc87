import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// A crash (SIGABRT, SIGSEGV, sent here with kill) leaves the terminal as the shell had it:
    /// line mode, echo and CR/NL translation back (they used to stay off: the modes saved were
    /// taken after ncurses had changed them), and dtable ends with the signal's status, with the
    /// Swift runtime's crash report (printed, not waiting for a key) or without one.
    @Suite("The terminal after a crash")
    struct FatalSignal {
        enum Crash: String, CaseIterable, CustomTestStringConvertible {
            case abortWithoutReport, segfaultWithoutReport, abortWithReport, segfaultWithReport
            var signal: Int32 { self == .abortWithoutReport || self == .abortWithReport ? SIGABRT : SIGSEGV }
            /// SWIFT_BACKTRACE: the runtime's crash report off, or printed without its prompt.
            var backtrace: String { self == .abortWithoutReport || self == .segfaultWithoutReport ? "enable=no" : "enable=yes,interactive=no" }
            var testDescription: String { rawValue }
        }

        @Test("After a crash the shell's stty shows icanon, echo, onlcr and icrnl again", arguments: Crash.allCases)
        func modesRestored(crash: Crash) throws {
            let directory = try Fixture.directoryWithPeople()
            let binary = try dtableBinaryPath()
            let session = try TmuxSession(
                shellCommand: "\(shellQuoted(binary)) \(Fixture.peopleFileName); echo \"dtable-exit=$?\"; stty -a > stty.txt; exec sleep 600",
                environment: ["SWIFT_BACKTRACE": crash.backtrace], workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.isTableScreen($0, height: 24) }, "\(session.lastScreen)")
            #expect(kill(try session.processID(named: "dtable"), crash.signal) == 0)
            #expect(session.waitFor(timeout: 30) { screen in
                screen.contains { $0.contains("dtable-exit=\(128 + crash.signal)") } && directory.read("stty.txt")?.contains("speed") == true
            }, "\(session.lastScreen)")
            let words = Set((directory.read("stty.txt") ?? "").split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }).map(String.init))
            for mode in ["icanon", "echo", "onlcr", "icrnl"] {
                #expect(words.contains(mode) && !words.contains("-" + mode), "\(mode): \(words.sorted())")
            }
            #expect(try session.display("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}") == "000")
        }
    }
}
