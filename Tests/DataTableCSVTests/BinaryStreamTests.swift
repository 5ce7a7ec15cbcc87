import Glibc
import Synchronization
import Testing
import TestSupport
@testable import DataTableCSV

/// Writes `chunk` into a pipe over and over from its own thread until a write fails (EPIPE once
/// the reader let go of it), counting the bytes the pipe took.
final class EndlessBytesWriter: @unchecked Sendable {
    let pipe = TestPipe()
    private let bytesWritten = Atomic<Int>(0)
    private let failure = Atomic<Int32>(0)
    /// Bytes the pipe accepted so far.
    var written: Int { bytesWritten.load(ordering: .acquiring) }
    /// errno of the write that failed (0 while writing).
    var writeError: Int32 { failure.load(ordering: .acquiring) }

    init(prefix: [UInt8] = [], chunk: [UInt8]) {
        signal(SIGPIPE, SIG_IGN)
        let fd = pipe.write
        DetachedThread { [self] in
            var pieces = [prefix]
            while true {
                let piece = pieces.popLast() ?? chunk
                var sent = 0
                while sent < piece.count {
                    let n = piece[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure.store(errno, ordering: .releasing)
                        close(fd)
                        return
                    }
                    sent += n
                    bytesWritten.add(n, ordering: .releasing)
                }
            }
        }.start()
    }
}

/// An endless binary stream (`dtable < /dev/zero`, `cat /dev/urandom | dtable`) is refused after
/// its first 64 KiB: nothing more is copied, and the writer is let go.
@Suite("Binary streams are refused after 64 KiB") struct BinaryStreamTests {
    func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    /// Opens the writer's stream (with a limit far above what the refusal may copy, so the test
    /// ends even when nothing refuses early) and returns the error's message.
    func refusal(of writer: EndlessBytesWriter, name: String = "stdin") -> String? {
        do {
            _ = try CSVFileDataSource(streamingFrom: writer.pipe.read, name: name, bufferLimit: 256 << 20)
            return nil
        } catch MappedFile.OpenError.system(let message) {
            return message
        } catch {
            return "\(error)"
        }
    }

    @Test func anEndlessStreamOfNULsIsRefusedAfterItsFirst64KiB() {
        let writer = EndlessBytesWriter(chunk: [UInt8](repeating: 0, count: 4096))
        let message = refusal(of: writer)
        #expect(message?.hasPrefix("stdin looks like a binary file, not CSV text (100% of the first 64 KB") == true, "\(message ?? "opened")")
        // The writer is let go: its next write fails.
        #expect(waitUntil { writer.writeError == EPIPE })
        // What was taken from it: the 64 KiB sniffed, what the pipe holds and a chunk in flight.
        #expect(writer.written <= MappedFile.sniffBytes + (1 << 16) + 4096, "\(writer.written) bytes were read")
    }

    @Test func endlessRandomBytesAfterACSVHeaderAreRefused() {
        var random = SplitMix64(seed: 19)
        let chunk = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let writer = EndlessBytesWriter(prefix: Array("id,name\n".utf8), chunk: chunk)
        let message = refusal(of: writer, name: "'random'")
        #expect(message?.hasPrefix("'random' looks like a binary file") == true, "\(message ?? "opened")")
        #expect(waitUntil { writer.writeError == EPIPE })
        #expect(writer.written <= MappedFile.sniffBytes + (1 << 16) + 4096, "\(writer.written) bytes were read")
    }

    /// gzip members of 16 MiB of NULs each, one after another: an endless stream that is
    /// refused once 64 KiB of it are decompressed (the sniff reads the decompressed bytes).
    @Test(.enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func anEndlessCompressedStreamIsRefusedAfter64KiBDecompressed() throws {
        let member = try compressed([UInt8](repeating: 0, count: 16 << 20), with: "gzip")
        #expect(member.count < 64 << 10)
        let writer = EndlessBytesWriter(chunk: member)
        let message = refusal(of: writer)
        #expect(message?.contains("looks like a binary file") == true, "\(message ?? "opened")")
        #expect(waitUntil { writer.writeError == EPIPE })
        // The reader's 64 KiB input buffer, the pipe's 64 KiB and a member in flight; decoding
        // to the limit would have taken 16 members.
        #expect(writer.written <= 2 * (1 << 16) + member.count, "\(writer.written) compressed bytes were read")
    }

    @Test func aTextStreamLongerThanTheSniffIsReadWhole() throws {
        let pipe = TestPipe()
        var text = "n,word\n"
        for i in 0..<20_000 { text += "\(i),word\(i)\n" }
        let bytes = Array(text.utf8)
        #expect(bytes.count > 3 * MappedFile.sniffBytes)
        DetachedThread {
            _ = bytes.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
            pipe.close()
        }.start()
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        source.indexAll()
        #expect(source.rowCount == 20_000)
        #expect(source.fields(row: 19_999) == ["19999", "word19999"])
        #expect(source.notice == nil)
    }

    /// Text first, then binary: the rows before the binary part show, and the notice says why
    /// the rest was not read.
    @Test func binaryAfterAShortTextStartStopsTheStreamWithANotice() throws {
        let pipe = TestPipe()
        pipe.send("a,b\n1,2\n")
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        source.startIndexing()
        signal(SIGPIPE, SIG_IGN)
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        _ = zeros.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
        pipe.close()
        #expect(waitUntil { source.isIndexComplete })
        #expect(source.notice?.hasPrefix("stdin looks like a binary file") == true, "\(source.notice ?? "")")
        #expect(source.rowCount <= 1)
        #expect(source.fields(row: 0) == ["1", "2"])
        #expect(source.file.length < MappedFile.sniffBytes)
    }
}
