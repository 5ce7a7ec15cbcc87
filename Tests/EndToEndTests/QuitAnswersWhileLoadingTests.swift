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

        /// Starts dtable on `file` in `directory`, waits for the table, then keeps moving the
        /// cursor one step forward and back (`j`/`k`, or `l`/`h` with `byColumn`) while the file is
        /// indexed and for 3 s after (loading's end is when columns were measured again): each
        /// step must show on the status line within 2 s. Gives up after `timeout` s (a debug build
        /// on a shared machine).
        func startAnsweringWhileIndexing(_ file: String, in directory: TemporaryDirectory, width: Int = 100,
                                         height: Int = 12, byColumn: Bool = false,
                                         firstScreenWithin: Double = 60, timeout: Double = 180) throws -> TmuxSession {
            let session = try TmuxSession(width: width, height: height, arguments: [try dtableBinaryPath(), file],
                                          workingDirectory: directory.path)
            try #require(session.waitFor(timeout: firstScreenWithin) { Fixture.statusLine($0).contains(" row ") },
                         "no table within \(firstScreenWithin) s:\n\(session.lastScreen)")
            /// The cursor's row (or column) on the status line: N of "row N/…".
            func cursor(_ screen: [String]) -> Int? {
                let words = Fixture.words(Fixture.statusLine(screen))
                guard let at = words.firstIndex(of: byColumn ? "col" : "row"), at + 1 < words.count else { return nil }
                return Int(words[at + 1].prefix { $0 != "/" }.filter(\.isNumber))
            }
            let deadline = ContinuousClock.now + .seconds(timeout)
            var indexedAt: ContinuousClock.Instant?
            var forward = true
            while ContinuousClock.now < deadline {
                let before = try #require(cursor(try session.capture()), "no cursor position:\n\(session.lastScreen)")
                try session.sendKeys(forward ? (byColumn ? "l" : "j") : (byColumn ? "h" : "k"))
                let expected = before + (forward ? 1 : -1)
                forward.toggle()
                try #require(session.waitFor(timeout: 2) { cursor($0) == expected },
                             "a key was not answered within 2 s (indexed: \(indexedAt != nil)):\n\(session.lastScreen)")
                if !Fixture.statusLine(session.lastCapture).contains("indexing") {
                    indexedAt = indexedAt ?? .now
                    if ContinuousClock.now - indexedAt! > .seconds(3) { return session }
                }
                usleep(200_000)
            }
            Issue.record("not indexed in \(timeout) s:\n\(session.lastScreen)")
            return session
        }

        /// `a,b`, 20,000 short rows (more than the 64 KB sniffed), then `tail`.
        func fileWithATail(_ tail: (Int32) throws -> Void, in directory: TemporaryDirectory, name: String) throws {
            var text = "a,b\n"
            for i in 0..<20_000 { text += "\(i),x\n" }
            let path = try directory.write(name, text: text)
            let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            try tail(fd)
        }

        @Test("A header and a 5 GB sparse tail of NUL bytes: q answers once indexed, and on the huge last record")
        func sparseTail() throws {
            let directory = try TemporaryDirectory()
            // truncate(1): the tail costs no disk; the file goes with the directory.
            try fileWithATail({ fd in try #require(ftruncate(fd, 5 << 30) == 0) }, in: directory, name: "sparse.csv")
            let session = try startAnsweringWhileIndexing("sparse.csv", in: directory)
            // The last record is 5 GB of NULs: shown (its first 64 KiB), not scanned.
            try session.sendKeys("G")
            #expect(session.waitFor(timeout: 5) { Fixture.statusLine($0).contains("row 20,001/20,001") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "still running 2 s after q:\n\(session.lastScreen)")
        }

        @Test("A huge last record of printable bytes: q answers once indexed, and on that record")
        func hugePrintableLastRecord() throws {
            let directory = try TemporaryDirectory()
            try fileWithATail({ fd in
                let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
                for _ in 0..<300 { _ = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            }, in: directory, name: "huge.csv")
            let session = try startAnsweringWhileIndexing("huge.csv", in: directory)
            try session.sendKeys("G")
            #expect(session.waitFor(timeout: 5) { Fixture.statusLine($0).contains("row 20,001/20,001") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "still running 2 s after q:\n\(session.lastScreen)")
        }

        /// A file of `columns` columns `c0`, `c1`, … and `rows` rows of small numbers.
        func wideFile(columns: Int, rows: Int, in directory: TemporaryDirectory, name: String) throws {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(columns * 8 * (rows + 1))
            for column in 0..<columns { bytes += Array("\(column == 0 ? "" : ",")c\(column)".utf8) }
            bytes.append(0x0A)
            for row in 0..<rows {
                for column in 0..<columns { bytes += Array("\(column == 0 ? "" : ",")\((column * 7 + row) % 1000)".utf8) }
                bytes.append(0x0A)
            }
            try directory.write(name, bytes: bytes)
        }

        @Test("200,000 columns: I shows the summary at once, and q answers")
        func summaryOfTwoHundredThousandColumns() throws {
            let directory = try TemporaryDirectory()
            try wideFile(columns: 200_000, rows: 5, in: directory, name: "wide.csv")
            let session = try startAnsweringWhileIndexing("wide.csv", in: directory, byColumn: true)
            try session.sendKeys("I")
            // The sheet is up (it fills in as its job runs on the workers), listing the columns.
            #expect(session.waitFor(timeout: 5) { screen in
                Fixture.words(screen.row(0)).starts(with: ["column", "kind", "non-null"])
                    && Fixture.words(screen.row(1)).first == "c0" && Fixture.statusLine(screen).contains("/200,000")
            }, "\(session.lastScreen)")
            // q closes the sheet, q quits.
            try session.sendKeys("q")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "still running 2 s after q:\n\(session.lastScreen)")
        }

        @Test("1,000,000 columns: $ and 0 answer at once, and q")
        func aMillionColumns() throws {
            let directory = try TemporaryDirectory()
            try wideFile(columns: 1_000_000, rows: 3, in: directory, name: "million.csv")
            // The first screen measures the columns it shows, not a million (a debug build on a
            // shared machine: seconds; it took 25 s before).
            let session = try startAnsweringWhileIndexing("million.csv", in: directory, width: 80, byColumn: true,
                                                          firstScreenWithin: 10)
            try session.sendKeys("$")
            #expect(session.waitFor(timeout: 2) { screen in
                Fixture.words(screen.row(0)).last == "c999999" && Fixture.statusLine(screen).contains("col 1000000/1000000")
            }, "\(session.lastScreen)")
            // The last column's values, read from the end of each million-field record.
            #expect(Fixture.words(session.lastCapture.row(1)).last == String((999_999 * 7) % 1000))
            try session.sendKeys("0")
            #expect(session.waitFor(timeout: 2) { Fixture.words($0.row(0)).first == "c0" && Fixture.statusLine($0).contains("col 1/") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "still running 2 s after q:\n\(session.lastScreen)")
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
