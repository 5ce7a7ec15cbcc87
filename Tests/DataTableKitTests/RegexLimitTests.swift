import Dispatch
import Testing
import TestSupport
@testable import DataTableKit

/// The row of the issue: `(\w+\s?)+$` backtracks exponentially over it (it ends in `!`).
let catastrophicRow = "the quick brown fox jumps over the lazy dog again and again!"
let catastrophicPattern = #"(\w+\s?)+$"#

private func regex(_ query: String) -> RowMatcher { try! RowMatcher(query: query, mode: .regex) }

/// Seconds `body` takes.
private func seconds(_ body: () -> Void) -> Double {
    let d = ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

@Test func catastrophicBacktrackingStopsAtTheLimit() {
    let m = regex(catastrophicPattern)
    #expect(!m.isTooComplex)
    var verdict = RowMatcher.Verdict.match
    let elapsed = seconds { verdict = m.verdict(catastrophicRow) }
    print("regex limit: \(catastrophicPattern) over \(catastrophicRow.utf8.count) bytes: \(elapsed * 1000) ms, JIT \(m.pattern!.isJITCompiled)")
    #expect(verdict == .tooComplex)
    #expect(elapsed < 0.5)
    #expect(m.isTooComplex)
    #expect(!m.matches(catastrophicRow))
    // The same pattern over a row it matches at once is fine.
    #expect(regex(catastrophicPattern).verdict("the quick brown fox") == .match)
    // Highlighting ends too.
    #expect(seconds { _ = regex(catastrophicPattern).matchRanges(in: catastrophicRow) } < 0.5)
}
