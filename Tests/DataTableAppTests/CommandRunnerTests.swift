import Glibc
import Testing
import TestSupport
import DataTableKit
@testable import DataTableApp

/// Runs `command` (placeholders over columns a, b, c) for `row` and waits (generously) for the end.
private func run(_ command: String, row: [String] = [], rowNumber: Int = 1, name: String = "Act") throws -> CommandRunner {
    let action = try ActionCommand(name: name, command: command, columnTitles: ["a", "b", "c"])
    let runner = CommandRunner.start(action, rowValues: row, rowNumber: rowNumber)
    #expect(runner.waitUntilDone(timeout: 30), "\(command) still running")
    return runner
}

private func outputText(_ runner: CommandRunner) -> String { String(decoding: runner.output, as: UTF8.self) }

/// Whether `pid` is gone or a zombie (a killed orphan waits for init to reap it).
private func isDeadOrZombie(_ pid: pid_t) -> Bool {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return true }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return true }
    let stat = String(decoding: buffer[0..<n], as: UTF8.self)
    guard let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
    return state == "Z" || state == "X"
}

/// Polls `condition` every 10 ms for up to `timeout` seconds.
private func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        usleep(10_000)
    }
    return true
}

/// Whether this process has no child `pid` left to reap (it was reaped already).
private func isReaped(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD
}

private func openDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count
}

@Suite(.serialized) struct CommandRunnerTests {
    @Test func hostileValuesReachTheChildAsSingleArguments() throws {
        let directory = try TemporaryDirectory(prefix: "dtable-action")
        let victim = try directory.write("x", text: "keep me")
        let hostile = "$(rm -rf \(victim)); rm -rf \(victim) `rm \(victim)`"
        let messy = "a b 'c' \"d\"\nsecond line\t* ~ {1} $HOME \\"
        let runner = try run("/usr/bin/printf '[%s]' {1} {2} '{3}' x{1}x", row: [hostile, messy, ""])
        #expect(runner.state == .finished(.exited(0), firstLine: "[\(hostile)][a b 'c' \"d\""))
        #expect(outputText(runner) == "[\(hostile)][\(messy)][][x\(hostile)x]")
        #expect(directory.read("x") == "keep me")
        #expect(access(directory.filePath("x"), F_OK) == 0)
    }

    @Test func anExplicitShellGetsValuesAsPositionalParameters() throws {
        let hostile = "$(id); rm -rf x"
        let runner = try run("/bin/sh -c 'printf \"%s|\" \"$@\"' sh {1} {2}", row: [hostile, "two words\nand a line"])
        #expect(outputText(runner) == "\(hostile)|two words\nand a line|")
    }

    @Test func environmentNamesTheActionTheRowAndItsCSV() throws {
        let row = ["7", "say \"hi\", then\nleave", "plain"]
        let runner = try run(
            "/bin/sh -c 'printf \"%s|%s|%s|%s\" \"$DTABLE_ACTION\" \"$DTABLE_ROW_NUMBER\" \"$DTABLE_ROW_CSV\" \"$PATH\"'",
            row: row, rowNumber: 42, name: "Show env")
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        #expect(outputText(runner) == "Show env|42|7,\"say \"\"hi\"\", then\nleave\",plain|\(path)")
    }

    @Test func envSeesTheVariables() throws {
        let runner = try run("/usr/bin/env", row: ["1", "b"], rowNumber: 3)
        // The three variables come last, after this process's environment (which may exceed 4 KB).
        let text = outputText(runner)
        if runner.output.count < CommandRunner.outputLimit {
            let lines = ProcessResult.lines(of: text)
            #expect(lines.suffix(3) == ["DTABLE_ACTION=Act", "DTABLE_ROW_NUMBER=3", "DTABLE_ROW_CSV=1,b"])
        }
        #expect(runner.state.isSuccess)
    }

    @Test func aMissingProgramFailsWithAClearMessage() throws {
        let runner = try run("dtable-no-such-program-here {1}", row: ["x"], name: "Missing")
        #expect(runner.state == .failed("cannot run 'dtable-no-such-program-here': No such file or directory"))
        #expect(runner.summary == "Missing: cannot run 'dtable-no-such-program-here': No such file or directory")
        #expect(runner.processID == nil)
    }

    @Test func aProgramThatIsNotExecutableFails() throws {
        let directory = try TemporaryDirectory(prefix: "dtable-action")
        let script = try directory.write("script", text: "#!/bin/sh\necho hi\n")
        let runner = try run(script)
        #expect(runner.state == .failed("cannot run '\(script)': Permission denied"))
    }

    @Test func exitStatusAndFirstLineMakeTheSummary() throws {
        let failing = try run("/bin/sh -c 'echo; echo \"  first line \"; echo second >&2; exit 3'", name: "Open")
        #expect(failing.state == .finished(.exited(3), firstLine: "first line"))
        #expect(failing.summary == "Open: exit 3: first line")

        let quiet = try run("/bin/sh -c 'exit 0'", name: "Open")
        #expect(quiet.state == .finished(.exited(0), firstLine: nil))
        #expect(quiet.summary == "Open: done")

        let chatty = try run("/bin/sh -c 'echo opened \"$1\" >&2' sh {1}", row: ["http://x"], name: "Open")
        #expect(chatty.summary == "Open: opened http://x")

        let silentFailure = try run("/bin/sh -c 'exit 12'", name: "Open")
        #expect(silentFailure.summary == "Open: exit 12")

        let signalled = try run("/bin/sh -c 'kill -USR1 $$'", name: "Open")
        #expect(signalled.state == .finished(.signaled(SIGUSR1), firstLine: nil))
        #expect(signalled.summary == "Open: killed by SIGUSR1")
    }

    @Test func escapeSequencesInOutputDoNotReachTheStatusLine() throws {
        let runner = try run("/usr/bin/printf '\\033[2J\\033]0;title\\007ok\\n'")
        #expect(runner.summary == "Act: ␛[2J␛]0;title␇ok")
    }

    @Test func outputIsBoundedAndTheChildNeverBlocks() throws {
        let runner = try run("/bin/sh -c 'yes | head -c 1000000; echo; echo end'")
        #expect(runner.state == .finished(.exited(0), firstLine: "y"))
        #expect(runner.output.count == CommandRunner.outputLimit)
    }

    @Test func startReturnsAtOnceAndCancelEndsTheChild() throws {
        let action = try ActionCommand(name: "Wait", command: "sleep 30")
        let runner = CommandRunner(action: action, rowValues: [], rowNumber: 1)
        #expect(runner.state == .notStarted)
        runner.start()
        #expect(runner.state == .running)
        #expect(runner.summary == "Wait: running")
        #expect(eventually { runner.processID != nil })
        let pid = try #require(runner.processID)
        runner.cancel()
        #expect(runner.waitUntilDone(timeout: 10))
        #expect(runner.state == .cancelled)
        #expect(runner.summary == "Wait: cancelled")
        #expect(isReaped(pid), "the child is left for someone else to reap")
        runner.start()  // no effect once done
        #expect(runner.state == .cancelled)
    }

    @Test func cancelKillsTheWholeProcessGroup() throws {
        let directory = try TemporaryDirectory(prefix: "dtable-action")
        let pidFile = directory.track("pid")
        let action = try ActionCommand(name: "Script", command: "/bin/sh -c 'sleep 30 & echo $! > \"$1\"; wait' sh {1}",
                                       columnTitles: ["file"])
        let runner = CommandRunner.start(action, rowValues: [pidFile], rowNumber: 1)
        #expect(eventually { directory.read("pid")?.hasSuffix("\n") == true })
        let grandchild = try #require(pid_t((directory.read("pid") ?? "").filter(\.isNumber)))
        #expect(!isDeadOrZombie(grandchild))
        runner.cancel()
        #expect(runner.waitUntilDone(timeout: 10))
        #expect(runner.state == .cancelled)
        #expect(eventually { isDeadOrZombie(grandchild) }, "sleep \(grandchild) outlived the cancelled script")
    }

    @Test func cancelFallsBackToSIGKILLWhenSIGTERMIsIgnored() throws {
        let directory = try TemporaryDirectory(prefix: "dtable-action")
        let pidFile = directory.track("pid")
        let action = try ActionCommand(name: "Stubborn",
                                       command: "/bin/sh -c 'trap \"\" TERM; sleep 30 & echo $! > \"$1\"; wait; wait' sh {1}",
                                       columnTitles: ["file"])
        let runner = CommandRunner(action: action, rowValues: [pidFile], rowNumber: 1, killDelay: 0.3)
        runner.start()
        #expect(eventually { directory.read("pid")?.hasSuffix("\n") == true })
        let grandchild = try #require(pid_t((directory.read("pid") ?? "").filter(\.isNumber)))
        let pid = try #require(runner.processID)
        runner.cancel()
        #expect(runner.waitUntilDone(timeout: 10))
        #expect(runner.state == .cancelled)
        #expect(isReaped(pid))
        #expect(eventually { isDeadOrZombie(grandchild) })
    }

    @Test func cancelBeforeStartNeverRuns() throws {
        let action = try ActionCommand(name: "Never", command: "sleep 30")
        let runner = CommandRunner(action: action, rowValues: [], rowNumber: 1)
        runner.cancel()
        runner.start()
        #expect(runner.state == .cancelled)
        #expect(runner.processID == nil)
    }

    @Test func aDaemonHoldingThePipeDoesNotKeepTheActionRunning() throws {
        let runner = try run("/bin/sh -c 'sleep 30 & echo $!'")
        guard case .finished(.exited(0), let line?) = runner.state, let daemon = pid_t(line) else {
            Issue.record("unexpected state \(runner.state)")
            return
        }
        kill(daemon, SIGKILL)
    }

    @Test func zombiesAreReaped() throws {
        let runner = try run("/bin/sh -c 'exit 0'")
        let pid = try #require(runner.processID)
        #expect(isReaped(pid))
    }

    @Test func descriptorsOfThisProcessDoNotLeakIntoTheChild() throws {
        // A descriptor someone opened without close-on-exec.
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let runner = try run("/usr/bin/test -e /proc/self/fd/\(fds[0]) -o -e /proc/self/fd/\(fds[1])")
        #expect(runner.state == .finished(.exited(1), firstLine: nil))
        // stdin is /dev/null.
        let stdin = try run("/usr/bin/readlink /proc/self/fd/0")
        #expect(outputText(stdin) == "/dev/null\n")
    }

    @Test func runnersCloseTheirDescriptors() throws {
        _ = try run("/bin/sh -c 'exit 0'")
        let before = openDescriptorCount()
        for _ in 0..<40 { _ = try run("/bin/sh -c 'echo x; exit 0'") }
        _ = try run("dtable-no-such-program-here")
        let after = openDescriptorCount()
        #expect(after - before < 20, "\(before) descriptors before, \(after) after 41 runs")
    }

    @Test func manyRunnersAtOnce() throws {
        let action = try ActionCommand(name: "Echo", command: "/usr/bin/printf '%s' {1}", columnTitles: ["n"])
        let runners = (0..<24).map { CommandRunner.start(action, rowValues: ["value \($0)"], rowNumber: $0 + 1) }
        for (i, runner) in runners.enumerated() {
            #expect(runner.waitUntilDone(timeout: 60))
            #expect(runner.state == .finished(.exited(0), firstLine: "value \(i)"))
        }
    }
}

extension CommandRunner.State {
    fileprivate var isSuccess: Bool {
        if case .finished(.exited(0), _) = self { return true }
        return false
    }
}
