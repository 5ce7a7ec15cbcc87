/// What the table's keys ask of the program around it: the keys the table does not own
/// (`/ & : c * ? Enter a u R q`). The program answers with a screen (a prompt, the record view, a
/// question) or a change; `TableController` never knows which.
public enum TableRequest: Equatable, Sendable {
    /// `/`: a search is to be typed.
    case search
    /// `&`: a filter is to be typed.
    case filter
    /// `|`: a filter on one column (a source column) is to be typed.
    case filterColumn(Int)
    /// `:`: a row number or command is to be typed.
    case commandLine
    /// `?`: the key bindings.
    case help
    /// `Enter`: the record of a source row, field by field.
    case openRecord(sourceRow: Int)
    /// `a` (or Enter on buttons) with several actions: which one to fire on a display row.
    case chooseAction(names: [String], row: Int)
    /// `u`: undo the program's last edit or deletion.
    case undo
    /// `R`: read the data again (the program may ask first).
    case reload
    /// `c`: the name of a column to go to is to be typed.
    case goToColumn
    /// `*`: a regex choosing the columns shown is to be typed.
    case filterColumns
    /// `I`: the summary of every column.
    case summary
    /// `F`: the frequency table of a source column's values.
    case frequency(column: Int)
    /// `q`: leave (the program may ask first).
    case quit
    /// A key bound to a command the program registered (`KeyBindings.Target.program`): the
    /// program runs it by name.
    case programCommand(String)
}
