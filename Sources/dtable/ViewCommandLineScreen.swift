import DataTableApp
import DataTableKit
import TerminalSurface

/// `:view`'s screen: the command line that opens the view, wrapped to the screen, what it
/// cannot say, and the keys: `y` copies the exact command line (the terminal's clipboard, as
/// `y` copies a cell), q, Esc or Enter close. The text is drawn through the one sanitizer
/// (`TerminalText.sanitized`); the copy is the command line as it is.
final class ViewCommandLineScreen: Screen {
    let commandLine: String
    let leftOut: [String]

    init(commandLine: String, leftOut: [String]) {
        self.commandLine = commandLine
        self.leftOut = leftOut
    }

    var placement: ScreenPlacement { .fullScreen }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .character("y"):
            let count = commandLine.count
            context.view.copyToClipboard(commandLine, saying: "copied the view's command line (\(count) characters)")
            return .dismiss()
        case .character("q"), .escape, .enter:
            return .dismiss()
        default:
            return .ignored
        }
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        // A full-screen layer: nothing of the table under it shows through its blank lines.
        region.fill(.plain)
        let width = max(1, region.width - 2)
        var lines: [(String, Style)] = [("The command line that opens this view:", context.theme.helpTitle), ("", Style())]
        for line in TextWrapping.lines(of: TerminalText.sanitized(commandLine), width: width, mode: .word) {
            lines.append((String(line.text), Style()))
        }
        if !leftOut.isEmpty {
            lines.append(("", Style()))
            let text = "Left out (no option says it): " + leftOut.joined(separator: "; ")
            for line in TextWrapping.lines(of: TerminalText.sanitized(text), width: width, mode: .word) {
                lines.append((String(line.text), Style(attributes: .dim)))
            }
        }
        lines.append(("", Style()))
        lines.append(("y copies it; :view save FILE stores the view (dtable --view FILE opens it); q or Esc closes",
                      context.theme.helpKey))
        for (y, (text, style)) in lines.prefix(region.height).enumerated() {
            _ = region.put(" " + text, at: Point(x: 0, y: y), style: style)
        }
    }
}
