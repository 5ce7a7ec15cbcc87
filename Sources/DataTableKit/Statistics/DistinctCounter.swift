/// A column's distinct texts and how often each occurs: exact up to `limit` distinct texts, then
/// an estimate.
///
/// Every text is held once (its bytes in one arena) with its count, found again through an
/// open-addressing table of 64-bit hashes. When a text would be the `limit + 1`-th, the counter
/// overflows: a `HyperLogLog` sketch starts from the hashes of the texts held (every text seen
/// so far) and takes every later text, the number of distinct texts becomes its estimate (0.8%
/// standard error), and the table shrinks to its
/// `keptAfterOverflow` most frequent texts, which keep counting (exactly: they were counted
/// from their first occurrence) while new texts are no longer added. The table then fits a
/// core's cache, so a column of millions of distinct values costs a hash, one probe of a small
/// table and a register update per field (a table of 100K texts missed the cache up to four
/// times a field, and took most of the summary's time on such columns). Memory is bounded by
/// the limit: about 40 bytes plus the text per distinct text held, and 16 KiB for the sketch.
struct DistinctCounter {
    /// The most distinct texts held (and counted exactly).
    let limit: Int
    /// Text `id` is `bytes[offsets[id]..<offsets[id + 1]]`.
    private(set) var bytes: [UInt8] = []
    private(set) var offsets: [Int] = [0]
    /// How often text `id` occurred.
    private(set) var counts: [Int] = []
    /// Text `id`'s hash (a merge adds texts without hashing them again).
    private(set) var hashes: [UInt64] = []
    /// Open addressing, linear probing: the high 32 bits of the hash above id + 1; 0 when free.
    private var slots = [UInt64](repeating: 0, count: 1024)
    /// Whether some text was left out of the table (the limit was reached).
    private(set) var isOverflowed = false
    /// Set when the table overflowed and was not shrunk yet (`shrink`).
    private(set) var needsShrinking = false
    /// Texts kept (the most frequent) when the table overflows.
    static let keptAfterOverflow = 1024
    private var sketch = HyperLogLog()

    /// A counter holding up to `limit` distinct texts exactly.
    init(limit: Int) { self.limit = max(0, limit) }

    /// Distinct texts held.
    var count: Int { counts.count }

    /// Counts one occurrence of `field`; returns whether its text is held (counted exactly), false
    /// when the table was full.
    /// - Complexity: O(field length), amortised.
    @inline(__always) @discardableResult
    mutating func add(_ field: UnsafeRawBufferPointer) -> Bool {
        let hash = TextTable.hash(field)
        if isOverflowed { sketch.add(hash: hash) }
        return add(field, hash: hash, occurrences: 1)
    }

    /// Counts `occurrences` of `field`, whose hash is `hash` (already in the sketch if the
    /// counter overflowed; added when this text makes it overflow).
    @inline(__always)
    private mutating func add(_ field: UnsafeRawBufferPointer, hash: UInt64, occurrences: Int) -> Bool {
        let (slot, found) = TextTable.find(field, hash: hash, slots: slots, bytes: bytes, offsets: offsets)
        if let found {
            counts[found] += occurrences
            return true
        }
        guard !isOverflowed, counts.count < limit else {
            if !isOverflowed {
                overflow()
                sketch.add(hash: hash)
            }
            return false
        }
        bytes.append(contentsOf: field.assumingMemoryBound(to: UInt8.self))
        offsets.append(bytes.count)
        counts.append(occurrences)
        hashes.append(hash)
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(counts.count)
        if counts.count * 2 > slots.count { grow() }
        return true
    }

    /// Starts the sketch from every text seen so far (the texts held: none was left out yet).
    private mutating func overflow() {
        isOverflowed = true
        needsShrinking = true
        for hash in hashes { sketch.add(hash: hash) }
    }

    /// Takes in the texts `other` counted (of other rows of the same column); a text left out
    /// (the limit reached, or this counter overflowed) is handed to `leftOut`.
    mutating func merge(_ other: DistinctCounter, leftOut: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        if other.isOverflowed {
            if !isOverflowed { overflow() }
            sketch.merge(other.sketch)
        }
        for id in 0..<other.count {
            other.withText(id) { text in
                let hash = other.hashes[id]
                if isOverflowed { sketch.add(hash: hash) }
                if !add(text, hash: hash, occurrences: other.counts[id]) { leftOut(text) }
            }
        }
        if needsShrinking { shrink(leftOut: leftOut) }
    }

    /// After an overflow: keeps the `keptAfterOverflow` most frequent texts and hands the others
    /// to `leftOut`. - Complexity: O(n log n) for the n texts held, once.
    mutating func shrink(leftOut: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        needsShrinking = false
        guard count > Self.keptAfterOverflow else { return }
        let counts = self.counts
        let order = (0..<count).sorted { counts[$0] > counts[$1] }
        var kept = DistinctCounter(limit: limit)
        kept.sketch = sketch
        for id in order.prefix(Self.keptAfterOverflow) {
            withText(id) { _ = kept.add($0, hash: hashes[id], occurrences: counts[id]) }
        }
        for id in order.dropFirst(Self.keptAfterOverflow) { withText(id) { leftOut($0) } }
        kept.isOverflowed = true
        self = kept
    }

    /// Calls `body` with text `id`'s bytes.
    func withText<R>(_ id: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { arena in
            body(UnsafeRawBufferPointer(rebasing: arena[offsets[id]..<offsets[id + 1]]))
        }
    }

    /// Text `id` as a `String` (invalid UTF-8 repaired; a long one's key as its first bytes and
    /// `…`: see `LongField`).
    func text(_ id: Int) -> String { withText(id) { LongField.text($0) } }

    /// The number of distinct texts: exact while nothing was left out, else the sketch's
    /// estimate (never below the texts held).
    var distinctCount: (count: Int, isEstimate: Bool) {
        guard isOverflowed else { return (count, false) }
        return (max(count + 1, Int(saturating: sketch.estimate.rounded())), true)
    }

    /// The ids of the texts held, most frequent first; ties in text collation order (so the
    /// answer does not depend on how rows were split between workers). At most `k` ids.
    /// - Complexity: O(n·k) at worst for n texts held (k is a dozen or so), O(n) typically.
    func mostFrequent(_ k: Int) -> [Int] {
        guard k > 0, count > 0 else { return [] }
        func before(_ a: Int, _ b: Int) -> Bool {
            if counts[a] != counts[b] { return counts[a] > counts[b] }
            return withText(a) { x in withText(b) { y in TextCollation.compare(x, y) < 0 } }
        }
        // A small sorted list of the best so far.
        var best: [Int] = []
        for id in 0..<count {
            if best.count == k, !before(id, best[best.count - 1]) { continue }
            var i = best.count
            while i > 0, before(id, best[i - 1]) { i -= 1 }
            best.insert(id, at: i)
            if best.count > k { best.removeLast() }
        }
        return best
    }

    /// Doubles the slots; the home slot comes from the stored hash bits, so no text is read.
    private mutating func grow() { slots = TextTable.doubled(slots) }
}
