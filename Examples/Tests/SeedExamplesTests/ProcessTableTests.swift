import DataTableKit
import Foundation
import ProcessTable
import TerminalSurface
import Testing

/// The `process-table` example on its sample source (never `/proc`, never a signal): printed,
/// and in the run loop on the in-memory terminal with top's keys and the `[ Stop ]` button.
@Suite struct ProcessTableTests {
    @Test func printsAsCheckedIn() throws {
        var lines: [String] = []
        let status = ProcessTableCommand.main(arguments: ["--print", "--sample", "--width", "100"],
                                              output: { lines.append($0) }, runInTerminal: { _ in 1 })
        #expect(status == 0)
        try expectSnapshot(lines, file: "process-table.txt")
    }

    /// `M` sorts by memory within each user's section, `P` by CPU again; the screen as drawn.
    @Test func topsKeysSortTheSectionsOnScreen() throws {
        let table = ProcessTable(source: SampleProcesses())
        table.table.view.waitForJob()
        let backend = MemoryBackend(size: Size(width: 90, height: 18))
        backend.pendingEvents = [.key(.character("M"))]
        // Until the sort and the sections are laid out and drawn.
        table.run(on: backend, until: { backend.pendingEvents.isEmpty && !table.table.view.isLoading })
        #expect(table.table.view.sortDirection(ofColumn: 5) == false)
        #expect(table.table.data.count == 10)
        let byMemory = backend.presented!.lines
        try expectSnapshot(byMemory, file: "process-table.memory.txt")

        backend.pendingEvents = [.key(.character("P"))]
        table.run(on: backend, until: { backend.pendingEvents.isEmpty && !table.table.view.isLoading })
        #expect(table.table.view.sortDirection(ofColumn: 4) == false)
        #expect(backend.presented!.lines != byMemory)
    }

    /// `[ Stop ]` asks on the status line first; `n` keeps the process, `y` stops it.
    @Test func stopAsksBeforeStopping() throws {
        let table = ProcessTable(source: SampleProcesses())
        table.table.view.waitForJob()  // sorted by CPU: the cursor on the busiest process
        let backend = MemoryBackend(size: Size(width: 90, height: 18))
        backend.pendingEvents = [.key(.character("a"))]
        table.run(on: backend, until: { backend.pendingEvents.isEmpty })
        #expect(backend.presented!.lines.last!.contains("Stop 1204 swift-frontend (SIGTERM)? y/n"))

        backend.pendingEvents = [.key(.character("n"))]
        table.run(on: backend, until: { backend.pendingEvents.isEmpty })
        #expect(table.table.data.contains { $0.pid == 1204 })

        backend.pendingEvents = [.key(.character("a")), .key(.character("y"))]
        table.run(on: backend, until: { backend.pendingEvents.isEmpty })
        #expect(!table.table.data.contains { $0.pid == 1204 })
        #expect(backend.presented!.lines.last!.contains("stopped 1204"))
    }

    private func expectSnapshot(_ lines: [String], file: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectSnapshotFile(lines.joined(separator: "\n") + "\n", file: file, sourceLocation: sourceLocation)
    }
}
