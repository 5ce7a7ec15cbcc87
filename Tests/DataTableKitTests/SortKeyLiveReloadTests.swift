import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// A sort's key extraction reads one version of a live source: a newer version that replaces
/// it while the keys are read (a reload of a watched file) gives none of them.
@Suite struct SortKeyLiveReloadTests {
    @Test func keysReadAcrossAReloadAreTheVersionTheyStartedOn() throws {
        let values = FrequencyLiveReloadTests.values
        let expected = try #require(SortKeyColumn.extract(kind: .text, count: values.count,
                                                          records: try FrequencyCounterTests.csvFile(values), column: 1))
        let (source, live, reload) = try FrequencyLiveReloadTests.reloading()
        let reader = try #require(source.makeRawColumnReader(column: 1, rowCount: values.count))
        // Both halves on both cores, the reload at the first progress report (64K rows read).
        let control = ExtractionControl(concurrent: true, advance: { _ in reload() })
        let keys = try #require(SortKeyColumn.extract(kind: .text, count: values.count, format: .standard,
                                                      nullTokens: .standard, control: control, reader: reader))
        #expect(live.base.text(row: 0, column: 1) == "NEW", "the reload happened during the extraction")
        #expect(keys.narrowKeys == expected.narrowKeys)
        #expect(keys.rankCount == expected.rankCount)
    }
}
