import Synchronization

/// Byte offsets of record starts, appended by one writer thread while readers use the
/// published prefix: the row index of a memory-mapped CSV file.
///
/// Storage is a table of fixed-size chunks that never move once written, so a reader never
/// sees a reallocation. Eight bytes per row.
final class RowOffsetIndex: @unchecked Sendable {
    static let chunkShift = 16
    static let chunkSize = 1 << chunkShift
    /// Enough chunks for 2^36 records; untouched table pages cost no memory.
    static let maxChunks = 1 << 20

    /// Chunk pointers; entries below `chunkCount` are valid.
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    private var chunkCount = 0
    /// Offsets written by the writer (only the writer reads this).
    private var writtenCount = 0
    /// Offsets visible to readers.
    private let publishedCount = Atomic<Int>(0)

    init() {
        chunks = .allocate(capacity: Self.maxChunks)
        chunks.initialize(repeating: nil, count: Self.maxChunks)
    }

    deinit {
        for i in 0..<chunkCount { chunks[i]?.deallocate() }
        chunks.deallocate()
    }

    /// Offsets readers may use.
    var count: Int { publishedCount.load(ordering: .acquiring) }

    /// The offset at `index` (< `count`).
    subscript(index: Int) -> Int {
        Int(chunks[index >> Self.chunkShift]![index & (Self.chunkSize - 1)])
    }

    /// Appends an offset (writer thread only); invisible to readers until `publish()`.
    @inline(__always)
    func append(_ offset: Int) {
        let chunk = writtenCount >> Self.chunkShift
        if chunk == chunkCount {
            precondition(chunk < Self.maxChunks, "row index full")
            chunks[chunk] = .allocate(capacity: Self.chunkSize)
            chunkCount += 1
        }
        chunks[chunk]![writtenCount & (Self.chunkSize - 1)] = UInt64(offset)
        writtenCount += 1
    }

    /// Makes everything appended so far visible to readers.
    func publish() {
        publishedCount.store(writtenCount, ordering: .releasing)
    }

    /// Anonymous memory the index holds, in bytes.
    var memoryBytes: Int { chunkCount * Self.chunkSize * 8 }
}
