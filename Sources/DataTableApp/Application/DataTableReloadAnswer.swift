/// What `R` (reload) does, as the delegate answers it.
public enum DataTableReloadAnswer: Equatable, Sendable {
    /// Done or started: a message for the status line.
    case message(String)
    /// A yes/no question first (unsaved edits would be lost); `y` asks again, discarding them.
    case confirm(String)
}
