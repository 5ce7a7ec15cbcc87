import Testing
import TestSupport
@testable import DataTableKit

/// The counting sort (`RowSorter.countingSort`, keys of at most 16 bits) against the radix
/// sort it replaces for them (`RowSorter.sortPass`) and a stable comparison sort written here,
/// on random integer columns with nulls and strays: both directions, every row or a shuffled
/// subset, one thread or two halves (the split threshold lowered so small inputs take it).
@Suite struct CountingSortTests {
    /// What a field holds for the reference.
    enum Value {
        case number(Int)
        case stray(String)
        case null
    }

    static let strays = ["n/k", "abc", "zz", "b", "abd"]

    /// `count` random fields over `span` values from `lowest`, about one in ten null and one in
    /// ten a stray.
    static func fields(count: Int, lowest: Int, span: Int, random: inout SplitMix64) -> [(text: String, value: Value)] {
        (0..<count).map { _ in
            switch random.next() % 10 {
            case 0: return random.next() % 2 == 0 ? ("", .null) : ("NA", .null)
            case 1:
                let stray = strays[Int(random.next() % UInt64(strays.count))]
                return (stray, .stray(stray))
            default:
                let value = lowest + Int(random.next() % UInt64(span))
                return (String(value), .number(value))
            }
        }
    }

    /// Stable reference: values in the direction, then strays by text in the direction, then
    /// nulls, each group's ties in input order.
    static func reference(_ rows: [UInt32], _ values: [Value], ascending: Bool) -> [UInt32] {
        func group(_ v: Value) -> Int {
            switch v {
            case .number: return 0
            case .stray: return 1
            case .null: return 2
            }
        }
        return rows.enumerated().sorted { a, b in
            let x = values[Int(a.element)], y = values[Int(b.element)]
            if group(x) != group(y) { return group(x) < group(y) }
            switch (x, y) {
            case (.number(let p), .number(let q)) where p != q: return ascending ? p < q : p > q
            case (.stray(let p), .stray(let q)) where p != q: return ascending ? p < q : p > q
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }

    @Test(arguments: [(0, 1), (1, 3), (2, 1), (5, 2), (64, 101), (129, 101), (700, 7), (3000, 101), (3000, 4096),
                      (5000, 65536)])
    func countingMatchesRadixAndReference(count: Int, span: Int) {
        var random = SplitMix64(state: UInt64(count * 31 + span))
        let generated = Self.fields(count: count, lowest: -span / 3, span: span, random: &random)
        let values = generated.map(\.value)
        let column = SortKeyColumn.extract(kind: .integer, count: count) { generated[$0].text }
        let keyBits = UInt64.bitWidth - (column.minKey <= column.maxKey ? column.maxKey - column.minKey : 0).leadingZeroBitCount
        #expect(keyBits <= RowSorter.countingMaxBits)
        var subset = (0..<UInt32(count)).filter { _ in random.next() % 3 != 0 }
        subset.shuffle(using: &random)
        for ascending in [true, false] {
            for rows in [nil, subset] {
                let input = rows ?? (0..<UInt32(count)).map { $0 }
                let expected = Self.reference(input, values, ascending: ascending)
                for concurrent in [false, true] where count >= 2 {
                    let counted = RowSorter.countingSort(rows, count: count, by: column, ascending: ascending,
                                                         concurrent: concurrent, isCancelled: { false })
                    let radix = RowSorter.sortPass(rows, count: count, by: column, ascending: ascending,
                                                   element: PackedKeyRow.self, keyBits: keyBits, concurrent: concurrent,
                                                   isCancelled: { false })
                    let label = "ascending \(ascending), \(rows == nil ? "all rows" : "subset"), concurrent \(concurrent)"
                    #expect(counted == expected, "\(label)")
                    #expect(radix == expected, "\(label)")
                }
                // The entry point (counting or radix, by span and rows) agrees.
                #expect(RowSorter.sort(rows, count: count, by: [(column, ascending: ascending)], minimumConcurrentRows: 2,
                                       isCancelled: { false }) == expected)
            }
        }
    }

    @Test func countingIsChosenOnlyForFewKeysAndEnoughRows() {
        #expect(RowSorter.sortsByCounting(keyBits: 7, rows: 1_000_000))
        #expect(RowSorter.sortsByCounting(keyBits: 13, rows: 1_000_000))
        #expect(RowSorter.sortsByCounting(keyBits: 8, rows: 3))
        #expect(!RowSorter.sortsByCounting(keyBits: 16, rows: 1000))
        #expect(!RowSorter.sortsByCounting(keyBits: 17, rows: 10_000_000))
    }

    @Test func cancelledBetweenCountingAndPlacing() {
        let column = SortKeyColumn.extract(kind: .integer, count: 1000) { String($0 % 100) }
        var calls = 0
        let order = RowSorter.countingSort(nil, count: 1000, by: column, ascending: true, concurrent: false) {
            calls += 1
            return calls > 0
        }
        #expect(order == nil)
    }
}
