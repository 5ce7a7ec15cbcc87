import Glibc
import Synchronization

/// Byte offsets of record starts, appended by one writer thread while readers use the
/// published prefix: the row index of a memory-mapped CSV file.
///
/// Compact: about 4 bytes per row. Rows are grouped in blocks of 4,096; a block keeps the
/// offset of its first row (a `UInt64` base) and each row a `UInt32` delta from that base, so a
/// lookup is one base plus one delta, O(1). A row whose delta does not fit 32 bits (a block
/// spanning more than 4 GiB: rows of a megabyte and more, `HugeFieldTests`) stores the escape
/// value `UInt32.max` as its delta and its whole offset in the block's wide table (4,096
/// `UInt64`, allocated for such blocks only).
///
/// Storage is a table of fixed-size chunks of 65,536 rows (16 blocks) that never move once
/// written, so a reader never sees a reallocation. A chunk is one allocation: the 16 block
/// bases, the 16 wide-table pointers, then the 65,536 deltas.
///
/// Measured (docs/decisions/0068-row-index-4-bytes-parts-frames-once.md):
/// 4.004 bytes per row at 10M rows (8 before), and the full index of the
/// 1M-row bench file no slower (fewer fresh pages to fault in).
final class RowOffsetIndex: @unchecked Sendable {
    static let chunkShift = 16
    static let chunkSize = 1 << chunkShift
    static let blockShift = 12
    static let blockSize = 1 << blockShift
    static let blocksPerChunk = chunkSize / blockSize
    /// Enough chunks for 2^36 records; untouched table pages cost no memory.
    static let maxChunks = 1 << 20
    /// What a row costs the index (a 32-bit delta; block bases and chunk headers add 0.1%).
    static let bytesPerRow = 4
    /// The delta of a row whose offset lives in its block's wide table.
    static let escape = UInt32.max

    /// Byte layout of a chunk: bases, wide-table pointers, deltas.
    static let widePointersOffset = blocksPerChunk * MemoryLayout<UInt64>.stride
    static let deltasOffset = widePointersOffset + blocksPerChunk * MemoryLayout<UnsafeMutablePointer<UInt64>?>.stride
    static let chunkBytes = deltasOffset + chunkSize * MemoryLayout<UInt32>.stride

    /// Chunk pointers; entries below `chunkCount` are valid.
    private let chunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private var chunkCount = 0
    /// Wide tables allocated (writer side; for `memoryBytes`).
    private let wideTables = Atomic<Int>(0)
    /// Offsets written by the writer (only the writer reads this).
    private var writtenCount = 0
    /// Offsets visible to readers.
    private let publishedCount = Atomic<Int>(0)

    init() {
        // calloc: the 8 MB table comes from zero pages that cost nothing until a chunk pointer is
        // written (docs/decisions/0107).
        chunks = calloc(Self.maxChunks, MemoryLayout<UnsafeMutableRawPointer?>.stride)!
            .bindMemory(to: UnsafeMutableRawPointer?.self, capacity: Self.maxChunks)
    }

    deinit {
        for i in 0..<chunkCount {
            guard let chunk = chunks[i] else { continue }
            for block in 0..<Self.blocksPerChunk { Self.wideTable(chunk, block)?.deallocate() }
            free(chunk)
        }
        free(chunks)
    }

    /// Offsets readers may use.
    var count: Int { publishedCount.load(ordering: .acquiring) }

    /// The offset at `index` (< `count`).
    /// - Complexity: O(1): a block base plus a 32-bit delta.
    @inline(__always)
    subscript(index: Int) -> Int {
        let chunk = chunks[index >> Self.chunkShift].unsafelyUnwrapped
        let delta = chunk.load(fromByteOffset: Self.deltasOffset &+ (index & (Self.chunkSize - 1)) &* 4, as: UInt32.self)
        let block = (index >> Self.blockShift) & (Self.blocksPerChunk - 1)
        if _fastPath(delta != Self.escape) {
            return Int(chunk.load(fromByteOffset: block &* 8, as: UInt64.self)) &+ Int(delta)
        }
        return Int(Self.wideTable(chunk, block).unsafelyUnwrapped[index & (Self.blockSize - 1)])
    }

    /// The offsets of rows `row..<row + count` as one block base and the rows' 32-bit deltas
    /// from it, `count` as many as `limit` allows up to the end of `row`'s block (4,096 rows):
    /// a batch reader takes a block's offsets through a pointer, not a row at a time. Deltas
    /// nil when the block keeps wide offsets (rows of a megabyte and more): read those by the
    /// subscript. `row < limit <= count` (published rows).
    @inline(__always)
    func block(from row: Int, below limit: Int) -> (base: Int, deltas: UnsafeRawPointer?, count: Int) {
        let chunk = chunks[row >> Self.chunkShift].unsafelyUnwrapped
        let block = (row >> Self.blockShift) & (Self.blocksPerChunk - 1)
        let count = min(limit, (row | (Self.blockSize - 1)) &+ 1) &- row
        let base = Int(chunk.load(fromByteOffset: block &* 8, as: UInt64.self))
        guard Self.wideTable(chunk, block) == nil else { return (base, nil, count) }
        let offset: Int = Self.deltasOffset &+ (row & (Self.chunkSize - 1)) &* 4
        return (base, UnsafeRawPointer(chunk + offset), count)
    }

    /// Appends an offset (writer thread only); invisible to readers until `publish()`.
    func append(_ offset: Int) {
        var appender = makeAppender(limit: Int.max)
        appender.append(offset)
        commit(appender)
    }

    /// Appends offsets found by `RowIndexer.scan` straight into the current chunk: the sink keeps
    /// the chunk pointer, fill count and block base in registers, calling back into the index only
    /// when a chunk is full or a delta does not fit 32 bits. Offsets at or past `limit` (the end
    /// of the data) are dropped. Offsets must not decrease.
    ///
    /// Measured on 1.28 GB: per-row `append(_:)` through a closure indexed at 1.95 GB/s; this sink
    /// at ~2.85 GB/s (the kernel alone: 3.3 GB/s).
    struct Appender: RowStartSink {
        let index: RowOffsetIndex
        let limit: Int
        var chunk: UnsafeMutableRawPointer?
        var fill: Int
        /// The offset of the current block's first row.
        var base: Int

        @inline(__always)
        mutating func append(_ offset: Int) {
            guard offset < limit else { return }
            if fill & (RowOffsetIndex.blockSize - 1) == 0 {
                // A new block (and a new chunk after the last block of one).
                if fill == RowOffsetIndex.chunkSize {
                    chunk = index.nextChunk()
                    fill = 0
                }
                base = offset
                chunk.unsafelyUnwrapped.storeBytes(of: UInt64(offset), toByteOffset: (fill >> RowOffsetIndex.blockShift) &* 8,
                                                   as: UInt64.self)
            }
            let delta = offset &- base
            var stored = RowOffsetIndex.escape
            if _fastPath(delta < Int(RowOffsetIndex.escape)) {
                stored = UInt32(truncatingIfNeeded: delta)
            } else {
                index.storeWide(offset, in: chunk.unsafelyUnwrapped, row: fill)
            }
            chunk.unsafelyUnwrapped.storeBytes(of: stored, toByteOffset: RowOffsetIndex.deltasOffset &+ fill &* 4, as: UInt32.self)
            fill &+= 1
        }
    }

    /// A sink positioned after the last written offset (writer thread only).
    func makeAppender(limit: Int) -> Appender {
        let fill = writtenCount & (Self.chunkSize - 1)
        guard !(fill == 0 && writtenCount == chunkCount * Self.chunkSize), let chunk = chunks[writtenCount >> Self.chunkShift] else {
            return Appender(index: self, limit: limit, chunk: nil, fill: Self.chunkSize, base: 0)
        }
        let base = Int(chunk.load(fromByteOffset: (fill >> Self.blockShift) * 8, as: UInt64.self))
        return Appender(index: self, limit: limit, chunk: chunk, fill: fill, base: base)
    }

    /// Takes back what an appender wrote (still unpublished).
    func commit(_ appender: Appender) {
        guard appender.chunk != nil else { return }
        writtenCount = (chunkCount - 1) * Self.chunkSize + appender.fill
    }

    /// Appends every offset of `other` (written and complete: its writer is done), in order.
    /// - Complexity: O(other's rows).
    func append(contentsOf other: RowOffsetIndex) {
        var appender = makeAppender(limit: Int.max)
        for i in 0..<other.writtenCount { appender.append(other[i]) }
        commit(appender)
    }

    /// Allocates the next chunk (writer thread only).
    private func nextChunk() -> UnsafeMutableRawPointer {
        precondition(chunkCount < Self.maxChunks, "row index full")
        let chunk = malloc(Self.chunkBytes)!
        // Only the header needs zeroing (no wide tables yet); the deltas are written before use.
        memset(chunk, 0, Self.deltasOffset)
        chunks[chunkCount] = chunk
        chunkCount += 1
        return chunk
    }

    /// The wide table of `block` in `chunk`, nil when none was needed.
    @inline(__always)
    private static func wideTable(_ chunk: UnsafeMutableRawPointer, _ block: Int) -> UnsafeMutablePointer<UInt64>? {
        chunk.load(fromByteOffset: widePointersOffset &+ block &* 8, as: UnsafeMutablePointer<UInt64>?.self)
    }

    /// Stores the offset of row `row` of `chunk` in its block's wide table, allocated at the
    /// block's first such row (writer thread only; published with the rows).
    @inline(never)
    private func storeWide(_ offset: Int, in chunk: UnsafeMutableRawPointer, row: Int) {
        let block = row >> Self.blockShift
        var table = Self.wideTable(chunk, block)
        if table == nil {
            let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.blockSize)
            fresh.initialize(repeating: 0, count: Self.blockSize)
            chunk.storeBytes(of: fresh, toByteOffset: Self.widePointersOffset + block * 8, as: UnsafeMutablePointer<UInt64>?.self)
            wideTables.add(1, ordering: .relaxed)
            table = fresh
        }
        table.unsafelyUnwrapped[row & (Self.blockSize - 1)] = UInt64(offset)
    }

    /// The last offset written (writer thread only), nil when none.
    var lastWritten: Int? {
        guard writtenCount > 0 else { return nil }
        return self[writtenCount - 1]
    }

    /// Offsets written so far, published or not (writer thread only).
    var written: Int { writtenCount }

    /// Makes everything appended so far visible to readers.
    func publish() {
        publishedCount.store(writtenCount, ordering: .releasing)
    }

    /// Anonymous memory the index holds, in bytes.
    var memoryBytes: Int { chunkCount * Self.chunkBytes + wideTables.load(ordering: .relaxed) * Self.blockSize * 8 }
}
