import Glibc
import Synchronization
import Testing
import DataTableKit
@testable import DataTableCSV

/// Sizes as written and their bytes.
let byteSizeCases: [(String, Int)] = [
    ("1048576", 1 << 20), ("100", 100), ("100B", 100), ("4G", 4 << 30), ("4GiB", 4 << 30), ("4gb", 4 << 30),
    ("500M", 500 << 20), ("500MB", 500 << 20), ("500 MiB", 500 << 20), ("64k", 64 << 10), ("64KiB", 64 << 10),
    ("1.5G", 3 << 29), ("2T", 2 << 40), ("none", Int.max), ("unlimited", Int.max),
]

/// Byte counts and how they are said.
let formattedSizeCases: [(Int, String)] = [
    (900, "900 B"), (64 << 10, "64 KiB"), (4 << 30, "4 GiB"), (3 << 29, "1.5 GiB"), (100 << 20, "100 MiB"), ((1 << 20) + 1, "1 MiB"),
]

@Suite struct ByteSizeTests {
    @Test(arguments: byteSizeCases)
    func sizesParse(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "0M", "-5M", "5X", "M", "1.5", ".5G", "5.G", "1..2G", "99999999999999999999", "9000000T"])
    func badSizesAreRefused(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }

    @Test(arguments: formattedSizeCases)
    func sizesFormat(bytes: Int, text: String) {
        #expect(ByteSize.formatted(bytes) == text)
    }
}

/// Writes `record` into a pipe over and over from its own thread until a write fails, and
/// remembers the error (EPIPE once the reader closed its end).
final class EndlessWriter: @unchecked Sendable {
    let pipe = TestPipe()
    private let failure = Atomic<Int32>(0)
    private let bytesWritten = Atomic<Int>(0)
    /// errno of the write that failed (0 while writing).
    var writeError: Int32 { failure.load(ordering: .acquiring) }
    var written: Int { bytesWritten.load(ordering: .acquiring) }

    init(header: String, record: String) {
        // The reader's end going away must be an EPIPE here, not a SIGPIPE for the test runner.
        signal(SIGPIPE, SIG_IGN)
        pipe.send(header)
        let chunk = Array(String(repeating: record, count: max(1, 4096 / record.utf8.count)).utf8)
        let fd = pipe.write
        let thread = DetachedThread { [self] in
            while true {
                let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    failure.store(errno, ordering: .releasing)
                    close(fd)
                    return
                }
                bytesWritten.add(n, ordering: .releasing)
            }
        }
        thread.start()
    }
}

/// A detached pthread running a closure.
final class DetachedThread {
    private let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { argument in
            let me = Unmanaged<DetachedThread>.fromOpaque(argument!).takeRetainedValue()
            me.body()
            return nil
        }, box)
        pthread_detach(thread)
    }
}

@Suite struct BufferLimitTests {
    func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func anEndlessStreamStopsAtTheLimitWithItsRowsUsable() throws {
        let limit = 1 << 20
        let writer = EndlessWriter(header: "n,word\n", record: "12345,abcdefghij\n")
        let source = try CSVFileDataSource(streamingFrom: writer.pipe.read, name: "stdin", bufferLimit: limit)
        source.startIndexing()
        try #require(waitUntil { source.isIndexComplete }, "the stream never stopped: \(source.file.length) bytes read")
        // The copy and its index stay within the limit.
        #expect(source.file.length + source.index.count * RowOffsetIndex.bytesPerRow <= limit)
        #expect(source.file.length > limit / 2, "stopped far too early: \(source.file.length)")
        #expect(source.notice == "stopped reading stdin at the 1 MiB limit")
        // Every row read is whole: a record cut at the limit is dropped, not shown cut.
        #expect(source.rowCount > 10_000)
        for row in [0, source.rowCount / 2, source.rowCount - 1] {
            #expect(source.value(row: row, column: 0) == .int(12345))
            #expect(source.value(row: row, column: 1) == .string("abcdefghij"))
        }
        #expect(source.fields(row: source.rowCount - 1) == ["12345", "abcdefghij"])
        // dtable stopped reading: the writer's next write fails with EPIPE.
        #expect(waitUntil { writer.writeError != 0 })
        #expect(writer.writeError == EPIPE)
    }

    @Test func theIndexCountsAgainstTheLimit() throws {
        // Rows of 2 bytes: an index of 4 bytes a row is twice the data; both together stay
        // under the limit, so the file holds at most a third of it.
        let limit = 1 << 20
        let writer = EndlessWriter(header: "c\n", record: "a\n")
        let source = try CSVFileDataSource(streamingFrom: writer.pipe.read, name: "stdin", bufferLimit: limit)
        source.startIndexing()
        try #require(waitUntil { source.isIndexComplete }, "the stream never stopped: \(source.file.length) bytes read")
        #expect(source.file.length + source.index.count * RowOffsetIndex.bytesPerRow <= limit)
        #expect(source.file.length <= limit / 3 + 64)
        #expect(source.rowCount > limit / 10 / 2 / 2)
        #expect(waitUntil { writer.writeError == EPIPE })
    }

    @Test func aStreamUnderTheLimitIsReadWhole() throws {
        let pipe = TestPipe()
        pipe.send("a,b\n1,2\n3,4\n")
        pipe.close()
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin", bufferLimit: 1 << 20)
        source.indexAll()
        #expect(source.rowCount == 2)
        #expect(source.notice == nil)
    }

    @Test func aRecordLongerThanTheLimitLeavesNoRows() throws {
        let writer = EndlessWriter(header: "a,b\n\"", record: "x")
        let source = try CSVFileDataSource(streamingFrom: writer.pipe.read, name: "'fifo'", bufferLimit: 64 << 10)
        source.startIndexing()
        try #require(waitUntil { source.isIndexComplete }, "the stream never stopped: \(source.file.length) bytes read")
        #expect(source.rowCount == 0)
        #expect(source.title(ofColumn: 1) == "b")
        #expect(source.notice == "stopped reading 'fifo' at the 64 KiB limit")
    }
}
