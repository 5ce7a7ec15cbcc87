import Testing
import TestSupport
@testable import DataTableCSV


private struct CollectingSink: RowStartSink {
    var starts: [Int] = []
    mutating func append(_ offset: Int) { starts.append(offset) }
}

private let doubleQuote = UInt8(ascii: "\"")

/// Scans `bytes` split at `cuts` (chunk boundaries, ascending), passing the state along, with
/// `kernel` (nil: the reference state machine).
private func scanChunked(_ bytes: [UInt8], cuts: [Int] = [], quote: UInt8 = doubleQuote,
                         state: RowIndexerState = RowIndexerState(), kernel: RowScanKernel?,
                         baseOffset: Int = 0) -> (starts: [Int], state: RowIndexerState) {
    var starts: [Int] = []
    var state = state
    bytes.withUnsafeBytes { all in
        var from = 0
        for to in cuts + [bytes.count] {
            let chunk = UnsafeRawBufferPointer(rebasing: all[from..<to])
            if let kernel {
                var sink = CollectingSink()
                state = RowIndexer.scan(chunk, baseOffset: baseOffset + from, quote: quote, state: state, kernel: kernel, into: &sink)
                starts += sink.starts
            } else {
                state = RowIndexer.scanReference(chunk, baseOffset: baseOffset + from, quote: quote, state: state) {
                    starts.append($0)
                }
            }
            from = to
        }
    }
    return (starts, state)
}

/// The starts of the reference scanner, after checking that every kernel this CPU runs (the C
/// one and the Swift fallback) agrees (starts and state).
private func checkedStarts(_ bytes: [UInt8], cuts: [Int] = [], quote: UInt8 = doubleQuote,
                           state: RowIndexerState = RowIndexerState(),
                           sourceLocation: SourceLocation = #_sourceLocation) -> (starts: [Int], state: RowIndexerState) {
    let reference = scanChunked(bytes, cuts: cuts, quote: quote, state: state, kernel: nil)
    for kernel in RowScanKernel.available {
        let fast = scanChunked(bytes, cuts: cuts, quote: quote, state: state, kernel: kernel)
        #expect(fast.starts == reference.starts, "\(kernel)", sourceLocation: sourceLocation)
        #expect(fast.state == reference.state, "\(kernel)", sourceLocation: sourceLocation)
    }
    return reference
}

private func checkedStarts(_ text: String, cuts: [Int] = [],
                           sourceLocation: SourceLocation = #_sourceLocation) -> (starts: [Int], state: RowIndexerState) {
    checkedStarts(Array(text.utf8), cuts: cuts, sourceLocation: sourceLocation)
}

/// Random cut points for `count` bytes.
private func randomCuts(count: Int, using rng: inout SplitMix64) -> [Int] {
    guard count > 0 else { return [] }
    let pieces = Int.random(in: 0...6, using: &rng)
    return (0..<pieces).map { _ in Int.random(in: 0...count, using: &rng) }.sorted()
}

/// Random bytes over an alphabet rich in the characters that matter.
private func randomCSV(count: Int, quote: UInt8 = doubleQuote, using rng: inout SplitMix64) -> [UInt8] {
    let alphabet: [UInt8] = [quote, quote, 0x0A, 0x0A, 0x0D, 0x0D, UInt8(ascii: ","), UInt8(ascii: ";"), 0x09,
                             UInt8(ascii: "a"), UInt8(ascii: "z"), UInt8(ascii: " "), 0x00, 0x7F, 0x80, 0xFF,
                             0xEF, 0xBB, 0xBF, UInt8(ascii: "'")]
    // Vary the density: some inputs are mostly text, some mostly specials.
    let plainRate = Int.random(in: 0...90, using: &rng)
    return (0..<count).map { _ in
        if Int.random(in: 0..<100, using: &rng) < plainRate { return UInt8(ascii: "x") }
        return alphabet.randomElement(using: &rng)!
    }
}

@Suite("RowIndexer")
struct RowIndexerTests {
    @Test func empty() {
        let result = checkedStarts("")
        #expect(result.starts == [])
        #expect(result.state == RowIndexerState())
    }

    @Test func noTerminator() {
        #expect(checkedStarts("a,b,c").starts == [])
        let long = String(repeating: "abc,def,", count: 40)
        #expect(checkedStarts(long).starts == [])
    }

    @Test func lineFeeds() {
        #expect(checkedStarts("a\nb\n").starts == [2, 4])
        #expect(checkedStarts("\n\n\n").starts == [1, 2, 3])
    }

    @Test func crlf() {
        #expect(checkedStarts("a\r\nb\r\n").starts == [3, 6])
        #expect(checkedStarts("\r\n\r\n").starts == [2, 4])
    }

    @Test func loneCR() {
        let result = checkedStarts("a\rb\rc")
        #expect(result.starts == [2, 4])
        #expect(result.state == RowIndexerState())
        // CR LF CR: one CRLF, then a lone CR; CR CR: two terminators.
        #expect(checkedStarts("\r\n\rx").starts == [2, 3])
        #expect(checkedStarts("\r\rx").starts == [1, 2])
        #expect(checkedStarts("\n\rx").starts == [1, 2])
    }

    @Test func mixedTerminators() {
        #expect(checkedStarts("a\nb\r\nc\rd\n\re").starts == [2, 5, 7, 9, 10])
    }

    @Test func trailingTerminatorGivesDataLength() {
        #expect(checkedStarts("a\n").starts == [2])
        #expect(checkedStarts("a\r\n").starts == [3])
        // A CR at the very end is pending: the state says so, and `finish` reports the end.
        let result = checkedStarts("a\r")
        #expect(result.starts == [])
        #expect(result.state == RowIndexerState(inQuotes: false, previousWasCR: true))
        var finished: [Int] = []
        RowIndexer.finish(state: result.state, endOffset: 2) { finished.append($0) }
        #expect(finished == [2])
        RowIndexer.finish(state: RowIndexerState(), endOffset: 2) { finished.append($0) }
        #expect(finished == [2])
    }

    @Test func quotedTerminatorsAreIgnored() {
        // "a<LF>b",c<LF>d
        #expect(checkedStarts("\"a\nb\",c\nd").starts == [8])
        #expect(checkedStarts("\"a\r\nb\",c\r\nd").starts == [10])
        #expect(checkedStarts("\"a\rb\",c\rd").starts == [8])
        // A quoted CR right before the closing quote, then CRLF.
        #expect(checkedStarts("\"a\r\"\r\nx").starts == [6])
    }

    @Test func doubledQuotes() {
        // "a""<LF>"<LF>x : three quotes before the first LF (inside), four before the second.
        #expect(checkedStarts("\"a\"\"\n\"\nx").starts == [7])
        #expect(checkedStarts("\"\"\n\"\"\"\"\n").starts == [3, 8])
        #expect(checkedStarts("a,\"say \"\"hi\"\"\"\nb").starts == [15])
    }

    @Test func unterminatedQuote() {
        let result = checkedStarts("a\n\"b\nc\nd\r\ne")
        #expect(result.starts == [2])
        #expect(result.state == RowIndexerState(inQuotes: true, previousWasCR: false))
        let long = Array("a\n\"".utf8) + Array(repeating: UInt8(ascii: "\n"), count: 300)
        #expect(checkedStarts(long).starts == [2])
    }

    @Test func quoteTogglesMidField() {
        // The accepted approximation: a stray quote inside an unquoted field opens a quoted region.
        #expect(checkedStarts("ab\"c\nd\"e\nf").starts == [9])
    }

    @Test func otherQuoteCharacter() {
        let bytes = Array("'a\nb',\"c\nd".utf8)
        #expect(checkedStarts(bytes, quote: UInt8(ascii: "'")).starts == [9])
        #expect(checkedStarts(bytes, quote: doubleQuote).starts == [3])
    }

    @Test(arguments: [62, 63, 64, 65, 126, 127, 128, 129])
    func terminatorsAtBlockEdges(position: Int) {
        for terminator in ["\n", "\r\n", "\r"] {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: 200)
            let t = Array(terminator.utf8)
            bytes.replaceSubrange(position..<(position + t.count), with: t)
            #expect(checkedStarts(bytes).starts == [position + t.count], "\(terminator.debugDescription) at \(position)")
            // The same inside quotes: no start.
            var quoted = bytes
            quoted[position - 5] = doubleQuote
            quoted[position + 5] = doubleQuote
            #expect(checkedStarts(quoted).starts == [], "quoted \(terminator.debugDescription) at \(position)")
            // A quote just before the terminator and one just after (block-edge parity).
            var edge = bytes
            edge[position - 1] = doubleQuote
            edge[position + t.count] = doubleQuote
            #expect(checkedStarts(edge).starts == [], "edge-quoted \(terminator.debugDescription) at \(position)")
        }
        // A CR at the block's last byte followed by LF/other in the next block, and at the chunk end.
        var crThenX = Array(repeating: UInt8(ascii: "x"), count: 200)
        crThenX[position] = 0x0D
        #expect(checkedStarts(crThenX, cuts: [position + 1]).starts == [position + 1])
        crThenX[position + 1] = 0x0A
        #expect(checkedStarts(crThenX, cuts: [position + 1]).starts == [position + 2])
    }

    @Test func crlfSplitAcrossChunks() {
        let bytes = Array("ab\r\ncd\r\nef".utf8)
        let first = checkedStarts(Array(bytes[0..<3]))
        #expect(first.starts == [])
        #expect(first.state.previousWasCR)
        #expect(checkedStarts(bytes, cuts: [3]).starts == [4, 8])
        #expect(checkedStarts(bytes, cuts: [3, 7]).starts == [4, 8])
        // A lone CR at a chunk end is reported at the next chunk's first byte.
        #expect(checkedStarts(Array("ab\rcd".utf8), cuts: [3]).starts == [3])
        // Empty chunks keep the pending CR.
        #expect(checkedStarts(bytes, cuts: [3, 3, 3, 4]).starts == [4, 8])
        // Long chunks (the SWAR path) with the CR as the 64th byte of the first.
        var long = Array(repeating: UInt8(ascii: "x"), count: 64) + Array("\ny\r\n".utf8) + Array(repeating: UInt8(ascii: "y"), count: 100)
        long[63] = 0x0D
        #expect(checkedStarts(long, cuts: [64]).starts == [65, 68])
        #expect(checkedStarts(long, cuts: [64, 67]).starts == [65, 68])
    }

    @Test func stateCarriesAcrossChunks() {
        // Inside quotes at the boundary.
        let bytes = Array("\"a\nb\nc\"\nd".utf8)
        #expect(checkedStarts(bytes, cuts: [3]).starts == [8])
        let initial = RowIndexerState(inQuotes: true, previousWasCR: false)
        #expect(checkedStarts(Array("a\n\"b\nc".utf8), state: initial).starts == [5])
    }

    @Test func baseOffsetIsAdded() {
        var starts: [Int] = []
        let bytes = Array((String(repeating: "x", count: 70) + "\nabc\r\n").utf8)
        _ = bytes.withUnsafeBytes { buffer in
            RowIndexer.scan(buffer, baseOffset: 1000, quote: doubleQuote, state: RowIndexerState()) { starts.append($0) }
        }
        #expect(starts == [1071, 1076])
    }

    @Test func byteOrderMarkIsTheCallersBusiness() {
        // The caller seeds the index with 3 after a BOM; the BOM bytes change nothing.
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8)
        #expect(checkedStarts(withBOM).starts == [7, 11])
        #expect(checkedStarts(Array(withBOM.dropFirst(3))).starts == [4, 8])
    }

    @Test func genericSinkMatchesClosure() {
        var rng = SplitMix64(seed: 7)
        let bytes = randomCSV(count: 5000, using: &rng)
        var sink = CollectingSink()
        var closureStarts: [Int] = []
        let (a, b) = bytes.withUnsafeBytes { buffer in
            (RowIndexer.scan(buffer, baseOffset: 0, quote: doubleQuote, state: RowIndexerState(), into: &sink),
             RowIndexer.scan(buffer, baseOffset: 0, quote: doubleQuote, state: RowIndexerState()) { closureStarts.append($0) })
        }
        #expect(a == b)
        #expect(sink.starts == closureStarts)
        #expect(sink.starts == scanChunked(bytes, kernel: nil).starts)
    }

    @Test func randomChunkSizesGiveTheSameStarts() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<50 {
            let bytes = randomCSV(count: Int.random(in: 0...3000, using: &rng), using: &rng)
            let whole = scanChunked(bytes, kernel: nil)
            let cuts = randomCuts(count: bytes.count, using: &rng)
            let chunked = checkedStarts(bytes, cuts: cuts)
            #expect(chunked.starts == whole.starts)
            #expect(chunked.state == whole.state)
        }
    }

    @Test func oneMegabyteRandomInput() {
        var rng = SplitMix64(seed: 2024)
        // CSV-like: mostly text, ~1% quoted fields with embedded line breaks.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        while bytes.count < 1 << 20 {
            for field in 0..<8 {
                if field > 0 { bytes.append(UInt8(ascii: ",")) }
                let length = Int.random(in: 0...14, using: &rng)
                if Int.random(in: 0..<100, using: &rng) == 0 {
                    bytes.append(doubleQuote)
                    bytes += Array("a\nb\r\n\"\"c\rd".utf8)
                    bytes.append(doubleQuote)
                } else {
                    bytes += (0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &rng) }
                }
            }
            bytes += Int.random(in: 0..<4, using: &rng) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        let result = checkedStarts(bytes)
        #expect(result.starts.count > 10_000)
        #expect(result.state == RowIndexerState())
        // Fully random bytes too.
        let noise = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        _ = checkedStarts(noise)
        _ = checkedStarts(noise, cuts: randomCuts(count: noise.count, using: &rng))
    }

    /// ~2000 seeded random inputs of quotes, CR, LF, delimiters and bytes: each kernel against the reference,
    /// with random chunking, random initial state and two quote characters.
    @Test func randomizedDifferential() {
        var rng = SplitMix64(seed: 0xC5F1_D7AB)
        var mismatches = 0
        for iteration in 0..<2000 {
            let quote = iteration % 5 == 4 ? UInt8(ascii: "'") : doubleQuote
            let count = iteration % 10 == 0 ? Int.random(in: 0...2000, using: &rng) : Int.random(in: 0...300, using: &rng)
            let bytes = randomCSV(count: count, quote: quote, using: &rng)
            let cuts = iteration % 2 == 0 ? [] : randomCuts(count: count, using: &rng)
            let state = RowIndexerState(inQuotes: Bool.random(using: &rng), previousWasCR: iteration % 3 == 0 && Bool.random(using: &rng))
            let reference = scanChunked(bytes, cuts: cuts, quote: quote, state: state, kernel: nil, baseOffset: iteration)
            for kernel in RowScanKernel.available {
                let fast = scanChunked(bytes, cuts: cuts, quote: quote, state: state, kernel: kernel, baseOffset: iteration)
                if reference.starts != fast.starts || reference.state != fast.state {
                    mismatches += 1
                    if mismatches <= 3 {
                        Issue.record("\(kernel), iteration \(iteration): \(bytes) cuts \(cuts) state \(state) quote \(quote)")
                    }
                }
            }
            // Starts are strictly increasing and inside (0, count] relative to the base.
            #expect(zip(reference.starts, reference.starts.dropFirst()).allSatisfy { $0 < $1 })
            #expect(reference.starts.allSatisfy { $0 >= iteration && $0 <= iteration + count })
        }
        #expect(mismatches == 0)
    }
}
