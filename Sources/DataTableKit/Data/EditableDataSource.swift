import Synchronization

/// One change to an `EditableDataSource`, as `undo()` reports it.
public enum EditOperation: Hashable, Sendable {
    /// A field of source row `row` changed from `old` to `new` (texts as the table showed them).
    case edit(row: Int, column: Int, old: String, new: String)
    /// Source row `row` was deleted.
    case delete(row: Int)
    /// Source row `row` was restored after a delete.
    case restore(row: Int)
}

/// A data source whose fields can be edited and whose rows can be deleted in memory, over a base
/// source that is never changed: edits and deletes change only the view until they are written
/// (`CSVTableWriter`).
///
/// Row ids are the base's and stay stable: a deleted row stays in the source (`rowCount` is the
/// base's), `isDeleted` says so, and the view hides it. Edited fields read as the edited text
/// everywhere (`value`, `text`, `sortText`, `fields`).
///
/// Thread safety: every read (`value`, `text`, `sortText`, `fields`, the raw readers, the
/// queries) may run on background threads while the UI thread edits; the state is behind a lock,
/// and while nothing is edited reads skip the lock (one atomic load). A job that started before
/// an edit may have read the old text: compare `changeCount` before and after to know.
///
/// Raw bytes: the base's raw readers are offered only where no field is edited (`rawField` for
/// columns without edits, `makeRawFieldReader` likewise, `makeRawRecordReader` only while no field
/// at all is edited), so callers that get nil fall back to `text`/`fields` and never see stale
/// bytes. Deleted rows keep their raw bytes (they did not change).
public final class EditableDataSource: DataTableLoading, DataTableRawRecords, DataTableColumnSorting, DataTableModelRows,
    @unchecked Sendable {
    /// As `base` says (edits change values, not the shape).
    public let base: DataTableDataSource
    /// The base's capabilities, resolved once (nil: the base has none, answer as without).
    private let baseLoading: DataTableLoading?
    private let baseRaw: DataTableRawRecords?
    private let baseSorting: DataTableColumnSorting?
    private let baseModels: DataTableModelRows?

    private struct UndoEntry {
        let operation: EditOperation
        /// For edits: the override before the edit (nil when the field showed the base's text).
        let previousOverride: String?
        /// A serial that identifies the state after this entry (for `hasUnsavedChanges`).
        let serial: Int
    }

    private struct State {
        /// Edited text by source row, then column.
        var edits: [Int: [Int: String]] = [:]
        /// Edited fields per column (for the per-column raw readers).
        var editsPerColumn: [Int: Int] = [:]
        var editedFieldCount = 0
        var deleted = Set<Int>()
        var undoStack: [UndoEntry] = []
        var nextSerial = 1
        /// The serial of the top undo entry when last saved (0: the base's state).
        var savedSerial = 0
        var changeCount = 0
    }

    private let state = Mutex(State())
    /// Whether any field is edited: the no-edit fast path reads this without the lock.
    private let hasEdits = Atomic<Bool>(false)
    /// Whether any row is deleted: `isDeleted` reads this without the lock.
    private let hasDeletes = Atomic<Bool>(false)

    /// Edits over `base`, none made yet.
    public init(base: DataTableDataSource) {
        self.base = base
        self.baseLoading = base as? DataTableLoading
        self.baseRaw = base as? DataTableRawRecords
        self.baseSorting = base as? DataTableColumnSorting
        self.baseModels = base as? DataTableModelRows
    }

    // MARK: - Changing

    /// Sets the text of a field of source row `row`. Setting the text the field already shows
    /// does nothing (returns false); setting the base's own text removes the edit. Returns whether
    /// something changed (and an undo step was recorded).
    @discardableResult
    public func setField(_ text: String, row: Int, column: Int) -> Bool {
        precondition(row >= 0 && column >= 0, "row and column must not be negative")
        let baseText = base.text(row: row, column: column)
        return state.withLock { state in
            let previous = state.edits[row]?[column]
            let old = previous ?? baseText
            guard old != text else { return false }
            Self.setOverride(text == baseText ? nil : text, row: row, column: column, in: &state)
            let serial = state.nextSerial
            state.nextSerial += 1
            state.undoStack.append(UndoEntry(operation: .edit(row: row, column: column, old: old, new: text),
                                             previousOverride: previous, serial: serial))
            state.changeCount += 1
            hasEdits.store(state.editedFieldCount > 0, ordering: .releasing)
            return true
        }
    }

    /// Deletes source row `row` (it stays in the source; `isDeleted` answers true). Returns false
    /// when it already was deleted.
    @discardableResult
    public func deleteRow(_ row: Int) -> Bool {
        state.withLock { state in
            guard state.deleted.insert(row).inserted else { return false }
            hasDeletes.store(true, ordering: .releasing)
            Self.push(.delete(row: row), in: &state)
            return true
        }
    }

    /// Restores a deleted row. Returns false when it was not deleted.
    @discardableResult
    public func restoreRow(_ row: Int) -> Bool {
        state.withLock { state in
            guard state.deleted.remove(row) != nil else { return false }
            hasDeletes.store(!state.deleted.isEmpty, ordering: .releasing)
            Self.push(.restore(row: row), in: &state)
            return true
        }
    }

    /// Undoes the last change and returns it (as it was done), or nil when there is nothing to undo.
    @discardableResult
    public func undo() -> EditOperation? {
        state.withLock { state in
            guard let entry = state.undoStack.popLast() else { return nil }
            switch entry.operation {
            case .edit(let row, let column, _, _):
                Self.setOverride(entry.previousOverride, row: row, column: column, in: &state)
                hasEdits.store(state.editedFieldCount > 0, ordering: .releasing)
            case .delete(let row):
                state.deleted.remove(row)
            case .restore(let row):
                state.deleted.insert(row)
            }
            hasDeletes.store(!state.deleted.isEmpty, ordering: .releasing)
            state.changeCount += 1
            return entry.operation
        }
    }

    /// Records that the current state was written: `hasUnsavedChanges` is false until the next
    /// change (or an undo past this point). With `savePoint` (a `Snapshot`'s), records that the
    /// state of that snapshot was written (changes made while a writer ran stay unsaved).
    public func markSaved(savePoint: Int? = nil) {
        state.withLock { state in
            state.savedSerial = savePoint ?? state.undoStack.last?.serial ?? 0
        }
    }

    /// Forgets every edit, deletion and undo step: the base shows as it is (its rows were
    /// read again). Returns the rows that were deleted, for the view to show again.
    @discardableResult
    public func discardAll() -> [Int] {
        state.withLock { state in
            let deleted = state.deleted.sorted()
            state = State(changeCount: state.changeCount + 1)
            hasEdits.store(false, ordering: .releasing)
            hasDeletes.store(false, ordering: .releasing)
            return deleted
        }
    }

    // MARK: - Queries

    /// Whether the state differs from the last saved one (or the base, before any save).
    public var hasUnsavedChanges: Bool {
        state.withLock { ($0.undoStack.last?.serial ?? 0) != $0.savedSerial }
    }

    /// Counts every change and undo: a generation to compare, e.g. to redo a sort that ran before.
    public var changeCount: Int { state.withLock { $0.changeCount } }

    /// Whether there is something to undo.
    public var canUndo: Bool { state.withLock { !$0.undoStack.isEmpty } }

    /// How many steps `undo` can take.
    public var undoCount: Int { state.withLock { $0.undoStack.count } }

    /// Whether source row `row` is deleted.
    public func isDeleted(_ row: Int) -> Bool {
        guard hasDeletes.load(ordering: .acquiring) else { return false }
        return state.withLock { $0.deleted.contains(row) }
    }

    /// The deleted source rows, ascending.
    public var deletedRows: [Int] { state.withLock { $0.deleted.sorted() } }

    /// How many source rows are deleted.
    public var deletedRowCount: Int { state.withLock { $0.deleted.count } }

    /// Whether any field is edited (deletes aside).
    public var hasEditedFields: Bool { hasEdits.load(ordering: .acquiring) }

    /// Whether the field at a source row and column is edited.
    public func isEdited(row: Int, column: Int) -> Bool {
        guard hasEdits.load(ordering: .acquiring) else { return false }
        return state.withLock { $0.edits[row]?[column] != nil }
    }

    /// Whether any field of source row `row` is edited.
    public func isRowEdited(_ row: Int) -> Bool {
        guard hasEdits.load(ordering: .acquiring) else { return false }
        return state.withLock { $0.edits[row] != nil }
    }

    /// The edited text of a field, or nil when it is not edited.
    public func editedText(row: Int, column: Int) -> String? {
        guard hasEdits.load(ordering: .acquiring) else { return nil }
        return state.withLock { $0.edits[row]?[column] }
    }

    /// A consistent copy of the edits and deletes at one moment (for a writer).
    public struct Snapshot: Sendable {
        /// Edited text by source row, then column.
        public let edits: [Int: [Int: String]]
        /// Source rows deleted at the save point.
        public let deletedRows: Set<Int>
        /// `changeCount` when the copy was taken.
        public let changeCount: Int
        /// Identifies this state for `markSaved(savePoint:)`.
        public let savePoint: Int
    }

    /// The edits and deletes as they stand, taken under one lock.
    public func snapshot() -> Snapshot {
        state.withLock {
            Snapshot(edits: $0.edits, deletedRows: $0.deleted, changeCount: $0.changeCount,
                     savePoint: $0.undoStack.last?.serial ?? 0)
        }
    }

    // MARK: - DataTableDataSource

    /// As `base` says (edits change values, not the shape).
    public var columnCount: Int { base.columnCount }
    /// As `base` says (edits change values, not the shape).
    public var rowCount: Int { base.rowCount }
    /// As `base` says (edits change values, not the shape).
    public func title(ofColumn column: Int) -> String { base.title(ofColumn: column) }
    /// As `base` says (edits change values, not the shape).
    public var loadState: DataTableLoadState? { baseLoading?.loadState }
    /// As `base` says (edits change values, not the shape).
    public var notice: String? { baseLoading?.notice }
    /// As `base` says (edits change values, not the shape).
    public func checkForChanges() { baseLoading?.checkForChanges() }
    /// As `base` says (edits change values, not the shape).
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { baseSorting?.sortKeyKind(ofColumn: column) }

    /// The edited text typed like a file's field (`DataTableValueType(fieldText:)`), else the base's value.
    public func value(row: Int, column: Int) -> DataTableValueType {
        if let edited = editedText(row: row, column: column) { return DataTableValueType(fieldText: edited) }
        return base.value(row: row, column: column)
    }

    /// The edited text, else the base's.
    public func text(row: Int, column: Int) -> String {
        editedText(row: row, column: column) ?? base.text(row: row, column: column)
    }

    /// An edited field is shown whole; others as the base shows them.
    public func isValueCut(row: Int, column: Int) -> Bool {
        editedText(row: row, column: column) == nil && baseRaw?.isValueCut(row: row, column: column) == true
    }

    /// The edited text, else the base's sort text.
    public func sortText(row: Int, column: Int) -> String {
        editedText(row: row, column: column) ?? base.sortText(row: row, column: column)
    }

    /// The base's fields with the edited ones replaced; a row shorter than an edited column is
    /// padded with empty fields up to it.
    public func fields(row: Int) -> [String] {
        guard hasEdits.load(ordering: .acquiring), let rowEdits = state.withLock({ $0.edits[row] }) else {
            return base.fields(row: row)
        }
        return Self.apply(rowEdits, to: base.fields(row: row))
    }

    /// The base's raw bytes, unless the field's column has edits (nil: read `text` instead).
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        guard !columnHasEdits(column) else { return nil }
        return baseRaw?.rawField(row: row, column: column)
    }

    /// The base's reader, unless the column has edits (nil: read `sortText` instead). The reader
    /// does not see later edits.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        guard !columnHasEdits(column) else { return nil }
        return baseRaw?.makeRawFieldReader(column: column, rowCount: rowCount)
    }

    /// The base's fields, unless the column has edits (false: read `text` instead); asked at
    /// each call, so a column edited between two batches reads no more of them.
    public func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool {
        guard !columnHasEdits(column), let baseRaw else { return false }
        return baseRaw.readRawFields(column: column, rows: rows, into: &batch)
    }

    /// The base's readers, unless the column has edits (nil: read `sortText` instead). The field
    /// reader does not see later edits; the batch reader stops (false) once the column has one.
    public func makeRawColumnReader(column: Int, rowCount: Int) -> RawColumnReader? {
        guard !columnHasEdits(column), let reader = baseRaw?.makeRawColumnReader(column: column, rowCount: rowCount) else {
            return nil
        }
        guard let read = reader.batch else { return reader }
        return RawColumnReader(field: reader.field) { [self] rows, batch in !columnHasEdits(column) && read(rows, &batch) }
    }

    /// The base's reader while no field is edited (nil: read `fields` instead). The reader does
    /// not see later edits.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? {
        guard !hasEdits.load(ordering: .acquiring) else { return nil }
        return baseRaw?.makeRawRecordReader(rowCount: rowCount)
    }

    // MARK: - Helpers

    private func columnHasEdits(_ column: Int) -> Bool {
        guard hasEdits.load(ordering: .acquiring) else { return false }
        return state.withLock { ($0.editsPerColumn[column] ?? 0) > 0 }
    }

    /// `fields` with `edits` (by column) applied, padded with "" up to the last edited column.
    static func apply(_ edits: [Int: String], to fields: [String]) -> [String] {
        var fields = fields
        for (column, text) in edits {
            if column >= fields.count { fields += repeatElement("", count: column + 1 - fields.count) }
            fields[column] = text
        }
        return fields
    }

    private static func push(_ operation: EditOperation, in state: inout State) {
        let serial = state.nextSerial
        state.nextSerial += 1
        state.undoStack.append(UndoEntry(operation: operation, previousOverride: nil, serial: serial))
        state.changeCount += 1
    }

    /// Sets (or with nil removes) the override of one field, keeping the counts.
    private static func setOverride(_ text: String?, row: Int, column: Int, in state: inout State) {
        let had = state.edits[row]?[column] != nil
        if let text {
            state.edits[row, default: [:]][column] = text
            if !had {
                state.editedFieldCount += 1
                state.editsPerColumn[column, default: 0] += 1
            }
        } else if had {
            state.edits[row]?[column] = nil
            if state.edits[row]?.isEmpty == true { state.edits[row] = nil }
            state.editedFieldCount -= 1
            state.editsPerColumn[column, default: 1] -= 1
            if state.editsPerColumn[column] == 0 { state.editsPerColumn[column] = nil }
        }
    }
}

extension EditableDataSource: LayeredDataSource {
    /// The base's model when it provides models, else the row id.
    public func model(atSourceRow row: Int) -> Any {
        baseModels?.model(atSourceRow: row) ?? row
    }
    /// The base's answer.
    public func isColumnSortable(_ column: Int) -> Bool {
        baseSorting?.isColumnSortable(column) ?? true
    }
}
