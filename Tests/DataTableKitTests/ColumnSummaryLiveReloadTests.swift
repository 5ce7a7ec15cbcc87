import Synchronization
import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The summary (`I`) reads one version of a live source for all its columns: a newer version
/// that replaces it between two columns (a reload of a watched file) is read by none of them,
/// and where the last column's fields started still points into the records it read.
@Suite struct ColumnSummaryLiveReloadTests {
    @Test func aReloadBetweenTwoColumnsIsReadByNeither() throws {
        // Old: id, name a0…a49 (varied lengths), city c0…c9. New: every field longer.
        let rows = 70_000
        let old = (0..<rows).map { "\($0),a\($0 % 50),c\($0 % 10)" }
        let new = (0..<rows).map { "\($0),a much longer new name \($0 % 7),NEWCITY" }
        let live = LiveDataSource(try indexedCSVFile(Array((["id,name,city"] + old).joined(separator: "\n").utf8), prefix: "summary-old"))
        let newer = UncheckedSendableBox(value: try indexedCSVFile(Array((["id,name,city"] + new).joined(separator: "\n").utf8),
                                                                   prefix: "summary-new"))
        let liveBox = UncheckedSendableBox(value: live)
        let textColumns = Atomic<Int>(0)
        // Told before each text column's pass: the second time, the file is reloaded.
        let keyUse: @Sendable (Bool) -> Void = { _ in
            guard textColumns.add(1, ordering: .relaxed).newValue == 2 else { return }
            liveBox.value.replace(with: newer.value, changes: DataTableRowChanges(newSourceRows: Array(0..<rows),
                                                                                  changedRows: Set(0..<rows)))
            _ = liveBox.value.takeRowChanges()
        }
        let columns = [ColumnSummaryJob.Column(index: 1, title: "name", kind: .text),
                       ColumnSummaryJob.Column(index: 2, title: "city", kind: .text)]
        let job = ColumnSummaryJob(source: EditableDataSource(base: live), columns: columns, rows: nil, sourceRowCount: rows,
                                   nullTokens: .standard, distinctLimit: 100_000, workerCount: 2, keptKeys: [:], keyUse: keyUse)
        job.run()
        #expect(live.base.text(row: 0, column: 2) == "NEWCITY", "the reload happened during the summary")
        let summaries = job.summaries
        // Counted here from the old rows: 50 names, 10 cities, each most frequent the first seen.
        #expect(summaries[0]?.distinctCount == 50 && summaries[0]?.mostFrequent == "a0")
        #expect(summaries[1]?.distinctCount == 10 && summaries[1]?.mostFrequent == "c0")
        #expect(summaries[1]?.nullCount == 0)
    }
}
