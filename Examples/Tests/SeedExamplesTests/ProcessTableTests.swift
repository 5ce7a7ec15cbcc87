import DataTableApp
import DataTableKit
import Foundation
import ProcessTable
import TerminalSurface
import Testing

/// The `process-table` example on its sample source (never `/proc`, never a signal): printed,
/// and in the run loop on the in-memory terminal with top's keys as registered commands, the
/// marked processes stopped after one question, and a refresh that jitters below what is shown.
@Suite struct ProcessTableTests {
    @Test func printsAsCheckedIn() throws {
        var lines: [String] = []
        let status = ProcessTableCommand.main(arguments: ["--print", "--sample", "--width", "100"],
                                              output: { lines.append($0) }, runInTerminal: { _ in 1 })
        #expect(status == 0)
        try expectSnapshot(lines, file: "process-table.txt")
    }

    /// The sample table on a memory terminal of 90 × `height`, as `process-table --sample` runs it:
    /// its application, once the first frames are drawn.
    func sample(height: Int = 18) -> (ProcessTable, TableApplication, MemoryBackend) {
        let table = ProcessTable(source: SampleProcesses())
        table.table.view.waitForJob()
        let backend = MemoryBackend(size: Size(width: 90, height: height))
        var wakes = 0
        table.run(on: backend, until: { wakes += 1; return wakes > 1 })
        return (table, table.application!, backend)
    }

    /// Runs `app` until `text`'s keys, then `keys`, are handled and its jobs (sort, sections) drawn.
    func press(_ keys: Key..., typing text: String = "", in app: TableApplication, _ backend: MemoryBackend) {
        backend.pendingEvents = (text.map(Key.character) + keys).map { .key($0) }
        app.run(until: { backend.pendingEvents.isEmpty && !app.view.isLoading })
    }

    /// `M` and `P` are the program's commands: `M` sorts by memory within each user's section,
    /// `P` by CPU again (the screen as drawn); `:sort-by-memory` runs `M` by name.
    @Test func topsKeysAreRegisteredCommandsThatSortTheSections() throws {
        let (table, app, backend) = sample()
        press(.character("M"), in: app, backend)
        #expect(app.commands.map(\.name) == ["sort-by-cpu", "sort-by-memory", "stop-marked"])
        #expect(table.table.view.sortDirection(ofColumn: 5) == false)
        #expect(table.table.data.count == 10)
        let byMemory = backend.presented!.lines
        try expectSnapshot(byMemory, file: "process-table.memory.txt")

        press(.character("P"), in: app, backend)
        #expect(table.table.view.sortDirection(ofColumn: 4) == false)
        #expect(backend.presented!.lines != byMemory)

        press(.enter, typing: ":sort-by-memory", in: app, backend)
        #expect(table.table.view.sortDirection(ofColumn: 5) == false)
    }

    /// `?` lists P, M and K under "top", with their `:` names.
    @Test func theHelpListsTopsKeys() throws {
        let (table, app, backend) = sample(height: 90)
        press(.character("?"), in: app, backend)
        let lines = backend.presented!.lines
        let heading = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "top:" })
        for (offset, (key, name)) in [("P", "sort-by-cpu"), ("M", "sort-by-memory"), ("K", "stop-marked")].enumerated() {
            #expect(lines[heading + 1 + offset].contains(" \(key) "))
            #expect(lines[heading + 1 + offset].contains("(:\(name))"))
        }
    }

    /// `[ Stop ]` asks on the status line first; `n` keeps the process, `y` stops it.
    @Test func stopAsksBeforeStopping() throws {
        let (table, app, backend) = sample()  // sorted by CPU: the cursor on the busiest process
        press(.character("a"), in: app, backend)
        #expect(backend.presented!.lines.last!.contains("Stop 1204 swift-frontend (SIGTERM)? y/n"))

        press(.character("n"), in: app, backend)
        #expect(table.table.data.contains { $0.pid == 1204 })

        press(.character("a"), .character("y"), in: app, backend)
        #expect(!table.table.data.contains { $0.pid == 1204 })
        #expect(backend.presented!.lines.last!.contains("stopped 1204"))
    }

    /// `K` asks once for every marked process (marked with Shift-Down and from code), then stops
    /// those and no other.
    @Test func stopMarkedAsksOnceAndStopsOnlyTheMarked() throws {
        let (table, app, backend) = sample()
        press(.character("K"), in: app, backend)
        #expect(backend.presented!.lines.last!.contains("no process is marked"))

        // Shift-Down marks the busiest two (the cursor's row and the next), code marks the zombie.
        press(.modified(.down, .shift), in: app, backend)
        table.table.selectModels { $0.state == "zombie" }
        let marked = Set(table.table.selectedIDs)
        #expect(marked == [1204, 1580, 2391])
        press(.character("K"), in: app, backend)
        #expect(backend.presented!.lines.last!.contains("Stop 3 processes (SIGTERM)? y/n"))
        press(.character("y"), in: app, backend)
        #expect(Set(table.table.data.map(\.pid)) == Set([1, 412, 733, 1204, 1311, 1580, 2020, 2021, 2390, 2391]).subtracting(marked))
        #expect(app.view.notice == "stopped 1204, stopped 1580, stopped 2391")
        #expect(table.table.selectedIDs.isEmpty)
    }

    /// A sample whose figures move less than the table shows is taken in without a frame; the
    /// next one, whose busy processes moved, draws.
    @Test func jitterBelowWhatIsShownDrawsNoFrame() {
        let (table, app, backend) = sample()
        /// Runs the loop for two idle wakes with one sample on the first, as the program does
        /// every second; the frames drawn besides the run's first.
        func framesOfOneSample() -> Int {
            let before = backend.presentCount
            var wakes = 0
            app.run(until: {
                wakes += 1
                if wakes == 1 { table.refresh() }
                return wakes > 2
            })
            return backend.presentCount - before - 1
        }
        #expect(framesOfOneSample() == 0)
        #expect(table.table.data.first { $0.pid == 1580 }?.cpu == 0.9)  // 0.8 before: both show 1%
        #expect(!table.table.view.isFlashing)

        #expect(framesOfOneSample() > 0)  // the busy processes moved by whole percents
        #expect(table.table.view.isFlashing)
    }

    private func expectSnapshot(_ lines: [String], file: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectSnapshotFile(lines.joined(separator: "\n") + "\n", file: file, sourceLocation: sourceLocation)
    }
}
