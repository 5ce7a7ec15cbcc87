import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `q` answers within a second whatever the input: work that grows with the input never runs
    /// on the UI thread. Each case ends with the process gone within 2 s of `q` (or of its start,
    /// for input that is refused).
    @Suite("q answers while loading")
    struct QuitAnswersWhileLoading {
        /// A FIFO in `directory` (nobody writes to it yet).
        func makeFIFO(in directory: TemporaryDirectory, name: String = "pipe") throws -> String {
            let path = directory.track(name)
            try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
            return path
        }

        @Test("A FIFO with no writer: the screen says so at once and q quits")
        func fifoWithoutWriter() throws {
            let directory = try TemporaryDirectory()
            _ = try makeFIFO(in: directory)
            let session = try TmuxSession(width: 80, height: 10, arguments: [try dtableBinaryPath(), "pipe"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor(timeout: 5) { Fixture.statusLine($0).contains("waiting for a writer on 'pipe'") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "still running 2 s after q:\n\(session.lastScreen)")
        }

        @Test("A FIFO whose writer comes later is read then, like less")
        func fifoWriterArrivesLater() throws {
            let directory = try TemporaryDirectory()
            let fifo = try makeFIFO(in: directory)
            let session = try TmuxSession(width: 80, height: 10, arguments: [try dtableBinaryPath(), "pipe"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor(timeout: 5) { Fixture.statusLine($0).contains("waiting for a writer") },
                         "\(session.lastScreen)")
            // The writer opens after dtable is waiting (open for writing pairs with its reader).
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            try #require(fd >= 0)
            let text = "id,name\n1,first\n2,second\n"
            _ = text.withCString { write(fd, $0, strlen($0)) }
            close(fd)
            #expect(session.waitFor(timeout: 5) { screen in
                Fixture.words(screen.row(0)) == ["id", "name"] && Fixture.words(screen.row(2)) == ["2", "second"]
                    && Fixture.statusLine(screen).contains("row 1/2")
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0)
        }

        @Test("A stream that has not sent its first line yet: the screen says so and q quits")
        func streamBeforeItsFirstLine() throws {
            let session = try TmuxSession(width: 80, height: 10,
                                          shellCommand: "sleep 30 | \(shellQuoted(try dtableBinaryPath()))")
            #expect(session.waitFor(timeout: 5) { Fixture.statusLine($0).contains("waiting for the first lines of stdin") },
                    "\(session.lastScreen)")
            // The pane's status is the pipeline's: dtable's, once `sleep` is gone too; dtable is
            // checked by its process.
            let dtable = try session.processID(named: "dtable")
            try session.sendKeys("q")
            #expect(waitUntilGone(dtable, seconds: 2), "dtable still runs 2 s after q:\n\(session.lastScreen)")
        }

        @Test("--print on a FIFO with no writer waits as cat would, and Ctrl-C ends it")
        func printModeOnAFIFOEndsWithControlC() throws {
            let directory = try TemporaryDirectory()
            _ = try makeFIFO(in: directory)
            let session = try TmuxSession(width: 80, height: 10, arguments: [try dtableBinaryPath(), "--print", "pipe"],
                                          workingDirectory: directory.path)
            let dtable = try session.processID(named: "dtable")
            usleep(300_000)
            try session.sendKeys("C-c")
            #expect(waitUntilGone(dtable, seconds: 2))
            #expect(session.waitForExit(timeout: 2) == 128 + SIGINT)
        }

        /// Runs `command` (the viewer, on a terminal) in a pane, its stderr to a file: it must end
        /// within 2 s with status 2 and say the input is binary.
        func expectRefusedAtOnce(_ command: String, named name: String) throws {
            let directory = try TemporaryDirectory()
            _ = directory.track("stderr")
            let session = try TmuxSession(width: 120, height: 10, shellCommand: "\(command) 2> stderr",
                                          workingDirectory: directory.path)
            let status = session.waitForExit(timeout: 2)
            #expect(status == 2, "\(command): status \(status.map(String.init) ?? "none: still running after 2 s")")
            let message = directory.read("stderr") ?? ""
            #expect(message.hasPrefix("dtable: \(name) looks like a binary file, not CSV text"), "\(message)")
            #expect(ProcessResult.lines(of: message).count == 1, "\(message)")
        }

        @Test("dtable /dev/zero is refused after its first 64 KB, within 2 s")
        func devZeroAsAFile() throws {
            try expectRefusedAtOnce("\(shellQuoted(try dtableBinaryPath())) /dev/zero", named: "'/dev/zero'")
        }

        @Test("dtable < /dev/zero is refused within 2 s")
        func devZeroOnStandardInput() throws {
            try expectRefusedAtOnce("\(shellQuoted(try dtableBinaryPath())) < /dev/zero", named: "stdin")
            // Print mode too (stdout not a terminal).
            let printed = try runProcess([try dtableBinaryPath(), "--print"], standardInputPath: "/dev/zero", timeout: 2)
            #expect(!printed.timedOut && printed.status == 2, "\(printed.status) \(printed.standardErrorText)")
            #expect(printed.standardErrorText.hasPrefix("dtable: stdin looks like a binary file"))
        }

        @Test("cat /dev/urandom | dtable is refused within 2 s, and cat is let go")
        func randomBytesThroughAPipe() throws {
            try expectRefusedAtOnce("cat /dev/urandom | \(shellQuoted(try dtableBinaryPath()))", named: "stdin")
        }

        /// Waits until process `pid` is gone (or a zombie), at most `seconds`.
        func waitUntilGone(_ pid: pid_t, seconds: Double) -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
            while ContinuousClock.now < deadline {
                if kill(pid, 0) != 0 { return true }
                var state = ""
                let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
                if fd >= 0 {
                    var buffer = [UInt8](repeating: 0, count: 512)
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    let text = String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
                    if let close = text.lastIndex(of: ")") { state = String(text[close...].dropFirst(2).prefix(1)) }
                }
                if state == "Z" || state == "X" { return true }
                usleep(10_000)
            }
            return false
        }
    }
}
