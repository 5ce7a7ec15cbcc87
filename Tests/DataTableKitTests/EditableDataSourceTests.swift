import Dispatch
import Glibc
import Synchronization
import Testing
import DataTableKit
import DataTableCSV
import TestSupport

@Suite struct EditableDataSourceTests {
    func people() -> StringRowsDataSource {
        StringRowsDataSource(titles: ["id", "name", "score"],
                             rows: [["1", "Ada", "3.5"], ["2", "Bob", "7"], ["3", "Cy"]])
    }

    /// A CSV file (indexed) for the raw-reader tests.
    func csvFile(_ text: String) throws -> CSVFileDataSource {
        try indexedCSVFile(Array(text.utf8), prefix: "edit")
    }

    @Test func editedFieldsReadAsTypedTextEverywhere() {
        let source = EditableDataSource(base: people())
        #expect(source.value(row: 1, column: 2) == .string("7"))  // the base's value untouched
        #expect(source.setField("42", row: 1, column: 2))
        #expect(source.value(row: 1, column: 2) == .int(42))
        #expect(source.text(row: 1, column: 2) == "42")
        #expect(source.sortText(row: 1, column: 2) == "42")
        #expect(source.fields(row: 1) == ["2", "Bob", "42"])
        source.setField("-2.5", row: 0, column: 2)
        source.setField("true", row: 0, column: 1)
        source.setField("Ada L", row: 2, column: 1)
        #expect(source.value(row: 0, column: 2) == .double(-2.5))
        #expect(source.value(row: 0, column: 1) == .bool(true))
        #expect(source.value(row: 2, column: 1) == .string("Ada L"))
        #expect(source.isEdited(row: 2, column: 1))
        #expect(!source.isEdited(row: 2, column: 0))
        #expect(source.isRowEdited(0) && !source.isRowEdited(3))
        #expect(source.editedText(row: 1, column: 2) == "42")
        // The shape and the titles are the base's.
        #expect(source.rowCount == 3 && source.columnCount == 3)
        #expect(source.title(ofColumn: 1) == "name")
    }

    @Test func anEmptyEditReadsAsNullAndAShortRowIsPaddedUpToTheEdit() {
        let base = StringRowsDataSource(titles: ["a", "b", "c"], rows: [["x"]])
        let source = EditableDataSource(base: EditableDataSource(base: base))  // also: layers stack
        source.setField("z", row: 0, column: 2)
        #expect(source.fields(row: 0) == ["x", "", "z"])
        source.setField("", row: 0, column: 2)
        #expect(source.value(row: 0, column: 2) == .null)
    }

    @Test func settingTheShownTextIsNotAChangeAndSettingTheBaseTextRemovesTheEdit() {
        let source = EditableDataSource(base: people())
        #expect(!source.setField("Ada", row: 0, column: 1))
        #expect(!source.hasUnsavedChanges && source.changeCount == 0 && !source.canUndo)
        #expect(source.setField("Eve", row: 0, column: 1))
        #expect(source.hasEditedFields)
        #expect(source.setField("Ada", row: 0, column: 1))  // back to the file's text: no edit left
        #expect(!source.hasEditedFields)
        #expect(!source.isEdited(row: 0, column: 1))
        #expect(source.undoCount == 2)
        #expect(source.undo() == .edit(row: 0, column: 1, old: "Eve", new: "Ada"))
        #expect(source.text(row: 0, column: 1) == "Eve")
    }

    @Test func deletedRowsStayInTheSourceAndAreExposed() {
        let source = EditableDataSource(base: people())
        #expect(source.deleteRow(2))
        #expect(source.deleteRow(0))
        #expect(!source.deleteRow(0))
        #expect(source.rowCount == 3)
        #expect(source.isDeleted(0) && !source.isDeleted(1) && source.isDeleted(2))
        #expect(source.deletedRows == [0, 2])
        #expect(source.deletedRowCount == 2)
        #expect(source.text(row: 0, column: 1) == "Ada")  // still readable
        #expect(source.restoreRow(0))
        #expect(!source.restoreRow(0))
        #expect(source.deletedRows == [2])
        #expect(source.undo() == .restore(row: 0))
        #expect(source.deletedRows == [0, 2])
    }

    @Test func undoReturnsWhatWasUndoneInReverseOrder() {
        let source = EditableDataSource(base: people())
        source.setField("A", row: 0, column: 1)
        source.setField("B", row: 0, column: 1)
        source.deleteRow(1)
        #expect(source.undo() == .delete(row: 1))
        #expect(!source.isDeleted(1))
        #expect(source.undo() == .edit(row: 0, column: 1, old: "A", new: "B"))
        #expect(source.text(row: 0, column: 1) == "A")
        #expect(source.isEdited(row: 0, column: 1))
        #expect(source.undo() == .edit(row: 0, column: 1, old: "Ada", new: "A"))
        #expect(source.text(row: 0, column: 1) == "Ada")
        #expect(!source.isEdited(row: 0, column: 1))
        #expect(!source.hasEditedFields)
        #expect(source.undo() == nil)
        #expect(!source.hasUnsavedChanges)
    }

    @Test func unsavedChangesFollowSavesAndUndo() {
        let source = EditableDataSource(base: people())
        #expect(!source.hasUnsavedChanges)
        source.setField("x", row: 0, column: 0)
        #expect(source.hasUnsavedChanges)
        #expect(source.changeCount == 1)
        source.markSaved()
        #expect(!source.hasUnsavedChanges)
        source.deleteRow(1)
        #expect(source.hasUnsavedChanges)
        source.undo()
        #expect(!source.hasUnsavedChanges)  // back at the saved state
        #expect(source.changeCount == 3)
        source.undo()
        #expect(source.hasUnsavedChanges)  // before the saved state
        // A save of a snapshot taken before a later change leaves that change unsaved.
        source.setField("y", row: 0, column: 0)
        let snapshot = source.snapshot()
        #expect(snapshot.edits == [0: [0: "y"]])
        source.deleteRow(2)
        source.markSaved(savePoint: snapshot.savePoint)
        #expect(source.hasUnsavedChanges)
        source.undo()
        #expect(!source.hasUnsavedChanges)
    }

    @Test func rawReadersAreOfferedOnlyWhereNothingIsEdited() throws {
        let source = EditableDataSource(base: try csvFile("a,b\n1,\"x\"\n2,y\n"))
        #expect(source.makeRawRecordReader(rowCount: 2) != nil)
        #expect(source.makeRawFieldReader(column: 1, rowCount: 2) != nil)
        #expect(source.rawField(row: 0, column: 1).map { Array($0) } == Array("\"x\"".utf8))
        source.deleteRow(0)  // the bytes did not change
        #expect(source.makeRawRecordReader(rowCount: 2) != nil)
        source.setField("z", row: 1, column: 1)
        #expect(source.makeRawRecordReader(rowCount: 2) == nil)
        #expect(source.makeRawFieldReader(column: 1, rowCount: 2) == nil)
        #expect(source.rawField(row: 0, column: 1) == nil)
        #expect(source.makeRawFieldReader(column: 0, rowCount: 2) != nil)  // column 0 has no edits
        #expect(source.rawField(row: 1, column: 0).map { Array($0) } == Array("2".utf8))
        #expect(source.fields(row: 1) == ["2", "z"])
        source.undo()
        #expect(source.makeRawRecordReader(rowCount: 2) != nil)
        #expect(source.makeRawFieldReader(column: 1, rowCount: 2) != nil)
    }

    @Test func forwardsTheBaseAndItsModelProviding() throws {
        let file = try csvFile("a,b\n1,2\n")
        let appending = AppendingColumnsDataSource(base: file, appendedTitles: ["actions"])
        let source = EditableDataSource(base: appending)
        #expect(source.columnCount == 3)
        #expect(source.title(ofColumn: 2) == "actions")
        #expect(source.isColumnSortable(2) == false)
        #expect(source.isColumnSortable(0))
        #expect(source.model(atSourceRow: 0) as? Int == 0)
        #expect(source.loadState?.isComplete == true)
        #expect(source.notice == nil)
        source.checkForChanges()
        #expect(source.sortKeyKind(ofColumn: 2) == .text)
        let plain = EditableDataSource(base: people())
        #expect(plain.isColumnSortable(1))
        #expect(plain.model(atSourceRow: 2) as? Int == 2)
    }

    @Test func readersOnAnotherThreadWhileTheUIThreadEdits() async {
        let rows = (0..<200).map { ["\($0)", "v\($0)"] }
        let source = EditableDataSource(base: StringRowsDataSource(titles: ["n", "v"], rows: rows))
        final class Flag: Sendable { let value = Atomic(false) }
        let done = Flag()
        let reader = Task.detached {
            var reads = 0, bad = 0
            while !done.value.load(ordering: .acquiring) || reads < 10_000 {
                let row = reads % 200
                let text = source.text(row: row, column: 1)
                let fields = source.fields(row: row)
                if !(text.hasPrefix("v") || text.hasPrefix("e")) || fields.count != 2 { bad += 1 }
                _ = source.value(row: row, column: 1)
                _ = source.isDeleted(row)
                _ = source.makeRawRecordReader(rowCount: 200)
                reads += 1
            }
            return bad
        }
        for i in 0..<5_000 {
            source.setField("e\(i)", row: i % 200, column: 1)
            if i % 7 == 0 { source.deleteRow(i % 200) }
            if i % 3 == 0 { source.undo() }
            _ = source.hasUnsavedChanges
        }
        done.value.store(true, ordering: .releasing)
        #expect(await reader.value == 0)
        while source.undo() != nil {}
        #expect(!source.hasEditedFields && source.deletedRows.isEmpty)
        #expect((0..<200).allSatisfy { source.text(row: $0, column: 1) == "v\($0)" })
    }
}
