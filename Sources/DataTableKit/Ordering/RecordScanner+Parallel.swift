import Glibc
import Synchronization

/// Filter and search over blocks of rows on every core (two on this machine kind).
///
/// The rows are cut into blocks of about `chunkBytes` bytes at row starts (so a match, which
/// lies inside one row, never straddles blocks); threads take the next block in scan order from
/// an atomic counter. The filter keeps each block's rows in its own slot and joins the slots in
/// block order; the search stops taking blocks after the first block (in scan order) that has
/// a match, and answers that block's first (last, backwards) match once every block before it
/// is done. So the result does not depend on the threads' timing.
extension RecordScanner {
    /// Threads a scan uses: every core, at most 4.
    static let threadCount = max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    /// Bytes per block with a literal to search for (~0.3 ms a block at memory speed).
    static let chunkBytes = 1 << 20
    /// Bytes per block when every row is tested (a regex without a literal, 1-4 µs a field):
    /// small enough that Esc is seen within milliseconds.
    static let testedChunkBytes = 1 << 14

    /// The block size this scanner's work calls for.
    var defaultChunkBytes: Int { literal == nil ? Self.testedChunkBytes : Self.chunkBytes }

    /// `rows` cut into consecutive ranges of about `chunkBytes` bytes each (at least one row).
    /// - Complexity: O(blocks × log(rows)) offsets read.
    func blocks(of rows: Range<Int>, chunkBytes: Int) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var row = rows.lowerBound
        while row < rows.upperBound {
            let target = scan.rowStart(row) + max(1, chunkBytes)
            // The first row after `row` starting at or past the target (the range's end at most).
            let slice = (row + 1)..<rows.upperBound
            let next = slice.partitioningIndex { scan.rowStart($0) >= target }
            blocks.append(row..<next)
            row = next
        }
        return blocks
    }

    /// What a parallel filter ended with.
    enum FilterResult: Equatable {
        /// The matching rows, ascending.
        case rows([UInt32])
        case cancelled
        /// A match ran out of PCRE2's limits.
        case tooComplex
    }

    /// The rows of `rows` that match, ascending, on `threads` threads over blocks of
    /// `chunkBytes`. `isCancelled` is polled before every block (and between the rows a block
    /// tests one by one); `progress(rowsDone)` is called after every block, on any thread.
    /// `partial`, when given, gets each block's matches as the blocks finish, published in
    /// block order (see `PartialRows`): the rows found so far, for the view while it runs.
    func filter(rows: Range<Int>, threads: Int = threadCount, chunkBytes: Int? = nil, partial: PartialRows? = nil,
                isCancelled: @escaping () -> Bool, progress: @escaping (Int) -> Void) -> FilterResult {
        let blocks = blocks(of: rows, chunkBytes: chunkBytes ?? defaultChunkBytes)
        let slots = UnsafeMutableBufferPointer<[UInt32]>.allocate(capacity: blocks.count)
        slots.initialize(repeating: [])
        defer { slots.deinitialize().deallocate() }
        let next = Atomic<Int>(0), done = Atomic<Int>(0), stopped = Atomic<Bool>(false)
        let tooComplex = Atomic<Bool>(false)
        Self.parallel(threads: min(threads, blocks.count)) {
            var state = State()
            while !stopped.load(ordering: .relaxed) {
                let b = next.add(1, ordering: .relaxed).oldValue
                guard b < blocks.count else { return }
                if isCancelled() { stopped.store(true, ordering: .relaxed); return }
                var kept: [UInt32] = []
                var sinceCheck = 0
                let finished = forEachMatch(in: blocks[b], state: &state) { row in
                    kept.append(UInt32(truncatingIfNeeded: row))
                    sinceCheck &+= 1
                    return sinceCheck & 1023 != 0 || !isCancelled()
                }
                if !finished {
                    if state.isTooComplex { tooComplex.store(true, ordering: .relaxed) }
                    stopped.store(true, ordering: .relaxed)
                    return
                }
                slots[b] = kept
                partial?.complete(block: b, rows: kept)
                progress(done.add(blocks[b].count, ordering: .relaxed).newValue)
            }
        }
        if tooComplex.load(ordering: .relaxed) { return .tooComplex }
        if stopped.load(ordering: .relaxed) || isCancelled() { return .cancelled }
        var result: [UInt32] = []
        result.reserveCapacity(slots.reduce(0) { $0 + $1.count })
        for slot in slots { result.append(contentsOf: slot) }
        return .rows(result)
    }

    /// What a parallel search ended with.
    enum FindResult: Equatable {
        case found(Int)
        case notFound
        case cancelled
        /// A match ran out of PCRE2's limits before any match in scan order.
        case tooComplex
    }

    /// The first matching row of `ranges` taken in order, each ascending (`forward`), or the last
    /// matching row of `ranges` taken in order, each descending (backward).
    func find(in ranges: [Range<Int>], forward: Bool, threads: Int = threadCount, chunkBytes: Int? = nil,
              isCancelled: @escaping () -> Bool, progress: @escaping (Int) -> Void) -> FindResult {
        let size = chunkBytes ?? defaultChunkBytes
        let blocks = ranges.flatMap { range in forward ? self.blocks(of: range, chunkBytes: size) : self.blocks(of: range, chunkBytes: size).reversed() }
        /// Per block: -1 nothing found, -2 too complex, else the row.
        let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, blocks.count))
        slots.initialize(repeating: -1)
        defer { slots.deallocate() }
        let next = Atomic<Int>(0), done = Atomic<Int>(0), cancelled = Atomic<Bool>(false)
        /// The first block (in scan order) that decided the search.
        let decided = Atomic<Int>(Int.max)
        Self.parallel(threads: min(threads, blocks.count)) {
            var state = State()
            while true {
                let b = next.add(1, ordering: .relaxed).oldValue
                guard b < blocks.count, b < decided.load(ordering: .relaxed) else { return }
                if isCancelled() { cancelled.store(true, ordering: .relaxed); return }
                state.isTooComplex = false
                var found = -1
                var sinceCheck = 0
                let finished = forEachMatch(in: blocks[b], state: &state) { row in
                    found = row
                    if forward { return false }
                    sinceCheck &+= 1
                    return sinceCheck & 1023 != 0 || !isCancelled()
                }
                if state.isTooComplex {
                    // A match at or before the limit still stands when searching forward.
                    if !forward || found < 0 { found = -2 }
                } else if !finished && !forward {
                    cancelled.store(true, ordering: .relaxed)
                    return
                }
                if found != -1 {
                    slots[b] = found
                    var current = decided.load(ordering: .relaxed)
                    while b < current {
                        let (exchanged, original) = decided.compareExchange(expected: current, desired: b, ordering: .relaxed)
                        if exchanged { break }
                        current = original
                    }
                }
                progress(done.add(blocks[b].count, ordering: .relaxed).newValue)
            }
        }
        let first = decided.load(ordering: .acquiring)
        // Every block before the deciding one was scanned unless the search was cancelled.
        if cancelled.load(ordering: .relaxed) || isCancelled() { return .cancelled }
        guard first < blocks.count else { return .notFound }
        return slots[first] == -2 ? .tooComplex : .found(slots[first])
    }

    /// Runs `body` on `threads` threads at once (the caller's among them) and returns when all
    /// have returned.
    static func parallel(threads: Int, _ body: () -> Void) {
        if threads <= 1 { return body() }
        withoutActuallyEscaping(body) { body in
            let box = UncheckedSendableBox(value: body)
            BackgroundWork.forEachPart(threads) { _ in box.value() }
        }
    }
}
