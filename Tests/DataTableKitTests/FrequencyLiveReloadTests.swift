import Synchronization
import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// A count reads one version of a live source throughout: a new version that replaces the old
/// one while the count runs (a reload of a watched file) is counted by none of its rows, on
/// every path the counter takes (every row, a sorted view's order, a dense filter, kept keys).
@Suite struct FrequencyLiveReloadTests {
    typealias Reference = FrequencyCounterTests

    /// 140,000 rows of `a0`…`a999` (and the troublesome alphabet now and then).
    static let values: [[UInt8]] = {
        var random = SplitMix64(seed: 71)
        return (0..<140_000).map { _ in
            random.next() % 10 == 0 ? Reference.alphabet[Int(random.next() % UInt64(Reference.alphabet.count))]
                : Array("a\(random.next() % 1_000)".utf8)
        }
    }()

    /// The app's stack (an editable source over a live one over the file), and a function that
    /// swaps in a file of `NEW` in every row, as a reload does, the first time it is called.
    static func reloading() throws -> (source: EditableDataSource, live: LiveDataSource, reload: @Sendable () -> Void) {
        let live = LiveDataSource(try Reference.csvFile(values))
        let newer = UncheckedSendableBox(value: try Reference.csvFile(values.map { _ in Array("NEW".utf8) }))
        let box = UncheckedSendableBox(value: live)
        let done = Atomic<Bool>(false)
        let reload: @Sendable () -> Void = {
            guard !done.exchange(true, ordering: .relaxed) else { return }
            box.value.replace(with: newer.value, changes: DataTableRowChanges(newSourceRows: Array(0..<values.count),
                                                                              changedRows: Set(0..<values.count)))
            _ = box.value.takeRowChanges()
        }
        return (EditableDataSource(base: live), live, reload)
    }

    /// Every row, shuffled (a sorted view); every second row (a dense filter); every row.
    static let rowSets: [FrequencyRows] = {
        var random = SplitMix64(seed: 72)
        let every = Array(0..<UInt32(values.count))
        return [.rows(every.shuffled(using: &random), sourceRowCount: values.count),
                .rows(every.filter { $0 % 2 == 0 }, sourceRowCount: values.count), .first(values.count)]
    }()

    @Test(arguments: 0..<3)
    func aCountFromTheFieldsReadsTheVersionItStartedOn(rowSet: Int) throws {
        let (source, live, reload) = try Self.reloading()
        let rows = Self.rowSets[rowSet]
        let counted = FrequencyCounter.count(source: source, column: 1, rows: rows, kind: .text, progress: { _ in reload() })
        let table = try #require(counted)
        #expect(live.base.text(row: 0, column: 1) == "NEW", "the reload happened during the count")
        let kept: [UInt32]? = if case .rows(let listed, _) = rows { listed } else { nil }
        #expect(Reference.counted(table) == Reference.reference(Self.values, rows: kept).counts)
    }

    @Test func aCountFromKeptKeysReadsItsValuesFromTheVersionItsKeysCameFrom() throws {
        let (source, live, reload) = try Self.reloading()
        let keys = try #require(SortKeyColumn.extract(kind: .text, count: Self.values.count, records: source, column: 1))
        let counted = FrequencyCounter.count(keys: keys, source: source, column: 1, rows: .first(Self.values.count),
                                             format: .standard, nullTokens: .standard, progress: { _ in reload() })
        let table = try #require(counted)
        #expect(live.base.text(row: 0, column: 1) == "NEW", "the reload happened during the count")
        #expect(Reference.counted(table) == Reference.reference(Self.values, rows: nil).counts)
    }
}
