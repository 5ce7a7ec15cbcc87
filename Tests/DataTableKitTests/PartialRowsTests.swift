import Dispatch
import Glibc
import Synchronization
import Testing
@testable import DataTableKit
import DataTableCSV
import TestSupport

/// The rows a filter job publishes while it runs (`PartialRows`): always a prefix of its final
/// result, whatever order the blocks finish in, and all of it once the job is done.
@Suite struct PartialRowsTests {
    @Test func aBlockDoneEarlyWaitsForTheBlocksBeforeIt() {
        let partial = PartialRows()
        partial.complete(block: 2, rows: [20, 21])
        partial.complete(block: 1, rows: [])
        #expect(partial.take().isEmpty && partial.count == 0)
        partial.complete(block: 0, rows: [3])
        #expect(partial.take() == [[3], [20, 21]])
        #expect(partial.count == 3)
        partial.complete(block: 4, rows: [40])
        #expect(partial.take().isEmpty)
        partial.complete(block: 3, rows: [30])
        #expect(partial.take() == [[30], [40]])
        #expect(partial.take().isEmpty && partial.count == 5)
    }

    @Test func appendedRowsComeOutInOrderOnce() {
        let partial = PartialRows()
        partial.append([1, 2][...])
        partial.append([UInt32]())
        partial.append([7])
        #expect(partial.take() == [[1, 2], [7]])
        #expect(partial.take().isEmpty && partial.count == 3)
    }

    /// Takes what a `PartialRows` publishes on another thread while a job runs, checking each
    /// time that everything taken so far is a prefix of the expected result.
    final class PrefixObserver: Sendable {
        let stop = Atomic<Bool>(false)
        let violations = Atomic<Int>(0)
        let taken = Mutex<[UInt32]>([])
        let done = DispatchSemaphore(value: 0)

        init(_ partial: PartialRows, expected: [UInt32]) {
            DispatchQueue.global().async { [self] in
                var seen: [UInt32] = []
                while true {
                    let finished = stop.load(ordering: .acquiring)
                    for chunk in partial.take() { seen.append(contentsOf: chunk) }
                    if seen.count > expected.count || Array(expected.prefix(seen.count)) != seen {
                        violations.add(1, ordering: .relaxed)
                    }
                    if finished { break }
                    usleep(50)
                }
                taken.withLock { $0 = seen }
                done.signal()
            }
        }

        /// Stops watching (the job is done): what it took in all, and how many takes were not prefixes.
        func finish() -> (taken: [UInt32], violations: Int) {
            stop.store(true, ordering: .releasing)
            done.wait()
            return (taken.withLock { $0 }, violations.load(ordering: .relaxed))
        }
    }

    @Test func theParallelScanPublishesPrefixesOfItsResultAndThenAllOfIt() throws {
        var generator = SplitMix64(seed: 13)
        for round in 0..<4 {
            let bytes = RecordScanTests.randomCSV(rows: 300 + round * 400, delimiter: UInt8(ascii: ","), generator: &generator)
            let source = try RecordScanTests.file(bytes, delimiter: UInt8(ascii: ","))
            for (query, mode) in RecordScanTests.queries(from: bytes, generator: &generator).prefix(25) {
                guard let matcher = try? RowMatcher(query: query, mode: mode) else { continue }
                let expected = RecordScanTests.referenceRows(source, matcher: matcher)
                let scanner = try #require(RecordScanner.make(source: source, rowCount: source.rowCount, matcher: matcher))
                for (threads, chunk) in [(2, 1), (2, 64), (3, 7)] {
                    let partial = PartialRows()
                    let observer = PrefixObserver(partial, expected: expected)
                    let found = scanner.filter(rows: 0..<source.rowCount, threads: threads, chunkBytes: chunk, partial: partial,
                                               isCancelled: { false }, progress: { _ in })
                    let (taken, violations) = observer.finish()
                    let label = "query \(query.debugDescription) \(mode) threads \(threads) chunk \(chunk)"
                    #expect(found == .rows(expected), "\(label)")
                    #expect(violations == 0, "\(label)")
                    #expect(taken == expected, "\(label)")
                }
            }
        }
    }

    @Test func theRowWiseFilterPublishesPrefixesOfItsResult() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let count = Int(generator.next() % 5000)
            let rows = (0..<UInt32(count)).filter { _ in generator.next() % 3 != 0 }
            let modulus = 1 + generator.next() % 9
            let keep = Set(rows.filter { UInt64($0) % modulus == 0 })
            var published: [UInt32] = []
            var prefixes = true
            let kept = RowSearch.filter(rows, rowMatches: { keep.contains(UInt32($0)) }, isCancelled: { false },
                                        progress: { _, _ in }, publish: { chunk in
                                            published.append(contentsOf: chunk)
                                            let reference = rows.filter { keep.contains($0) }
                                            if !reference.starts(with: published) { prefixes = false }
                                        })
            #expect(kept == rows.filter { keep.contains($0) })
            #expect(published == kept)
            #expect(prefixes)
        }
    }
}
