import Glibc
import Testing
import DataTableKit
import TestSupport
@testable import DataTableCSV

/// Writing what you see (`:w FILE`, `CSVTableWriter.writeView`): the records of the filter in
/// sort order, the visible columns in display order, edits included, quoted, atomically; and
/// `:w` alone (`CSVTableWriter.save`) writes the whole file whatever the view shows.
@Suite struct ViewWriterTests {
    /// Field pieces with everything that needs care in CSV.
    static let pieces = ["plain", "a, comma", "say \"hi\"", "two\nlines", "東京", "👍", " edge ", "x", "", "7", "\u{1B}[1m",
                         "cr\rhere", "tab\tin"]

    /// A random table: column 0 unique integers (the sort key), then text columns.
    static func randomRows(_ count: Int, columns: Int, seed: UInt64) -> [[String]] {
        var random = SplitMix64(seed: seed)
        var keys = Array(0..<count)
        keys.shuffle(using: &random)
        return (0..<count).map { row in
            [String(keys[row])] + (1..<columns).map { _ in
                (0..<Int(random.next() % 3)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            }
        }
    }

    /// A CSV file of `titles` and `rows`, encoded by `CSVField`, some fields quoted anyway.
    static func csvText(_ titles: [String], _ rows: [[String]]) -> String {
        ([titles] + rows).map { $0.map { field in field == "plain" ? "\"plain\"" : CSVField.quoted(field) }.joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }

    static func open(_ path: String) throws -> CSVFileDataSource {
        let source = try CSVFileDataSource(path: path)
        source.indexAll()
        return source
    }

    /// Every row's fields as the reader reads them.
    static func table(_ source: DataTableDataSource) -> [[String]] {
        (0..<source.rowCount).map { source.fields(row: $0) }
    }

    @Test("A view writes exactly the filtered rows in sort order, in the selected columns (reference computed here)",
          arguments: [UInt64(1), 2, 3, 4])
    func viewIsFilteredSortedRowsAndColumns(seed: UInt64) throws {
        let directory = temporaryDirectory()
        let titles = ["key", "a", "b", "c"]
        let rows = Self.randomRows(150, columns: 4, seed: seed)
        writeBytes(Array(Self.csvText(titles, rows).utf8), to: directory + "/in.csv")
        let source = try Self.open(directory + "/in.csv")
        let view = DataTableView(dataSource: source)
        view.sort(by: [SortDescriptor(column: 0, ascending: seed % 2 == 0)])
        view.startFilter(try RowMatcher(query: "7", mode: .substring))
        view.waitForJob()
        let shown = try view.shownSelection()
        #expect(shown.columns == [0, 1, 2, 3])

        // The reference: rows with a "7" in some field, by key.
        var expected = rows.enumerated().filter { $0.element.contains { $0.contains("7") } }
        expected.sort { seed % 2 == 0 ? Int($0.element[0])! < Int($1.element[0])! : Int($0.element[0])! > Int($1.element[0])! }
        #expect(shown.sourceRows == expected.map(\.offset))

        // Moved and hidden columns, through the view's own API: b first, then key, c; a hidden.
        #expect(view.hideColumn(1))
        view.moveColumn(2, toDisplayColumn: 0)
        let columns = [2, 0, 3]
        let moved = try view.shownSelection()
        #expect(moved.columns == columns)
        let result = try CSVTableWriter(matching: source).writeView(of: view, to: directory + "/view.csv")
        #expect(result.rowsWritten == expected.count)
        let written = try Self.open(directory + "/view.csv")
        #expect((0..<written.columnCount).map(written.title(ofColumn:)) == columns.map { titles[$0] })
        #expect(Self.table(written) == expected.map { row in columns.map { row.element[$0] } })
    }

    @Test("Edits are written, deleted rows are not, and a field that needs no change keeps its bytes")
    func editsAndVerbatimFields() throws {
        let directory = temporaryDirectory()
        var bytes = Array("id,name,note\n1,\"Ada\",\"say \"\"hi\"\"\"\n2,Bob,".utf8) + [0xFF] + Array("raw\n3,Cy,\"x\"y\n4,\" Di\",ok\n".utf8)
        writeBytes(bytes, to: directory + "/in.csv")
        let file = try Self.open(directory + "/in.csv")
        let editable = EditableDataSource(base: file)
        editable.setField("Bo, \"B\"", row: 1, column: 1)
        _ = editable.deleteRow(3)
        let view = DataTableView(dataSource: editable)
        view.hideRow(3)
        try CSVTableWriter(matching: editable).writeView(view.shownSelection(), of: editable,
                                                          to: CSVWriteTarget(path: directory + "/v.csv", expecting: nil))
        bytes = Array("id,name,note\n1,\"Ada\",\"say \"\"hi\"\"\"\n2,\"Bo, \"\"B\"\"\",".utf8) + [0xEF, 0xBF, 0xBD]
            + Array("raw\n3,Cy,xy\n".utf8)
        // Row 2 has an edit: it is read as text (the invalid byte becomes U+FFFD); row 3's
        // irregular `"x"y` is decoded and written as `xy`.
        #expect(readBytes(directory + "/v.csv") == bytes)
        let again = try Self.open(directory + "/v.csv")
        #expect(Self.table(again) == [["1", "Ada", "say \"hi\""], ["2", "Bo, \"B\"", "\u{FFFD}raw"], ["3", "Cy", "xy"]])
    }

    @Test("An unedited row keeps bytes that are not UTF-8; a field with blanks at its ends is quoted")
    func rawBytesStayAndBlanksAreQuoted() throws {
        let directory = temporaryDirectory()
        let bytes = Array("id,v\n1,".utf8) + [0xFF, 0x41] + Array("\n2, pad \n".utf8)
        writeBytes(bytes, to: directory + "/in.csv")
        let file = try Self.open(directory + "/in.csv")
        let view = DataTableView(dataSource: file)
        try CSVTableWriter(matching: file).writeView(of: view, to: directory + "/v.csv")
        #expect(readBytes(directory + "/v.csv") == Array("id,v\n1,".utf8) + [0xFF, 0x41] + Array("\n2,\" pad \"\n".utf8))
    }

    @Test("Writing a view to a new name where a file exists is a conflict: that file is untouched")
    func refusals() throws {
        let directory = temporaryDirectory()
        writeBytes(Array("a\n1\n".utf8), to: directory + "/in.csv")
        writeBytes(Array("theirs\n".utf8), to: directory + "/v.csv")
        let file = try Self.open(directory + "/in.csv")
        let view = DataTableView(dataSource: file)
        #expect(throws: CSVWriteError.self) {
            try CSVTableWriter(matching: file).writeView(view.shownSelection(), of: file,
                                                          to: CSVWriteTarget(path: directory + "/v.csv", expecting: nil))
        }
        #expect(readBytes(directory + "/v.csv") == Array("theirs\n".utf8))
    }

    @Test("With sections: records only, section by section; a collapsed section's records are not shown, so not written")
    func sectionsAndCollapsedSections() throws {
        let source = StringRowsDataSource(titles: ["g", "v"], rows: [["b", "1"], ["a", "2"], ["b", "3"], ["a", "4"], ["c", "5"]])
        let view = DataTableView(dataSource: source)
        view.setGrouping(.column(0))
        view.waitForJob()
        #expect(try view.shownSelection().sourceRows == [1, 3, 0, 2, 4])
        view.setSectionCollapsed(true, section: 1)  // b
        #expect(try view.shownSelection().sourceRows == [1, 3, 4])
        let directory = temporaryDirectory()
        try CSVTableWriter().writeView(of: view, to: directory + "/v.csv")
        #expect(readBytes(directory + "/v.csv") == Array("g,v\na,2\na,4\nc,5\n".utf8))
    }

    /// Applies random edits and deletions to `editable` (and hides the deleted rows in `view`).
    static func randomEdits(_ editable: EditableDataSource, view: DataTableView, random: inout SplitMix64) {
        for _ in 0..<6 {
            let row = Int(random.next() % UInt64(editable.rowCount)), column = Int(random.next() % UInt64(editable.columnCount))
            if random.next() % 4 == 0 {
                if editable.deleteRow(row) { view.hideRow(row) }
            } else {
                editable.setField(pieces[Int(random.next() % UInt64(pieces.count))] + "!", row: row, column: column)
            }
        }
    }

    @Test("Property: whatever the view shows (columns hidden or moved, filter, sort), :w writes the whole table with its edits",
          arguments: [UInt64(11), 12, 13, 14, 15, 16])
    func viewNeverChangesWhatSaveWrites(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = temporaryDirectory()
        let titles = ["key", "a", "b", "c", "d"]
        let rows = Self.randomRows(60, columns: 5, seed: seed)
        writeBytes(Array(Self.csvText(titles, rows).utf8), to: directory + "/in.csv")
        let file = try Self.open(directory + "/in.csv")
        let editable = EditableDataSource(base: file)
        let view = DataTableView(dataSource: editable)
        Self.randomEdits(editable, view: view, random: &random)
        // The reference: the table with its edits, deleted rows left out, all columns, file order.
        let reference = (0..<editable.rowCount).filter { !editable.isDeleted($0) }.map { editable.fields(row: $0) }

        // A view: sorted, filtered, and columns hidden and moved (a permutation of a subset).
        view.sort(by: [SortDescriptor(column: Int(random.next() % 5), ascending: random.next() % 2 == 0)])
        if random.next() % 2 == 0 { view.startFilter(try RowMatcher(query: "a", mode: .substring)) }
        view.waitForJob()
        // Columns moved and hidden through the view's own API, at random.
        for _ in 0..<6 {
            let column = Int(random.next() % 5)
            if random.next() % 3 == 0 {
                _ = view.hideColumn(column)
            } else if view.displayColumn(forSourceColumn: column) != nil {
                view.moveColumn(column, toDisplayColumn: Int(random.next() % UInt64(view.visibleColumns.count)))
            }
        }
        let columns = view.visibleColumns
        let shown = try view.shownSelection()
        #expect(shown.columns == columns)
        try CSVTableWriter(matching: editable).writeView(of: view, to: directory + "/view.csv")
        let viewFile = try Self.open(directory + "/view.csv")
        #expect(Self.table(viewFile) == shown.sourceRows.map { row in columns.map { editable.fields(row: row)[$0] } })

        // `:w`: the input gets the whole table, whatever the view.
        try CSVTableWriter.save(editable)
        let saved = try Self.open(directory + "/in.csv")
        #expect((0..<saved.columnCount).map(saved.title(ofColumn:)) == titles)
        #expect(Self.table(saved) == reference)
    }
}
