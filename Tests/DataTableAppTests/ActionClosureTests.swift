import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Cells keep closures for their actions (set in `configure`, cleared by `prepareForReuse`):
/// the table runs the closure of the row the action fires on, never one a recycled cell kept
/// from an earlier row, and the delegate still hears every tap.
@Suite struct ActionClosureTests {
    /// What the closures and the configuration saw.
    final class Record {
        /// Source rows whose closures ran, with the action.
        var fired: [(String, Int)] = []
        /// Source rows each action cell object was configured for.
        var rowsByCell: [ObjectIdentifier: Set<Int>] = [:]
    }

    /// `people(rows:)` plus Edit/Delete buttons; only even source rows get closures, so a cell
    /// recycled from an even row onto an odd one would fire a stale closure if it kept it.
    func application(rows: Int = 200, size: Size = Size(width: 60, height: 8))
        -> (TableApplication, MemoryBackend, DelegateRecorder, Record) {
        let record = Record()
        let source = AppendingColumnsDataSource(base: TableFixtures.people(rows: rows), appendedTitles: ["Actions"])
        let provider = DataTableCustomCellProvider(
            register: { $0.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier) },
            reuseIdentifierFor: { $0.column == 4 ? ActionButtonsCell.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { [record] cell, value, context in
                guard let cell = cell as? ActionButtonsCell else {
                    (cell as? TextCell)?.label.text = value.stringRepresentation
                    return
                }
                cell.buttons = ["Edit", "Delete"]
                record.rowsByCell[ObjectIdentifier(cell), default: []].insert(context.sourceRow)
                guard context.sourceRow % 2 == 0 else { return }
                let row = context.sourceRow
                cell.onTap("Edit") { [record] in record.fired.append(("Edit", row)) }
                cell.onTap("Delete") { [record] in record.fired.append(("Delete", row)) }
            })
        let (app, backend) = TableFixtures.application(source, size: size, colorCount: 0) {
            $0.cellSizingMode = .custom(provider: provider)
        }
        let recorder = DelegateRecorder()
        app.view.delegate = recorder
        return (app, backend, recorder, record)
    }

    func click(_ app: TableApplication, x: Int, y: Int) {
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: x, y: y))))
        app.handle(.mouse(MouseEvent(kind: .release(.left), position: Point(x: x, y: y))))
    }

    /// The source row shown on screen line `y` (its `id` is the row + 1).
    func sourceRow(onLine y: Int, _ backend: MemoryBackend) -> Int? {
        backend.presented!.lines[y].split(separator: " ").first.flatMap { Int($0) }.map { $0 - 1 }
    }

    @Test func clicksOnRecycledCellsFireTheCurrentRowsClosureOnly() throws {
        let (app, backend, recorder, record) = application()
        // Scroll through the table so the few action cells are recycled onto many rows.
        for _ in 0..<7 { app.handle(.key(.pageDown)) }
        let recycledAcrossParity = record.rowsByCell.values.contains { rows in
            rows.contains { $0 % 2 == 0 } && rows.contains { $0 % 2 == 1 }
        }
        #expect(recycledAcrossParity, "a cell configured for an even row was reused for an odd row")
        var clicked: [Int] = []
        for y in 1..<backend.size.height - 1 {
            let line = backend.presented!.lines[y]
            guard let row = sourceRow(onLine: y, backend),
                  let index = ScreenText.column(of: "[ Edit ]", in: line) else { continue }
            // The screen column: wide names (山田太郎) take two columns per character.
            click(app, x: String(line.prefix(index)).displayWidth + 2, y: y)
            clicked.append(row)
        }
        #expect(clicked.count >= 4)
        #expect(record.fired.map(\.0).allSatisfy { $0 == "Edit" })
        #expect(record.fired.map(\.1) == clicked.filter { $0 % 2 == 0 })
        // The delegate heard every tap, closures or not.
        #expect(recorder.actions.map(\.1) == clicked)
    }

    @Test func keysFireTheCursorRowsClosureAfterCellsWereRecycled() throws {
        let (app, _, recorder, record) = application()
        for _ in 0..<5 { app.handle(.key(.pageDown)) }
        app.handle(.key(.down))
        let cursorRow = app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row)
        let evenRow = cursorRow % 2 == 0 ? cursorRow : cursorRow + 1
        if evenRow != cursorRow { app.handle(.key(.down)) }
        // `a` offers the row's actions; `2` picks Delete.
        app.handle(.key(.character("a")))
        app.handle(.key(.character("2")))
        #expect(record.fired.map(\.0) == ["Delete"])
        #expect(record.fired.map(\.1) == [evenRow])
        // An odd row has no closures: nothing runs, though its cell may have shown an even row.
        app.handle(.key(.down))
        app.handle(.key(.character("a")))
        app.handle(.key(.character("e")))
        #expect(record.fired.count == 1)
        #expect(recorder.actions.map(\.0) == ["Delete", "Edit"])
        #expect(recorder.actions.map(\.1) == [evenRow, evenRow + 1])
    }

    @Test func firingForARowOffScreenConfiguresACellForThatRow() {
        let (app, _, recorder, record) = application()
        app.view.fireAction("Edit", displayRow: 150)
        #expect(record.fired.map(\.1) == [150])
        #expect(recorder.actions.map(\.1) == [150])
    }

    @Test func prepareForReuseDropsTheClosures() {
        let cell = ActionButtonsCell()
        var ran = 0
        cell.onTap("Edit") { ran += 1 }
        #expect(cell.performAction("Edit"))
        cell.prepareForReuse()
        #expect(!cell.performAction("Edit"))
        #expect(ran == 1)
    }
}

/// `configure` may reach the table: through the context, or through the program's own property
/// set after the table is built (SwiftDataTables' `self.dataTable.model(at:)`).
@Suite struct ConfigureReachesTheTableTests {
    struct Person { let name: String; let online: Bool }

    /// The seed's pattern: the program stores the table after building it, and its `configure`
    /// reads the table through that property.
    final class Screen {
        var dataTable: DataTable<Person>!
        var contextTables: [ObjectIdentifier] = []

        init() {
            let provider = DataTableCustomCellProvider(
                register: { $0.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier) },
                reuseIdentifierFor: { $0.column == 1 ? BadgeCell.reuseIdentifier : TextCell.reuseIdentifier },
                configure: { [unowned self] cell, value, context in
                    if let table = context.table { self.contextTables.append(ObjectIdentifier(table)) }
                    guard let badge = cell as? BadgeCell else {
                        (cell as? TextCell)?.label.text = value.stringRepresentation
                        return
                    }
                    badge.text = self.dataTable.model(at: context.indexPath.row).online ? "online" : "away"
                })
            var options = DataTableConfiguration()
            options.cellSizingMode = .custom(provider: provider)
            options.defaultOrdering = DataTableColumnOrder(index: 0, order: .descending)
            dataTable = DataTable(data: [Person(name: "Ada", online: true), Person(name: "Grace", online: false)],
                                  columns: [.init("Name", \.name), .init("Status")], options: options)
        }
    }

    @Test func theProgramsOwnReferenceIsSetBeforeTheFirstConfigure() {
        let screen = Screen()  // building the table configures no cell
        #expect(screen.contextTables.isEmpty)
        var lines: [String] = []
        TablePrinter(width: 30).print(screen.dataTable.view) { lines.append($0) }
        #expect(lines.count == 3)
        #expect(lines[1].contains("Grace") && lines[1].contains("away"))
        #expect(lines[2].contains("Ada") && lines[2].contains("online"))
        #expect(!screen.contextTables.isEmpty)
        #expect(screen.contextTables.allSatisfy { $0 == ObjectIdentifier(screen.dataTable.view) })
    }

    @Test func columnsOfCustomCellsAreFittedBeforeTheFirstFrame() {
        let screen = Screen()
        let surface = Surface(size: Size(width: 30, height: 5))
        screen.dataTable.view.render(into: surface)
        // The badge column is as wide as "● online" (its sizing cells' preferred width).
        #expect(surface.lines[2].contains("● online"))
    }
}
