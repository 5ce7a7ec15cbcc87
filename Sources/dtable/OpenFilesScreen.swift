import DataTableApp
import DataTableKit
import TerminalSurface

/// The list of open files (`B`, `:files`): one line each, the shown one marked `%` as vim's
/// `:ls` does, with its rows (or why it is not open). j/k or the arrows move, Enter shows the
/// file under the cursor, q or Esc closes.
final class OpenFilesScreen: Screen {
    private let files: OpenFiles
    private unowned let application: TableApplication
    /// The line under the cursor.
    private var selected: Int

    init(files: OpenFiles, application: TableApplication) {
        self.files = files
        self.application = application
        selected = files.current
    }

    var placement: ScreenPlacement { .fullScreen }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .down, .character("j"):
            selected = min(files.files.count - 1, selected + 1)
        case .up, .character("k"):
            selected = max(0, selected - 1)
        case .enter:
            files.show(selected, in: application)
            return .dismiss()
        case .character("q"), .escape, .character("B"):
            return .dismiss()
        default:
            return .ignored
        }
        return .redraw
    }

    /// One line of the list: the marker, the file's place and name, and its state.
    func line(_ index: Int) -> String {
        let file = files.files[index]
        let state: String = switch file.state {
        case .open(let session):
            "\(grouped(session.view.dataSource.rowCount)) row\(session.view.dataSource.rowCount == 1 ? "" : "s")" + (session.hasOwnUnsavedChanges ? ", changed" : "")
        case .opening: "opening"
        case .waiting: "not opened yet"
        case .failed(let message): message
        }
        return "\(index == files.current ? "%" : " ") \(index + 1)  \(file.name)  (\(state))"
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        region.fill(.plain)
        guard region.height > 0 else { return }
        _ = region.put(" open files", at: .zero, style: context.theme.helpTitle)
        let top = 2
        let height = max(0, region.height - top - 1)
        let first = max(0, min(selected - height + 1, files.files.count - height))
        for (row, index) in files.files.indices.dropFirst(first).prefix(height).enumerated() {
            let style = index == selected ? context.theme.cursorRow : Style.plain
            if index == selected { region.fill(style, in: Rect(x: 0, y: top + row, width: region.width, height: 1)) }
            _ = region.put(line(index), at: Point(x: 1, y: top + row), style: style)
        }
        if region.height >= 3 {
            _ = region.put(" j/k move  Enter shows the file  q closes", at: Point(x: 0, y: region.height - 1),
                           style: Style(attributes: .dim))
        }
    }
}
