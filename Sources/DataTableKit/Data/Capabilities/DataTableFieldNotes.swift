/// A source that has a note on some fields: a line the record view shows under the field's
/// value (a compared file's old value: "was: 20"). Asked on the UI thread, for the fields of
/// one record at a time.
public protocol DataTableFieldNotes: DataTableDataSource {
    /// The note under the field at `row`, `column`; nil for none.
    func note(row: Int, column: Int) -> String?
}
