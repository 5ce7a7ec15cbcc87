import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Hiding and moving columns (`-` `+` `H` `L` `c` `*`), through the real controller on the
/// memory backend: what shows where, and that sort keys stay the source's columns.
@Suite struct ColumnOrderSnapshotTests {
    let size = Size(width: 60, height: 8)

    func app() -> (TableApplication, MemoryBackend) {
        TableFixtures.application(TableFixtures.people(rows: 30), size: size, colorCount: 0)
    }

    func press(_ app: TableApplication, _ keys: String) {
        for c in keys { app.press(.character(c)) }
        app.view.waitForJob()
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        app.drawFrame()
    }

    func header(_ backend: MemoryBackend) -> [String] {
        backend.presented.map { Snapshot.text(of: $0, includeStyles: false) }?
            .split(separator: "\n").first.map { $0.dropFirst().dropLast().split(separator: " ").map(String.init) } ?? []
    }

    func status(_ backend: MemoryBackend) -> String {
        backend.presented.map { Snapshot.text(of: $0, includeStyles: false) }?
            .split(separator: "\n").last.map { String($0.filter { $0 != "|" }) } ?? ""
    }

    @Test func minusHidesTheCursorColumnAndPlusShowsItAgain() {
        let (app, backend) = app()
        press(app, "l-")
        #expect(header(backend) == ["id", "city", "amount"])
        #expect(app.view.visibleColumns == [0, 2, 3])
        #expect(app.view.cursorSourceColumn == 2, "the cursor stays at its place, on the next column")
        #expect(app.view.notice == "hidden: name (+ shows all)")
        expectSnapshot(backend, "columns-minus-hides-name")
        press(app, "-")
        #expect(app.view.notice == "hidden: city (2 hidden, + shows all)")
        #expect(status(backend).contains("col 2/2 (2 hidden) amount"))
        press(app, "+")
        #expect(header(backend) == ["id", "name", "city", "amount"])
        #expect(app.view.cursorSourceColumn == 3, "the cursor stays on its column")
        expectSnapshot(backend, "columns-plus-shows-all")
    }

    /// The frozen columns are the ones frozen: hiding one unfreezes it without freezing the column
    /// that takes its place, and `+` freezes it again; a column frozen at the right stays so too.
    @Test func hidingAFrozenColumnFreezesNoOtherAndPlusFreezesItAgain() {
        func frozenTitles(_ app: TableApplication) -> [String] {
            let shown = app.view.visibleColumns
            return shown.prefix(app.view.viewport.frozenColumns.leading).map { app.view.columns[$0].title }
        }
        let (app, _) = app()
        press(app, "lf")  // id, name frozen
        #expect(frozenTitles(app) == ["id", "name"])
        press(app, "-")  // hides name; the cursor goes to city, which must not be frozen
        #expect(app.view.visibleColumns == [0, 2, 3])
        #expect(frozenTitles(app) == ["id"])
        press(app, "+")
        #expect(frozenTitles(app) == ["id", "name"])
        press(app, "0-")  // hides id: name alone stays frozen
        #expect(frozenTitles(app) == ["name"])
        press(app, "+")
        #expect(frozenTitles(app) == ["id", "name"])
        press(app, "0--")  // hides id, then name: nothing is frozen, and city is not
        #expect(app.view.viewport.frozenColumns.leading == 0)
        press(app, "+")
        #expect(frozenTitles(app) == ["id", "name"])
        // A column frozen at the right edge: hiding another keeps it, hiding it unfreezes.
        app.view.setFrozenColumns(leading: 0, trailing: 1)  // amount
        press(app, "0-")
        #expect(app.view.viewport.frozenColumns.trailing == 1)
        #expect(app.view.visibleColumns.last == 3)
        press(app, "$-")
        #expect(app.view.viewport.frozenColumns.trailing == 0)
    }

    @Test func minusNeverHidesTheLastColumn() {
        let (app, backend) = app()
        press(app, "---")
        #expect(app.view.visibleColumns == [3])
        press(app, "-")
        #expect(app.view.visibleColumns == [3])
        #expect(app.view.notice == "amount is the only column shown (+ shows all)")
        #expect(header(backend) == ["amount"])
    }

    @Test func capitalHAndLMoveTheCursorColumnAndTheCursorFollows() {
        let (app, backend) = app()
        press(app, "llH")
        #expect(header(backend) == ["id", "city", "name", "amount"])
        #expect(app.view.viewport.cursor.column == 1)
        #expect(app.view.cursorSourceColumn == 2)
        expectSnapshot(backend, "columns-H-moves-city-left")
        press(app, "LL")
        #expect(header(backend) == ["id", "name", "amount", "city"])
        #expect(app.view.cursorSourceColumn == 2)
        press(app, "L")
        #expect(app.view.notice == "already the last column")
        #expect(header(backend) == ["id", "name", "amount", "city"])
    }

    @Test func sortingAfterAMoveSortsTheColumnUnderTheCursor() {
        let (app, backend) = app()
        // amount to the front, then sort by it: the key is source column 3 and its mark shows
        // over the first header.
        press(app, "$HHH[")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: true)])
        #expect(header(backend).first == "^amount" || header(backend).first == "▲amount")
        // A second key on name (now display column 2) ranks it 2, under name's header.
        press(app, "ll}")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: true),
                                             SortDescriptor(column: 1, ascending: false)])
        expectSnapshot(backend, "columns-sort-after-move")
        // Moving and hiding never change the sort.
        press(app, "H-")
        #expect(app.view.sortDescriptors.map(\.column) == [3, 1])
    }

    @Test func starShowsOnlyTheColumnsWhoseTitlesMatch() {
        let (app, backend) = app()
        app.type("*")
        app.type("^(id|amount)$")
        app.press(.enter)
        app.drawFrame()
        #expect(header(backend) == ["id", "amount"])
        #expect(app.view.notice == "2 of 4 columns match '^(id|amount)$' (* then Enter: all)")
        expectSnapshot(backend, "columns-star-filter")
        // A bad regex says why and changes nothing.
        app.type("*")
        app.press(.control("u"))
        app.type("(")
        app.press(.enter)
        #expect(app.view.notice?.hasPrefix("invalid regex") == true, "\(app.view.notice ?? "")")
        #expect(app.view.visibleColumns == [0, 3])
        // No match: unchanged.
        app.type("*")
        app.press(.control("u"))
        app.type("zzz")
        app.press(.enter)
        #expect(app.view.notice == "no column matches 'zzz': columns unchanged")
        #expect(app.view.visibleColumns == [0, 3])
        // Empty: every column.
        app.type("*")
        app.press(.control("u"), .enter)
        app.drawFrame()
        #expect(header(backend) == ["id", "name", "city", "amount"])
    }

    @Test func cGoesToAColumnByNameWithTabCompletion() {
        let (app, backend) = app()
        app.type("c")
        app.type("ci")
        app.press(.tab)
        app.drawFrame()
        #expect(status(backend).contains("column: city"), "\(status(backend))")
        app.press(.enter)
        app.drawFrame()
        #expect(app.view.cursorSourceColumn == 2)
        // A hidden column is shown again.
        press(app, "-")
        #expect(app.view.visibleColumns == [0, 1, 3])
        app.type("cCITY")
        app.press(.enter)
        #expect(app.view.visibleColumns == [0, 1, 2, 3])
        #expect(app.view.cursorSourceColumn == 2)
        #expect(app.view.notice == "city shown again")
        // A substring.
        app.type("cmou")
        app.press(.enter)
        #expect(app.view.cursorSourceColumn == 3)
        app.type("cnothing")
        app.press(.enter)
        #expect(app.view.notice == "no column matches 'nothing'")
    }

    @Test func widthsKindsAndCopyFollowTheSourceColumn() {
        let (app, backend) = app()
        press(app, "$HHH")  // amount first, the cursor on it
        let widthBefore = app.view.columns[3].width
        press(app, ">")
        #expect(app.view.columns[3].width == widthBefore + 1)
        #expect(app.view.viewport.columnWidths[0] == widthBefore + 1)
        #expect(app.view.notice?.hasPrefix("amount:") == true)
        press(app, "y")
        #expect(backend.clipboard == ["-500"])
        press(app, "t~")
        #expect(app.view.columns[3].isKindSet && app.view.columns[3].kind == .text)
        #expect(!app.view.columns[0].isKindSet)
        // Freezing counts display columns: amount stays at the left.
        press(app, "f")
        #expect(app.view.viewport.frozenColumns.leading == 1)
    }

    @Test func aClickOnAMovedHeaderSortsItsColumn() {
        let delegate = HeaderTapRecorder()
        let (app, _) = app()
        app.view.delegate = delegate
        press(app, "$HHH")  // amount first
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 2, y: 0))))
        app.view.waitForJob()
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: true)])
        #expect(delegate.columns == [3])
    }

    @Test func theEditFormEditsTheSourceColumnOfAMovedField() {
        final class Editor: TableApplicationDelegate {
            var edits: [(Int, Int, String)] = []
            func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
            func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String? {
                edits.append((sourceRow, column, text))
                return "changed"
            }
        }
        let (app, _) = app()
        let host = Editor()
        app.delegate = host
        press(app, "l-$HHH")  // amount, id, city: name hidden
        app.openEditForm(sourceRow: 2)
        app.drawFrame()
        app.press(.down, .down)  // the third field: city
        app.press(.enter, .control("u"))
        app.type("Oslo")
        app.press(.enter)
        #expect(host.edits.map(\.1) == [2], "city is source column 2")
        #expect(host.edits.map(\.2) == ["Oslo"])
    }

    @Test func theRecordViewShowsTheShownColumnsInDisplayOrder() {
        let (app, backend) = app()
        press(app, "l-$H")  // name hidden, amount before city
        app.press(.enter)
        let lines = backend.presented!.lines
        #expect(lines[0].contains("1 column hidden (+ shows it)"), "\(lines[0])")
        let fields = lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }.filter { !$0.isEmpty }
        #expect(Array(fields.prefix(3)) == ["id", "amount", "city"], "\(lines)")
        #expect(!fields.contains("name"))
    }

    @Test func hiddenColumnsDoNotMakeWrappedRowsTaller() {
        let long = "a long text that wraps onto several lines at this width"
        let source = StringRowsDataSource(titles: ["id", "text", "short"], rows: (0..<5).map { ["\($0)", long, "x"] })
        let (app, _) = TableFixtures.application(source, size: Size(width: 30, height: 12), colorCount: 0)
        press(app, "w")
        #expect(app.view.rowHeights.height(ofRow: 0) > 1)
        press(app, "l-")
        #expect(app.view.visibleColumns == [0, 2])
        #expect(app.view.rowHeights.height(ofRow: 0) == 1, "measured over the shown columns only")
        press(app, "+0")  // back on screen from the first column: wrapped again
        #expect(app.view.rowHeights.height(ofRow: 0) > 1)
    }

    /// Random `-`, `H`, `L`, `+`, `h`, `l` keys through the controller keep the view's maps
    /// inverse and `visibleColumns` a permutation of the shown set, and never change the sort.
    @Test(arguments: 0..<12)
    func randomKeysKeepTheViewsMapsInverse(seed: Int) {
        let source = StringRowsDataSource(titles: (0..<7).map { "c\($0)" },
                                          rows: (0..<20).map { r in (0..<7).map { "r\(r)c\($0)" } })
        let (app, _) = TableFixtures.application(source, size: Size(width: 40, height: 8), colorCount: 0)
        press(app, "ll[")
        let sort = app.view.sortDescriptors
        var random = SplitMix64(seed: UInt64(seed) + 7)
        let keys = Array("-HLHL+hlhl-")
        var hidden = Set<Int>()
        for _ in 0..<80 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            let before = app.view.cursorSourceColumn
            press(app, String(key))
            if key == "-", app.view.displayColumn(forSourceColumn: before) == nil { hidden.insert(before) }
            if key == "+" { hidden = [] }
            if key == "H" || key == "L" { #expect(app.view.cursorSourceColumn == before, "the cursor follows its column") }
            let visible = app.view.visibleColumns
            #expect(Set(visible) == Set(0..<7).subtracting(hidden))
            #expect(visible.count == 7 - hidden.count)
            #expect(app.view.hiddenColumns.sorted() == hidden.sorted())
            for (display, column) in visible.enumerated() {
                #expect(app.view.sourceColumn(forDisplayColumn: display) == column)
                #expect(app.view.displayColumn(forSourceColumn: column) == display)
            }
            #expect(app.view.viewport.columnWidths.count == visible.count)
            #expect(app.view.sortDescriptors == sort)
        }
    }
}

/// Records the columns whose headers were tapped.
private final class HeaderTapRecorder: DataTableDelegate {
    var columns: [Int] = []
    func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int) { columns.append(column) }
}
