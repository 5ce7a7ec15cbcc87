import DataTableApp
import DataTableKit

/// The session answers the application's questions (edits, undo, writing, quitting, running
/// commands: the methods in `ViewerSession.swift`), and its actions open the application's
/// screens (`edit`, `open`).
extension ViewerSession: TableApplicationDelegate {
    /// Connects the session to the application that shows its table.
    func attach(to application: TableApplication) {
        application.delegate = self  // held weakly: the session lives as long as the viewer runs
        dispatcher.application = application
    }
}
