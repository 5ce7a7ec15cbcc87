/// The changes from one list of identities to another: what left, what came, what moved and
/// what changed in place. Computed by `DataTableDifference(from:to:updated:)`.
///
/// Applying it: remove the items at `deletions` and at the `from` of every move (old offsets,
/// from the highest down), then insert the items at `insertions` and at the `to` of every
/// move (new offsets, from the lowest up); the result is the new list.
public struct DataTableDifference<ItemID: Hashable> {
    /// One item that changed its place relative to the items around it.
    public struct Move: Equatable {
        /// Its offset in the old list.
        public var from: Int
        /// Its offset in the new list.
        public var to: Int

        /// A move from old offset `from` to new offset `to`.
        @inlinable public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Offsets in the old list of items not in the new one, ascending.
    public internal(set) var deletions: [Int] = []
    /// Offsets in the new list of items not in the old one, ascending.
    public internal(set) var insertions: [Int] = []
    /// Items in both lists whose relative order changed (fewest such: the others form a longest
    /// increasing subsequence of old offsets), by new offset ascending.
    public internal(set) var moves: [Move] = []
    /// Offsets in the new list of items in both lists marked as changed, ascending.
    public internal(set) var updates: [Int] = []
    /// For every new offset, the item's old offset (nil: inserted).
    public internal(set) var oldOffsets: [Int?] = []

    /// Whether nothing changed.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The difference between `old` and `new` by identity; `updated` names the items whose
    /// content changed (those in both lists are reported in `updates`). Identities must be
    /// unique within each list.
    /// - Complexity: O(n log n) for n = old + new items (hash maps, then a longest increasing
    ///   subsequence over the surviving items for the moves); O(n) when nothing moved.
    @inlinable
    public init(from old: [ItemID], to new: [ItemID], updated: Set<ItemID> = []) {
        let oldOffsets = Self.matchOffsets(old: old, new: new)
        var insertions: [Int] = [], updates: [Int] = []
        for (offset, from) in oldOffsets.enumerated() {
            if from == nil {
                insertions.append(offset)
            } else if !updated.isEmpty, updated.contains(new[offset]) {
                updates.append(offset)
            }
        }
        self.init(oldCount: old.count, oldOffsets: oldOffsets, insertions: insertions, updates: updates)
    }

    /// For every item of `new`, its offset in `old` (nil: not there). Identities are unique, so
    /// equal identities met walking both lists side by side are the same item: the walk
    /// matches them without hashing, skipping past an insertion or a deletion by looking one
    /// item ahead; only the items it passes over go through a hash map.
    /// - Complexity: O(n) comparisons, plus hashing of the items the walk passed over (all of
    ///   them when the order changed everywhere).
    @inlinable
    static func matchOffsets(old: [ItemID], new: [ItemID]) -> [Int?] {
        // Inlinable, so comparisons and the hash map are specialized for the caller's identity
        // type (unspecialized generic hashing cost ~1.5 s at 1M items;
        // see docs/decisions/0052-snapshot-apply-by-identity.md).
        var result = [Int?](repeating: nil, count: new.count)
        var pendingOld: [Int] = [], pendingNew: [Int] = []
        var i = 0, j = 0
        while i < old.count && j < new.count {
            if old[i] == new[j] {
                result[j] = i
                i += 1
                j += 1
            } else if i + 1 < old.count && old[i + 1] == new[j] {
                pendingOld.append(i)
                i += 1
            } else if j + 1 < new.count && old[i] == new[j + 1] {
                pendingNew.append(j)
                j += 1
            } else {
                pendingOld.append(i)
                pendingNew.append(j)
                i += 1
                j += 1
            }
        }
        pendingOld.append(contentsOf: i..<old.count)
        pendingNew.append(contentsOf: j..<new.count)
        guard !pendingOld.isEmpty, !pendingNew.isEmpty else { return result }
        var oldIndex: [ItemID: Int] = [:]
        oldIndex.reserveCapacity(pendingOld.count)
        for offset in pendingOld { oldIndex[old[offset]] = offset }
        for offset in pendingNew { result[offset] = oldIndex[new[offset]] }
        return result
    }

    /// The deletions and moves from the matched offsets (not generic: compiled once).
    @usableFromInline
    init(oldCount: Int, oldOffsets: [Int?], insertions: [Int], updates: [Int]) {
        self.oldOffsets = oldOffsets
        self.insertions = insertions
        self.updates = updates
        var survives = [Bool](repeating: false, count: oldCount)
        var survivorNewOffsets: [Int] = []
        var survivorOldOffsets: [Int] = []
        survivorNewOffsets.reserveCapacity(oldOffsets.count)
        survivorOldOffsets.reserveCapacity(oldOffsets.count)
        for (offset, from) in oldOffsets.enumerated() {
            guard let from else { continue }
            survives[from] = true
            survivorNewOffsets.append(offset)
            survivorOldOffsets.append(from)
        }
        for offset in 0..<oldCount where !survives[offset] { deletions.append(offset) }
        let staying = Self.longestIncreasingSubsequence(survivorOldOffsets)
        for (position, newOffset) in survivorNewOffsets.enumerated() where !staying[position] {
            moves.append(Move(from: survivorOldOffsets[position], to: newOffset))
        }
    }

    /// Marks the elements of a longest strictly increasing subsequence of `values`.
    /// - Complexity: O(n log n); O(n) when `values` is already increasing.
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var inSequence = [Bool](repeating: false, count: values.count)
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
            return [Bool](repeating: true, count: values.count)
        }
        // tails[k]: position of the smallest tail of an increasing subsequence of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var position = tails.last ?? -1
        while position >= 0 {
            inSequence[position] = true
            position = previous[position]
        }
        return inSequence
    }
}

extension DataTableDifference: Sendable where ItemID: Sendable {}
extension DataTableDifference.Move: Sendable {}

extension DataTableSnapshot {
    /// The difference from `self` to `newer`, over all items (section after section); the
    /// items `newer` marks as reloaded or reconfigured are its updates.
    /// - Complexity: O(n log n), see `DataTableDifference.init(from:to:updated:)`.
    public func difference(to newer: DataTableSnapshot) -> DataTableDifference<ItemID> {
        DataTableDifference(from: itemIdentifiers, to: newer.itemIdentifiers, updated: newer.updatedItemIdentifiers)
    }
}
