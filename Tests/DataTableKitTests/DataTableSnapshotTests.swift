import Testing
import TestSupport
@testable import DataTableKit

/// The snapshot's bookkeeping (sections, items, marks) and the difference by identity,
/// property-tested against a reference: applying the changes to the old list gives the new list.
@Suite struct DataTableSnapshotTests {
    @Test func sectionsHoldTheirItemsInOrder() {
        var snapshot = DataTableSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 5])
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5])
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "a")
        #expect(snapshot.indexOfItem(4) == 3)
        snapshot.reloadItems([2, 99])
        snapshot.reconfigureItems([5])
        #expect(snapshot.updatedItemIdentifiers == [2, 5])
        snapshot.deleteItems([2, 4, 42])
        #expect(snapshot.itemIdentifiers == [1, 3, 5])
        #expect(snapshot.numberOfItems(inSection: "a") == 2)
        #expect(snapshot.updatedItemIdentifiers == [5])
        snapshot.deleteSections(["a"])
        #expect(snapshot.sectionIdentifiers == ["b"])
        #expect(snapshot.itemIdentifiers == [5])
        #expect(!snapshot.contains(1))
        #expect(snapshot.indexOfItem(5) == 0)
    }

    @Test func aSnapshotOfSendableIdentitiesIsSendable() {
        func requireSendable<S: Sendable>(_ value: S) -> S { value }
        var snapshot = DataTableSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["x"])
        #expect(requireSendable(snapshot).numberOfItems == 1)
    }

    @Test func theDifferenceNamesEachKindOfChange() {
        let difference = DataTableDifference(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"], updated: ["c", "zz"])
        #expect(difference.deletions == [1])
        #expect(difference.insertions == [3])
        #expect(difference.moves == [.init(from: 3, to: 0)])
        #expect(difference.updates == [2])
        #expect(difference.oldOffsets == [3, 0, 2, nil])
        #expect(DataTableDifference(from: [1, 2, 3], to: [1, 2, 3]).isEmpty)
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func applyingTheDifferenceToTheOldListGivesTheNewList(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        for _ in 0..<200 {
            let universe = 1 + next(60)
            let oldKept = Array(0..<universe).filter { _ in next(3) > 0 }, oldMostInPlace = next(2) == 0
            let old = oldKept.shuffledDeterministically(by: &random, keepingMostInPlace: oldMostInPlace)
            let newKept = Array(0..<universe).filter { _ in next(3) > 0 }, newMostInPlace = next(2) == 0
            let new = newKept.shuffledDeterministically(by: &random, keepingMostInPlace: newMostInPlace)
            let updated = Set((0..<universe).filter { _ in next(4) == 0 })
            let difference = DataTableDifference(from: old, to: new, updated: updated)

            // Reference: removals (old offsets, high to low), then insertions (new offsets, low to high).
            var list = old
            let removed = Set(difference.deletions + difference.moves.map(\.from))
            for offset in removed.sorted(by: >) { list.remove(at: offset) }
            let inserted = (difference.insertions + difference.moves.map(\.to)).sorted()
            for offset in inserted { list.insert(new[offset], at: offset) }
            #expect(list == new)

            let oldSet = Set(old), newSet = Set(new)
            #expect(difference.deletions.map { old[$0] }.allSatisfy { !newSet.contains($0) })
            #expect(difference.insertions.map { new[$0] }.allSatisfy { !oldSet.contains($0) })
            #expect(difference.deletions.count == oldSet.subtracting(newSet).count)
            #expect(difference.insertions.count == newSet.subtracting(oldSet).count)
            #expect(difference.updates.map { new[$0] }.sorted() == new.filter { oldSet.contains($0) && updated.contains($0) }.sorted())
            for move in difference.moves { #expect(old[move.from] == new[move.to]) }
            // The fewest moves: the survivors left in place are a longest increasing run of old offsets.
            let survivors = new.compactMap { id in old.firstIndex(of: id) }
            #expect(difference.moves.count == survivors.count - Self.longestIncreasingLength(survivors))
        }
    }

    /// Quadratic reference for the length of a longest strictly increasing subsequence.
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}

extension Array {
    /// A permutation: either a full shuffle or a few swaps (most items keep their place).
    func shuffledDeterministically(by random: inout SplitMix64, keepingMostInPlace: Bool) -> [Element] {
        var result = self
        guard result.count > 1 else { return result }
        let swaps = keepingMostInPlace ? Int(random.next() % 3) : result.count
        for _ in 0..<swaps {
            let a = Int(random.next() % UInt64(result.count)), b = Int(random.next() % UInt64(result.count))
            result.swapAt(a, b)
        }
        return result
    }
}
