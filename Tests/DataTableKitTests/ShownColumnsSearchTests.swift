import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit
import DataTableCSV

/// Search and the row filter look only in the columns shown: the mask of searched columns in
/// the raw-byte scan (`RecordScanner`), the field-wise path (`RowMatchPredicate`, raw records
/// and rows in memory), the view's jobs, and the keys through the real controller.
@Suite struct ShownColumnsSearchTests {
    /// `notes` (column 2) holds text found nowhere else: a quoted field with an embedded
    /// newline, a doubled quote, and a row where the text is in a shown column too.
    static let csv = """
        id,name,notes
        1,Ada,"error in
        the log"
        2,Grace,fine
        3,error,"error too"
        4,Linus,"note ""error"" quoted"
        5,Zoë,plain

        """
    static let rows = [["1", "Ada", "error in\nthe log"], ["2", "Grace", "fine"], ["3", "error", "error too"],
                       ["4", "Linus", "note \"error\" quoted"], ["5", "Zoë", "plain"]]
    /// `notes` hidden.
    static let notesHidden = [true, true, false]

    static func file() throws -> CSVFileDataSource {
        try RecordScanTests.file(Array(csv.utf8), delimiter: UInt8(ascii: ","))
    }

    /// The rows the scan keeps, on one thread and on tiny blocks over two.
    static func scanned(_ source: DataTableDataSource, _ matcher: RowMatcher, columns: [Bool]?) throws -> [UInt32] {
        let scanner = try #require(RecordScanner.make(source: source, rowCount: source.rowCount, matcher: matcher,
                                                      columns: columns))
        let one = scanner.filter(rows: 0..<source.rowCount, threads: 1, isCancelled: { false }, progress: { _ in })
        let tiny = scanner.filter(rows: 0..<source.rowCount, threads: 2, chunkBytes: 1, isCancelled: { false }, progress: { _ in })
        #expect(one == tiny)
        guard case .rows(let rows) = one else { Issue.record("scan ended with \(one)"); return [] }
        return rows
    }

    /// The rows the field-wise path keeps.
    static func predicate(_ source: DataTableDataSource, _ matcher: RowMatcher, columns: [Bool]?) -> [UInt32] {
        var predicate = RowMatchPredicate(source: source, rowCount: source.rowCount, matcher: matcher, columns: columns)
        return (0..<source.rowCount).filter { predicate.matches(row: $0) }.map { UInt32($0) }
    }

    @Test(arguments: [
        // (query, mode, rows kept with every column, rows kept with notes hidden)
        ("error", RowMatcher.Mode.substring, [0, 2, 3], [2]),  // whole-query literal: a hit is not a match by itself
        ("ERROR", .substring, [], []),
        ("the log", .substring, [0], []),  // only in the hidden quoted field with a newline
        ("in\nthe", .substring, [0], []),
        ("\"error\"", .substring, [3], []),  // a doubled quote in the hidden field
        ("err.r", .regex, [0, 2, 3], [2]),
        ("^error$", .regex, [2], [2]),
        ("^(Ada|fine)$", .regex, [0, 1], [0]),  // no literal: every row is tested
        ("l", .substring, [0, 3, 4], [3]),  // Linus shown; "log", "plain" hidden
    ] as [(String, RowMatcher.Mode, [UInt32], [UInt32])])
    func aMatchInAHiddenColumnDoesNotCount(query: String, mode: RowMatcher.Mode, all: [UInt32], shown: [UInt32]) throws {
        let matcher = try RowMatcher(query: query, mode: mode)
        let file = try Self.file()
        let memory = StringRowsDataSource(titles: ["id", "name", "notes"], rows: Self.rows)
        #expect(try Self.scanned(file, matcher, columns: nil) == all)
        #expect(try Self.scanned(file, matcher, columns: Self.notesHidden) == shown, "scan of a mapped file")
        #expect(Self.predicate(file, matcher, columns: nil) == all)
        #expect(Self.predicate(file, matcher, columns: Self.notesHidden) == shown, "raw records field by field")
        #expect(Self.predicate(memory, matcher, columns: nil) == all)
        #expect(Self.predicate(memory, matcher, columns: Self.notesHidden) == shown, "rows in memory")
    }

    /// Edited rows are read as text (`rowsReadAsText`): the mask holds for them too.
    @Test func editedRowsLookOnlyInShownColumns() throws {
        let editable = EditableDataSource(base: try Self.file())
        #expect(editable.setField("error again", row: 1, column: 2))  // hidden
        #expect(editable.setField("Errorless", row: 4, column: 1))  // shown
        let matcher = try RowMatcher(query: "error", mode: .substring)
        #expect(try Self.scanned(editable, matcher, columns: nil) == [0, 1, 2, 3, 4])
        #expect(try Self.scanned(editable, matcher, columns: Self.notesHidden) == [2, 4])
    }

    /// The search scan lands on the same rows as the filter: a row found only through a hidden
    /// field is skipped, with or without a display order.
    @Test func searchSkipsRowsMatchingOnlyInHiddenColumns() throws {
        let file = try Self.file()
        let matcher = try RowMatcher(query: "error", mode: .substring)
        let scanner = try #require(RecordScanner.make(source: file, rowCount: file.rowCount, matcher: matcher,
                                                      columns: Self.notesHidden))
        for order in [nil, [4, 3, 2, 1, 0] as [UInt32]] {
            for (start, forward) in [(0, true), (3, true), (4, false), (1, false)] {
                let found = scanner.search(order: order, start: start, count: 5, forward: forward, nearby: 1,
                                           isCancelled: { false }, progress: { _ in })
                #expect(found == .found(2), "start \(start) forward \(forward) order \(order != nil)")
            }
        }
        let hiddenOnly = try #require(RecordScanner.make(source: file, rowCount: file.rowCount,
                                                         matcher: try RowMatcher(query: "the log", mode: .substring),
                                                         columns: Self.notesHidden))
        #expect(hiddenOnly.search(order: nil, start: 0, count: 5, forward: true, isCancelled: { false },
                                  progress: { _ in }) == .notFound)
    }

    /// On random CSV (quotes, newlines, ragged rows) and random masks, the scan keeps the rows
    /// of the field-wise path; a mask that shows every field keeps exactly the rows of the
    /// unmasked path, and a mask only ever keeps fewer rows.
    @Test func theScanAgreesWithTheFieldWisePathUnderAnyMask() throws {
        var generator = SplitMix64(seed: 41)
        for round in 0..<4 {
            let bytes = RecordScanTests.randomCSV(rows: 60 + round * 70, delimiter: UInt8(ascii: ","), generator: &generator)
            let source = try RecordScanTests.file(bytes, delimiter: UInt8(ascii: ","))
            let masks: [[Bool]] = [[true, false, false], [false, true, false], [false, false, true], [true, false, true],
                                   [Bool](repeating: true, count: 8)]
            for (query, mode) in RecordScanTests.queries(from: bytes, generator: &generator) {
                guard let matcher = try? RowMatcher(query: query, mode: mode) else { continue }
                let unmasked = try Self.scanned(source, matcher, columns: nil)
                #expect(unmasked == RecordScanTests.referenceRows(source, matcher: matcher))
                for mask in masks {
                    let kept = try Self.scanned(source, matcher, columns: mask)
                    #expect(kept == Self.predicate(source, matcher, columns: mask), "query \(query.debugDescription) \(mode) mask \(mask)")
                    #expect(Set(kept).isSubset(of: unmasked))
                    if mask.count == 8 { #expect(kept == unmasked, "every field shown: as before") }
                }
            }
        }
    }

    /// The view hands the jobs the columns shown, and none when every column is shown.
    @Test func theViewFiltersAndSearchesTheShownColumnsOfAFileAndOfRowsInMemory() throws {
        let file = try Self.file()
        let memory = StringRowsDataSource(titles: ["id", "name", "notes"], rows: Self.rows)
        let matcher = try RowMatcher(query: "error", mode: .substring)
        for source in [file, memory] as [DataTableDataSource] {
            let view = DataTableView(dataSource: source, configuration: DataTableConfiguration())
            #expect(view.searchedColumnMask == nil)
            view.startFilter(matcher)
            view.waitForJob()
            #expect((0..<view.viewport.rowCount).map(view.sourceRow(forDisplayRow:)) == [0, 2, 3])
            #expect(view.filterColumns == nil)
            view.startFilter(nil)
            #expect(view.hideColumn(2))
            #expect(view.searchedColumnMask == Self.notesHidden)
            view.startFilter(matcher)
            view.waitForJob()
            #expect((0..<view.viewport.rowCount).map(view.sourceRow(forDisplayRow:)) == [2])
            #expect(view.filterColumns == Self.notesHidden)
            // Shown again: the filter keeps the rows it kept, and says over which columns.
            view.showAllColumns()
            _ = view.refreshFromDataSource(checkingForChanges: false)
            #expect((0..<view.viewport.rowCount).map(view.sourceRow(forDisplayRow:)) == [2])
            #expect(view.filterStatusText == "filter: error (in 2 of 3 columns)")
            view.startFilter(nil)
            #expect(view.filterStatusText == nil)
            // Search from the first row: Ada's hidden "error in" is skipped, row 3 is found.
            view.hideColumn(2)
            view.viewport.moveCursor(to: DataTableIndexPath(row: 0, column: 0))
            view.startSearch(matcher, forward: true)
            view.waitForJob()
            #expect(view.viewport.cursor == DataTableIndexPath(row: 2, column: 1))
        }
    }
}
