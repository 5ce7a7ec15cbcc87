import Foundation
import Testing
import TestSupport
@testable import DataTableCSV

private let doubleQuote = UInt8(ascii: "\"")

private struct Collected: RowStartSink {
    var starts: [Int] = []
    mutating func append(_ offset: Int) { starts.append(offset) }
}

/// The reference state machine's starts and end state over `bytes`.
private func reference(_ bytes: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                       state: RowIndexerState) -> (starts: [Int], state: RowIndexerState) {
    var starts: [Int] = []
    let end = RowIndexer.scanReference(bytes, baseOffset: baseOffset, quote: quote, state: state) { starts.append($0) }
    return (starts, end)
}

/// Dense random CSV bytes: terminators (LF, CR, CRLF), quotes (`quote` and `"`), CJK, invalid UTF-8.
private func denseBytes(count: Int, quote: UInt8, using rng: inout SplitMix64) -> [UInt8] {
    let pieces: [[UInt8]] = [[0x0A], [0x0A], [0x0D], [0x0D, 0x0A], [quote], [quote, quote], [doubleQuote],
                             [UInt8(ascii: ",")], Array("表".utf8), [0xFF], [0xC3], [0x00], [UInt8(ascii: "x")]]
    var out: [UInt8] = []
    while out.count < count { out += pieces.randomElement(using: &rng)! }
    return Array(out.prefix(count))
}

/// The choice of kernel at run time.
@Suite struct RowScanKernelTests {
    /// Where /proc/cpuinfo lists AVX2, PCLMULQDQ, BMI1, BMI2 and POPCNT, the C kernel is the one chosen.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo")))
    func theVectorKernelIsChosenWhereTheCPUHasIt() throws {
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        guard let flagsLine = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return }
        let flags = Set(flagsLine.split(separator: " ").map(String.init))
        let needed: Set = ["avx2", "pclmulqdq", "bmi1", "bmi2", "popcnt"]
        #expect(RowScanKernel.best == (needed.isSubset(of: flags) ? .vector : .swar))
    }
}

/// The C kernel (`RowScanKernel.vector`, `Sources/CRowScan`): what it adds to the contract the
/// `RowIndexer` suite checks for every kernel — batches flushed when the buffer fills, any quote
/// byte (0x00 too), chunks of any length at any alignment.
@Suite(.enabled(if: RowScanKernel.best == .vector, "the CPU has no AVX2: the Swift kernel runs"))
struct VectorRowScanTests {
    /// A batch buffer of every size from the minimum up fills at every block of dense input; the
    /// scan resumes after each flush with the same starts and state as one pass of the reference.
    @Test func aFullBatchResumesAtEveryBlock() {
        var rng = SplitMix64(seed: 13)
        for round in 0..<40 {
            let quote = round % 4 == 3 ? UInt8(ascii: "'") : doubleQuote
            let bytes = denseBytes(count: Int.random(in: 64...3000, using: &rng), quote: quote, using: &rng)
            let state = RowIndexerState(inQuotes: Bool.random(using: &rng), previousWasCR: Bool.random(using: &rng))
            bytes.withUnsafeBytes { all in
                let expected = reference(all, baseOffset: 77, quote: quote, state: state)
                for batch in stride(from: 65, through: 65 + 140, by: round % 2 == 0 ? 1 : 7) {
                    var sink = Collected()
                    let end = RowIndexer.scanVector(all, baseOffset: 77, quote: quote, state: state, into: &sink, batch: batch)
                    #expect(sink.starts == expected.starts, "round \(round) batch \(batch)")
                    #expect(end == expected.state, "round \(round) batch \(batch)")
                }
            }
        }
    }

    /// The same for the scan under both quote hypotheses, each list filling on its own.
    @Test func aFullBatchResumesInTheBothStatesScan() {
        var rng = SplitMix64(seed: 14)
        for round in 0..<40 {
            let bytes = denseBytes(count: Int.random(in: 0...3000, using: &rng), quote: doubleQuote, using: &rng)
            let outsideState = RowIndexerState(inQuotes: false, previousWasCR: Bool.random(using: &rng))
            let insideState = RowIndexerState(inQuotes: true, previousWasCR: Bool.random(using: &rng))
            bytes.withUnsafeBytes { all in
                let expected0 = reference(all, baseOffset: 5, quote: doubleQuote, state: outsideState)
                let expected1 = reference(all, baseOffset: 5, quote: doubleQuote, state: insideState)
                for batch in stride(from: 65, through: 300, by: 3 + round % 5) {
                    var sink0 = Collected(), sink1 = Collected()
                    let ends = RowIndexer.scanBothQuoteStatesVector(all, baseOffset: 5, quote: doubleQuote, outsideState: outsideState,
                                                                    insideState: insideState, outside: &sink0, inside: &sink1,
                                                                    batch: batch)
                    #expect(sink0.starts == expected0.starts, "round \(round) batch \(batch)")
                    #expect(sink1.starts == expected1.starts, "round \(round) batch \(batch)")
                    #expect(ends.outside == expected0.state && ends.inside == expected1.state, "round \(round) batch \(batch)")
                }
            }
        }
    }

    /// Chunks of every length from 0 to 140 bytes (below one block, one block and a tail, two
    /// blocks) at every alignment within 64 bytes, with every quote byte that matters: `"`, `'`,
    /// 0x00 (the tail's padding byte) and 0xFF; the state carried from chunk to chunk.
    @Test func shortAndUnalignedChunksWithAnyQuoteByte() {
        var rng = SplitMix64(seed: 15)
        for quote: UInt8 in [doubleQuote, UInt8(ascii: "'"), 0x00, 0xFF] {
            let bytes = denseBytes(count: 64 + 140 * 3, quote: quote, using: &rng)
            bytes.withUnsafeBytes { all in
                for alignment in 0..<64 {
                    for length in 0...140 {
                        let chunk = UnsafeRawBufferPointer(rebasing: all[alignment..<(alignment + length)])
                        for state in [RowIndexerState(), RowIndexerState(inQuotes: true, previousWasCR: false),
                                      RowIndexerState(inQuotes: false, previousWasCR: true)] {
                            let expected = reference(chunk, baseOffset: alignment, quote: quote, state: state)
                            var sink = Collected()
                            let end = RowIndexer.scanVector(chunk, baseOffset: alignment, quote: quote, state: state, into: &sink)
                            #expect(sink.starts == expected.starts, "quote \(quote) alignment \(alignment) length \(length) \(state)")
                            #expect(end == expected.state, "quote \(quote) alignment \(alignment) length \(length) \(state)")
                            // The next chunk continues from the returned state.
                            let next = UnsafeRawBufferPointer(rebasing: all[(alignment + length)..<(alignment + length + 140)])
                            var nextSink = Collected()
                            let nextEnd = RowIndexer.scanVector(next, baseOffset: alignment + length, quote: quote, state: end, into: &nextSink)
                            let expectedNext = reference(next, baseOffset: alignment + length, quote: quote, state: expected.state)
                            #expect(nextSink.starts == expectedNext.starts && nextEnd == expectedNext.state,
                                    "after quote \(quote) alignment \(alignment) length \(length) \(state)")
                        }
                    }
                }
            }
        }
    }

    /// The C field count over chunks of every length from 0 to 140 with the quote or the
    /// delimiter 0x00 (the tail's padding byte): the same counts and state as the Swift kernel.
    @Test func fieldCountsOfShortChunksWithAZeroQuoteOrDelimiter() {
        var rng = SplitMix64(seed: 17)
        for (quote, delimiter) in [(UInt8(0x00), UInt8(ascii: ",")), (doubleQuote, UInt8(0x00))] {
            let bytes = denseBytes(count: 300, quote: quote, using: &rng).map { $0 == UInt8(ascii: "x") ? delimiter : $0 }
            bytes.withUnsafeBytes { all in
                for length in 0...140 {
                    var vector = FieldCountState(), swar = FieldCountState()
                    for range in [0..<length, length..<(length + 140)] {
                        let chunk = UnsafeRawBufferPointer(rebasing: all[range])
                        RowIndexer.countFields(chunk, quote: quote, delimiter: delimiter, state: &vector, kernel: .vector)
                        RowIndexer.countFields(chunk, quote: quote, delimiter: delimiter, state: &swar, kernel: .swar)
                        #expect(vector == swar, "quote \(quote) delimiter \(delimiter) length \(length) range \(range)")
                    }
                }
            }
        }
    }

    /// One input split at every position (a CR, LF or quote on either side of the cut), the
    /// state carried across the two calls: the same starts as one call.
    @Test func theStateCarriesAcrossEverySplit() {
        var rng = SplitMix64(seed: 16)
        for round in 0..<6 {
            let bytes = denseBytes(count: 200 + round * 37, quote: doubleQuote, using: &rng)
            bytes.withUnsafeBytes { all in
                let whole = reference(all, baseOffset: 0, quote: doubleQuote, state: RowIndexerState())
                for cut in 0...bytes.count {
                    var sink = Collected()
                    let middle = RowIndexer.scanVector(UnsafeRawBufferPointer(rebasing: all[..<cut]), baseOffset: 0, quote: doubleQuote,
                                                       state: RowIndexerState(), into: &sink)
                    let end = RowIndexer.scanVector(UnsafeRawBufferPointer(rebasing: all[cut...]), baseOffset: cut, quote: doubleQuote,
                                                    state: middle, into: &sink)
                    #expect(sink.starts == whole.starts, "round \(round) cut \(cut)")
                    #expect(end == whole.state, "round \(round) cut \(cut)")
                }
            }
        }
    }
}
