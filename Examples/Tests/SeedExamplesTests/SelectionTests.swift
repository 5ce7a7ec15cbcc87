import DataTableApp
import DataTableKit
import TerminalSurface
import Testing

/// Issue 21, item 4: the cursor and the selection from code, with delegate events; scrolling a
/// row to the top, middle or bottom; Shift-Up/Down, Shift-click and drag marking through the real
/// controller; the selection kept across a sort and an apply. Public products only.
@Suite struct SelectionTests {
    struct Item: Identifiable {
        var id: String
        var name: String
        var price: Int
    }

    /// What the delegate was told, in order.
    final class Recorder: DataTableDelegate {
        var events: [String] = []
        func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int) {
            events.append("cursor \(row)/\(sourceRow)")
        }
        func dataTable(_ view: DataTableView, didChangeSelection selectedRows: [Int]) {
            events.append("selection \(selectedRows)")
        }
        /// The events since the last call.
        func take() -> [String] {
            defer { events.removeAll() }
            return events
        }
    }

    static let columns: [DataTableColumn<Item>] = [.init("ID", \.id), .init("Name", \.name), .init("Price", \.price)]

    /// `count` items `r0`, `r1`, ...; prices descend, so a sort by price reverses the rows.
    static func items(_ count: Int) -> [Item] {
        (0..<count).map { Item(id: "r\($0)", name: "item \($0)", price: 1000 - $0) }
    }

    static func table(_ count: Int, size: Size = Size(width: 40, height: 12)) -> DataTable<Item> {
        DataTable(data: items(count), columns: columns, size: size)
    }

    /// The first word of each body line of the last frame (header at line 0, status line last).
    static func bodyIDs(_ backend: MemoryBackend) -> [String] {
        guard let lines = backend.presented?.lines else { return [] }
        return lines.dropFirst().dropLast().map { String($0.split(separator: " ").first ?? "") }
    }

    @Test func cursorAndSelectionFromCodeTellTheDelegate() {
        let table = Self.table(30)
        let recorder = Recorder()
        table.view.delegate = recorder

        #expect(table.moveCursor(toID: "r7"))
        #expect(table.view.cursorSourceRow == 7)
        #expect(table.selectedModel?.id == "r7")
        #expect(recorder.take() == ["cursor 7/7"])
        // A cell: display row and source column.
        table.view.moveCursor(toRow: 12, column: 2)
        #expect(table.view.viewport.cursor.row == 12)
        #expect(table.view.cursorSourceColumn == 2)
        #expect(recorder.take() == ["cursor 12/12"])
        // A column alone: the row stays, nothing to tell.
        #expect(table.view.moveCursor(toColumn: 1))
        #expect(table.view.cursorSourceColumn == 1)
        #expect(!table.view.moveCursor(toColumn: 9))
        table.view.moveCursor(toRow: 12)
        #expect(recorder.take() == [])
        #expect(!table.view.moveCursor(toSourceRow: 30))

        table.view.selectRows([3, 1, 3, 99])
        #expect(table.view.selectedRows == [3, 1])
        #expect(table.view.selectedDisplayRows == [1, 3])
        #expect(recorder.take() == ["selection [3, 1]"])
        table.selectedIDs = ["r5", "r2", "nothing"]
        #expect(table.selectedModels.map(\.id) == ["r5", "r2"])
        #expect(recorder.take() == ["selection [5, 2]"])
        table.view.toggleSelection(ofSourceRow: 5)
        table.view.toggleSelection(ofSourceRow: 9)
        #expect(table.view.isRowSelected(sourceRow: 9) && !table.view.isRowSelected(sourceRow: 5))
        #expect(recorder.take() == ["selection [2]", "selection [2, 9]"])
        table.view.deselectRows([2])
        table.view.selectRows(atDisplayRows: 20..<22)
        table.selectModels { $0.price == 1000 }
        #expect(table.view.selectedRows == [9, 20, 21, 0])
        table.view.clearSelection()
        table.view.clearSelection()  // nothing changed: nothing told
        #expect(recorder.take() == ["selection [9]", "selection [9, 20, 21]", "selection [9, 20, 21, 0]", "selection []"])
        // Setting the same selection again tells nothing either.
        table.view.selectedRows = [4]
        table.view.selectedRows = [4]
        #expect(recorder.take() == ["selection [4]"])
    }

    @Test func scrollPositionsOnAMemoryBackendFrame() {
        // 12 lines: the header, 10 rows of body, the status line.
        let table = Self.table(100)
        let backend = MemoryBackend(size: Size(width: 40, height: 12))
        let app = TableApplication(view: table.view, backend: backend)
        app.drawFrame()
        #expect(Self.bodyIDs(backend).first == "r0")

        /// The rows on screen after scrolling `row` to `position` and drawing a frame.
        func shown(scrolling row: Int, to position: DataTableScrollPosition) -> [String] {
            table.view.scrollToRow(row, at: position)
            app.drawFrame()
            return Self.bodyIDs(backend)
        }
        #expect(shown(scrolling: 50, to: .top).first == "r50")
        // The cursor (row 0) would have left the screen: it moved to the first row shown.
        #expect(table.view.viewport.cursor.row == 50)
        #expect(shown(scrolling: 50, to: .bottom).first == "r41")
        #expect(Self.bodyIDs(backend).last == "r50")
        #expect(shown(scrolling: 50, to: .middle) == (46..<56).map { "r\($0)" })
        // Already on screen: .nearest scrolls nothing; off screen it scrolls the least.
        #expect(shown(scrolling: 53, to: .nearest).first == "r46")
        #expect(shown(scrolling: 60, to: .nearest).last == "r60")
        // The last rows cannot go to the top, the first ones not to the middle.
        #expect(shown(scrolling: 98, to: .top).first == "r90")
        #expect(shown(scrolling: 2, to: .middle).first == "r0")

        // Moving the cursor with a position: the cursor row in the middle, after a sort too.
        table.view.moveCursor(toRow: 70, scrollPosition: .middle)
        app.drawFrame()
        #expect(Self.bodyIDs(backend)[4] == "r70")
        #expect(table.view.viewport.cursor.row == 70)
        table.view.sort(by: [SortDescriptor(column: 2, ascending: true)])
        _ = table.view.waitForJob()
        #expect(table.moveCursor(toID: "r70", scrollPosition: .top))
        app.drawFrame()
        #expect(Self.bodyIDs(backend).first == "r70")
        #expect(table.view.viewport.cursor.row == 29)
    }

    @Test func shiftRangeThroughTheController() {
        let table = Self.table(30)
        let controller = TableController(view: table.view)
        let recorder = Recorder()
        table.view.delegate = recorder
        let shiftDown = InputEvent.key(.modified(.down, .shift)), shiftUp = InputEvent.key(.modified(.up, .shift))

        for _ in 0..<3 { #expect(controller.handle(shiftDown) == .redraw) }
        #expect(table.view.selectedRows == [0, 1, 2, 3])
        #expect(table.view.viewport.cursor.row == 3)
        #expect(recorder.take() == ["cursor 1/1", "selection [0, 1]", "cursor 2/2", "selection [0, 1, 2]",
                                    "cursor 3/3", "selection [0, 1, 2, 3]"])
        // Back up: the range shrinks to its anchor, never past it.
        _ = controller.handle(shiftUp)
        #expect(table.view.selectedRows == [0, 1, 2])
        // The cursor moves on its own: the next range starts at the cursor, the first stays.
        _ = controller.handle(.key(.character("j")))
        _ = controller.handle(.key(.character("j")))
        _ = controller.handle(.key(.character("3")))
        _ = controller.handle(shiftDown)
        #expect(table.view.selectedRows == [0, 1, 2, 4, 5, 6, 7])
        // Upwards past the anchor: rows above it join, the ones below leave.
        for _ in 0..<5 { _ = controller.handle(shiftUp) }
        #expect(table.view.selectedRows == [0, 1, 2, 4, 3])
        #expect(table.view.viewport.cursor.row == 2)
        // `m` toggles the cursor's row; `M` unmarks every row.
        _ = controller.handle(.key(.character("m")))
        #expect(table.view.selectedRows == [0, 1, 4, 3])
        _ = recorder.take()
        _ = controller.handle(.key(.character("M")))
        #expect(table.view.selectedRows.isEmpty)
        #expect(table.view.notice == "4 rows unmarked")
        #expect(recorder.take() == ["selection []"])

        // The keys as the help screen and the config file name them.
        #expect(KeyBindings.standard.command(for: .modified(.down, .shift)) == .extendSelectionDown)
        #expect(Key.modified(.up, .shift).displayName == "Shift-Up")
        #expect(Key(displayName: "shift-down") == .modified(.down, .shift))
    }

    @Test func dragAndShiftClickThroughTheController() {
        // Body lines 1-10 show rows topRow... (the header is line 0).
        let table = Self.table(40)
        let controller = TableController(view: table.view)
        func mouse(_ kind: MouseEvent.Kind, x: Int = 2, y: Int, _ modifiers: KeyModifiers = []) -> TableController.Response {
            controller.handle(.mouse(MouseEvent(kind: kind, position: Point(x: x, y: y), modifiers: modifiers)))
        }
        _ = mouse(.press(.left), y: 3)  // row 2
        #expect(table.view.selectedRows.isEmpty)  // a click marks nothing
        #expect(mouse(.drag(.left), y: 6) == .redraw)
        #expect(table.view.selectedRows == [2, 3, 4, 5])
        _ = mouse(.drag(.left), y: 4)
        #expect(table.view.selectedRows == [2, 3])
        _ = mouse(.release(.left), y: 4)
        #expect(table.view.viewport.cursor.row == 3)
        // Shift-click extends the same range to the clicked row.
        _ = mouse(.press(.left), y: 9, .shift)
        #expect(table.view.selectedRows == [2, 3, 4, 5, 6, 7, 8])
        // Dragging past the bottom edge scrolls a row at a time.
        _ = mouse(.drag(.left), y: 11)
        _ = mouse(.drag(.left), y: 11)
        #expect(table.view.viewport.cursor.row == 11)
        #expect(table.view.viewport.topRow == 2)
        #expect(table.view.selectedRows == Array(2...11))
        _ = mouse(.release(.left), y: 11)

        // A drag after a press on the header (a sort) marks nothing.
        _ = mouse(.press(.left), y: 0)
        #expect(mouse(.drag(.left), y: 5) == .ignored)
        _ = mouse(.release(.left), y: 5)
        _ = table.view.waitForJob()
        #expect(table.view.selectedRows == Array(2...11))
        // A new press starts a new range; rows marked before stay marked.
        table.view.clearSelection()
        table.view.selectRows([0])
        _ = mouse(.press(.left), y: 1)
        _ = mouse(.drag(.left), y: 3)
        #expect(Set(table.view.selectedRows) == Set([0] + table.view.selectedDisplayRows.map { table.view.sourceRow(forDisplayRow: $0) }))
        #expect(table.view.selectedDisplayRows.count == 4)
    }

    @Test func selectionKeptAcrossASortAndAnApply() {
        let table = Self.table(20)
        let backend = MemoryBackend(size: Size(width: 40, height: 12))
        let app = TableApplication(view: table.view, backend: backend)
        let recorder = Recorder()
        table.view.delegate = recorder
        table.selectedIDs = ["r1", "r4", "r6"]
        #expect(table.view.selectedDisplayRows == [1, 4, 6])
        _ = recorder.take()

        // A sort by price (descending prices: the rows reverse): the same records stay selected.
        table.view.sort(by: [SortDescriptor(column: 2, ascending: true)])
        _ = table.view.waitForJob()
        #expect(table.selectedIDs == ["r1", "r4", "r6"])
        #expect(table.view.selectedDisplayRows == [13, 15, 18])
        app.drawFrame()
        #expect(backend.presented?.lines.last?.contains("3 marked") == true)

        // An apply that deletes r4 and inserts rows before the others: the selection follows the
        // records (r4 leaves it), and the delegate is told after the next event.
        var newer = Self.items(20).filter { $0.id != "r4" }
        newer.insert(Item(id: "new", name: "new", price: 5), at: 0)
        table.apply(newer)
        _ = table.view.waitForJob()
        #expect(table.selectedIDs == ["r1", "r6"])
        #expect(table.view.selectedRows == [2, 6])
        app.handle(.key(.character("l")))
        #expect(recorder.take() == ["selection [2, 6]"])
        // Sorted still: r6 and r1 at their places by price.
        #expect(table.view.selectedDisplayRows.map { table.model(at: $0).id } == ["r6", "r1"])
        // Shift-Down through the application: a range from the cursor's record.
        #expect(table.moveCursor(toID: "r6"))
        _ = recorder.take()
        app.handle(.key(.modified(.down, .shift)))
        #expect(table.selectedIDs == ["r1", "r6", "r5"])
        #expect(recorder.take() == ["cursor 15/5", "selection [2, 6, 5]"])
    }
}
