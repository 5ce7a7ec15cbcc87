@testable import DataTableApp
@testable import DataTableKit
import TerminalSurface

/// The lines of a long message above the status line and the status line, trimmed, as one text.
func statusText(_ app: TableApplication, _ backend: MemoryBackend) -> String {
    let lines = backend.presented!.lines
    return (app.view.noticeRect.y..<lines.count).map { lines[$0].trimmingSpaces }.joined(separator: " ")
}
