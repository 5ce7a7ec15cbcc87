import Glibc
import Synchronization
import Testing
import TestSupport
@testable import DataTableCSV

/// Opening a FIFO waits for its writer, as `cat` would, and says so first: a program opening it
/// on a thread of its own can show what it waits for.
@Suite("Opening a FIFO") struct FIFOOpeningTests {
    /// What `waiting` was told, and the source once `open` returned.
    final class Opening: @unchecked Sendable {
        let said = Mutex<[String]>([])
        let opened = Mutex<CSVFileDataSource?>(nil)
        let failed = Mutex<String?>(nil)
    }

    func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func aFIFOSaysItWaitsForAWriterAndIsReadWhenOneComesLater() throws {
        let path = ScratchDirectory.path + "/dtable-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let opening = Opening()
        DetachedThread {
            do {
                let source = try CSVFileDataSource.open(path: path, waiting: { text in opening.said.withLock { $0.append(text) } })
                opening.opened.withLock { $0 = source }
            } catch {
                opening.failed.withLock { $0 = "\(error)" }
            }
        }.start()
        // Told before it blocks; nothing opened while no writer is there.
        #expect(waitUntil { !opening.said.withLock { $0 }.isEmpty })
        usleep(200_000)
        #expect(opening.said.withLock { $0 } == ["waiting for a writer on '\(path)'"])
        #expect(opening.opened.withLock { $0 } == nil)
        #expect(opening.failed.withLock { $0 } == nil)
        // A writer that comes later: its rows are read, not an empty input.
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        _ = "a,b\n1,2\n3,4\n".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        #expect(waitUntil { opening.opened.withLock { $0 } != nil })
        let source = try #require(opening.opened.withLock { $0 })
        source.indexAll()
        #expect(source.rowCount == 2)
        #expect(source.fields(row: 1) == ["3", "4"])
        #expect(opening.said.withLock { $0 }.last == "waiting for the first lines of '\(path)'")
    }
}
