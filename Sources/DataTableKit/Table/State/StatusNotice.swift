/// What a table says to the user and hands to the program after a key (a part of
/// `DataTableView`): the status line's notice, whether it outlasts keys, and clipboard text.
struct StatusNotice {
    /// The message after the position, until the next key (see `DataTableView.notice`).
    var text: String?
    /// Whether `text` outlasts key presses (the outcome of a write).
    var isLasting = false
    /// Text for the terminal's clipboard, handed to the backend after the key (`y`).
    var clipboardText: String?
}
