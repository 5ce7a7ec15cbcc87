import Glibc
import Testing
import TestSupport
import DataTableKit
@testable import DataTableCSV

private let quoteByte = UInt8(ascii: "\"")

/// Random CSV-ish bytes: quoted fields with newlines, doubled quotes, CRLF, lone CR, long runs.
private func randomRecords(bytes count: Int, using rng: inout SplitMix64) -> [UInt8] {
    var out: [UInt8] = Array("id,name,note\n".utf8)
    let terminators: [[UInt8]] = [[0x0A], [0x0A], [0x0A], [0x0D, 0x0A], [0x0D]]
    while out.count < count {
        for field in 0..<3 {
            if field > 0 { out.append(UInt8(ascii: ",")) }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3:
                // Quoted, with terminators, doubled quotes and commas inside.
                out.append(quoteByte)
                for _ in 0..<Int.random(in: 0...40, using: &rng) {
                    switch Int.random(in: 0..<12, using: &rng) {
                    case 0: out.append(0x0A)
                    case 1: out += [0x0D, 0x0A]
                    case 2: out += [quoteByte, quoteByte]
                    case 3: out.append(UInt8(ascii: ","))
                    case 4: out.append(0x0D)
                    default: out.append(UInt8(ascii: "q"))
                    }
                }
                out.append(quoteByte)
            case 3:
                out += Array(repeating: UInt8(ascii: "L"), count: Int.random(in: 60...300, using: &rng))
            default:
                out += Array(repeating: UInt8(ascii: "v"), count: Int.random(in: 0...12, using: &rng))
            }
        }
        out += terminators.randomElement(using: &rng)!
    }
    return out
}

/// Every offset the source's index holds (rows and the sentinel).
private func offsets(_ source: CSVFileDataSource) -> [Int] {
    (0..<source.index.count).map { source.index[$0] }
}

/// The record starts of `bytes` by the byte-at-a-time reference, from `start`, as the source
/// stores them (the first row's start, then each start, then the end).
private func referenceOffsets(_ bytes: [UInt8], from start: Int) -> [Int] {
    guard start < bytes.count else { return [] }
    var starts = [start]
    let state = bytes.withUnsafeBytes { all in
        RowIndexer.scanReference(UnsafeRawBufferPointer(rebasing: all[start...]), baseOffset: start, quote: quoteByte,
                                 state: RowIndexerState()) { starts.append($0) }
    }
    _ = state
    if starts.last! < bytes.count { starts.append(bytes.count) }
    return starts
}

@Suite struct ParallelIndexTests {
    @Test(arguments: RowScanKernel.available)
    func bothQuoteStatesInOnePassEqualTwoScans(kernel: RowScanKernel) {
        var rng = SplitMix64(seed: 21)
        for round in 0..<60 {
            let bytes = randomRecords(bytes: Int.random(in: 0...3000, using: &rng), using: &rng)
            let start = Int.random(in: 0...bytes.count, using: &rng)
            let part = Array(bytes[start...])
            var outside: [Int] = [], inside: [Int] = []
            var expectedOutside: [Int] = [], expectedInside: [Int] = []
            part.withUnsafeBytes { all in
                // In random chunks, carrying both states.
                var states = (outside: RowIndexerState(), inside: RowIndexerState(inQuotes: true, previousWasCR: false))
                var from = 0
                while from < all.count {
                    let to = min(all.count, from + Int.random(in: 0...200, using: &rng))
                    var sink0 = RowStartClosureSink { outside.append($0) }, sink1 = RowStartClosureSink { inside.append($0) }
                    states = RowIndexer.scanBothQuoteStates(UnsafeRawBufferPointer(rebasing: all[from..<to]), baseOffset: 1000 + from,
                                                            quote: quoteByte, outsideState: states.outside,
                                                            insideState: states.inside, outside: &sink0, inside: &sink1,
                                                            kernel: kernel)
                    from = to
                }
                let a = RowIndexer.scanReference(all, baseOffset: 1000, quote: quoteByte, state: RowIndexerState()) { expectedOutside.append($0) }
                let b = RowIndexer.scanReference(all, baseOffset: 1000, quote: quoteByte,
                                                 state: RowIndexerState(inQuotes: true, previousWasCR: false)) { expectedInside.append($0) }
                #expect(states.outside == a, "round \(round)")
                #expect(states.inside == b, "round \(round)")
            }
            #expect(outside == expectedOutside, "round \(round)")
            #expect(inside == expectedInside, "round \(round)")
        }
    }

    @Test func partsCoverTheRangeInOrder() {
        let plan = IndexingPlan(initialBytes: 0, chunkBytes: 10, maxParts: 3, minimumPartBytes: 10)
        #expect(plan.parts(of: 5..<105) == [5..<38, 38..<71, 71..<105])
        #expect(plan.parts(of: 5..<24) == [5..<24])
        #expect(plan.parts(of: 5..<25) == [5..<15, 15..<25])
        #expect(IndexingPlan.sequential.parts(of: 0..<(1 << 40)) == [0..<(1 << 40)])
    }

    /// Files indexed in parts (split points anywhere: inside quoted fields, between CR and LF)
    /// give the same index as one thread and as the reference scanner.
    @Test(arguments: [1, 2, 3, 5, 8])
    func theParallelIndexEqualsTheSequentialOne(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for round in 0..<12 {
            var bytes = randomRecords(bytes: Int.random(in: 1...20_000, using: &rng), using: &rng)
            if Int.random(in: 0..<3, using: &rng) == 0 { bytes.append(quoteByte) }  // an unterminated quote at the end
            if Int.random(in: 0..<3, using: &rng) == 0 { bytes.removeLast(min(bytes.count - 1, Int.random(in: 0...2, using: &rng))) }
            let path = temporaryFile(bytes)
            let sequential = try CSVFileDataSource(file: MappedFile(path: path), dialect: .comma, hasHeader: true, plan: .sequential)
            sequential.indexAll()
            let expected = referenceOffsets(bytes, from: sequential.dataStart)
            #expect(offsets(sequential) == expected, "sequential, seed \(seed) round \(round)")
            for parts in [2, 3, 7] {
                // Every kernel this CPU runs: the C one and the Swift fallback.
                let kernel = RowScanKernel.available[(Int(seed) + round + parts) % RowScanKernel.available.count]
                let plan = IndexingPlan(initialBytes: Int.random(in: 0...64, using: &rng), chunkBytes: Int.random(in: 1...300, using: &rng),
                                        maxParts: parts, minimumPartBytes: Int.random(in: 1...500, using: &rng), kernel: kernel)
                let parallel = try CSVFileDataSource(file: MappedFile(path: path), dialect: .comma, hasHeader: true, plan: plan)
                if Bool.random(using: &rng) {
                    parallel.indexAll()
                } else {
                    parallel.startIndexing()
                    while !parallel.isFieldCountComplete { usleep(200) }
                }
                #expect(parallel.isIndexComplete)
                #expect(offsets(parallel) == expected, "\(parts) parts, \(kernel), seed \(seed) round \(round)")
                #expect(parallel.columnCount == sequential.columnCount)
                #expect(parallel.loadState?.isComplete == true)
            }
        }
    }

    /// The parts really are split inside quoted fields: a file of one long quoted field whose
    /// newlines would be rows if the second part were taken to start outside quotes.
    @Test func aSplitInsideAQuotedFieldIsResolved() throws {
        let inner = (0..<2000).map { "line \($0)\n" }.joined()
        let text = "h\n\"" + inner + "\"\nlast\n"
        let path = temporaryFile(Array(text.utf8))
        let plan = IndexingPlan(initialBytes: 0, chunkBytes: 4096, maxParts: 4, minimumPartBytes: 1000)
        let source = try CSVFileDataSource(file: MappedFile(path: path), dialect: .comma, hasHeader: true, plan: plan)
        source.indexAll()
        #expect(source.rowCount == 2)
        #expect(source.text(row: 1, column: 0) == "last")
        #expect(source.text(row: 0, column: 0) == inner)
    }
}

/// The typed values `value(row:column:)` caches per row are those of the fields' text.
@Suite struct CSVValueCacheTests {
    @Test func cachedValuesMatchTheFieldsAcrossCacheClears() throws {
        var text = "n,x,s\n"
        for i in 0..<5000 { text += "\(i),\(Double(i) / 4),\(i % 3 == 0 ? "" : "v\(i)")\n" }
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        // Rows in an order that fills and clears the row cache (4,096 rows) and revisits rows.
        for row in (0..<5000).map({ ($0 * 7919) % 5000 }) + [0, 0, 4999, 1] {
            for column in [2, 0, 1, 5] {
                let expected = column < 3 ? DataTableValueType(fieldText: source.text(row: row, column: column)) : .null
                #expect(source.value(row: row, column: column) == expected)
            }
        }
        #expect(source.value(row: 5000, column: 0) == .null)
    }
}
