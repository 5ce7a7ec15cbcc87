import Glibc
import Synchronization
import Testing
import TerminalSurface
@testable import DataTableApp
@testable import DataTableKit

/// A finished sort or filter ends the run loop's wait for input (`TerminalBackend.wake()`), so
/// it shows at once, not at the next poll (up to 50 ms later while a job runs).
@Suite struct JobWakeTests {
    /// A memory terminal that counts `wake()` calls (made on the job's worker thread).
    final class WakeCountingBackend: TerminalBackend, @unchecked Sendable {
        let memory = MemoryBackend(size: Size(width: 40, height: 10), capabilities: TerminalCapabilities(colorCount: 0))
        let wakes = Atomic<Int>(0)
        var size: Size { memory.size }
        var capabilities: TerminalCapabilities { memory.capabilities }
        var bytesWritten: Int { memory.bytesWritten }
        func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? { memory.nextEvent(timeoutMilliseconds: timeoutMilliseconds) }
        func present(_ surface: Surface) { memory.present(surface) }
        func wake() { wakes.add(1, ordering: .relaxed) }
    }

    static func numbers(_ count: Int) -> StringRowsDataSource {
        StringRowsDataSource(titles: ["n"], rows: (0..<count).map { [String(($0 * 7919) % count)] })
    }

    /// Waits (at most 10 s) until `condition` holds.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<10_000 {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test("A sort's worker wakes the backend when it finishes, for the table shown and for one shown later")
    func aFinishedJobWakesTheBackend() {
        let backend = WakeCountingBackend()
        let view = DataTableView(dataSource: Self.numbers(5000), size: Size(width: 40, height: 10))
        let application = TableApplication(view: view, backend: backend)
        view.startSort(by: [SortDescriptor(column: 0, ascending: false)])
        #expect(Self.eventually { backend.wakes.load(ordering: .relaxed) == 1 })
        view.waitForJob()
        #expect(view.sourceRow(forDisplayRow: 0) == (0..<5000).max { ($0 * 7919) % 5000 < ($1 * 7919) % 5000 })
        // Another table shown in the same application wakes it too.
        let other = DataTableView(dataSource: Self.numbers(3000), size: Size(width: 40, height: 10))
        application.show(other)
        other.startSort(by: [SortDescriptor(column: 0, ascending: true)])
        #expect(Self.eventually { backend.wakes.load(ordering: .relaxed) == 2 })
        other.waitForJob()
    }
}
