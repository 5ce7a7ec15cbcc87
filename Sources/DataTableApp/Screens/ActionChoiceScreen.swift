import DataTableKit
import TerminalSurface

/// The status line asking which action to fire on a row (after `a`, or Enter on a cell with
/// several buttons): its number or first letter; any other key cancels.
final class ActionChoiceScreen: Screen {
    /// Actions offered, in order.
    let names: [String]
    /// The display row they are for.
    let row: Int
    let onChoose: (String) -> Void

    init(names: [String], row: Int, onChoose: @escaping (String) -> Void) {
        self.names = names
        self.row = row
        self.onChoose = onChoose
    }

    var placement: ScreenPlacement { .statusLine }

    /// The question on the status line.
    var question: String {
        "action: " + names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: "  ")
            + "   (number or first letter; Esc cancels)"
    }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }
        guard case .character(let c) = key else { return .dismiss() }
        let chosen: String?
        if let digit = c.wholeNumberValue, c.isASCII, digit >= 1, digit <= names.count {
            chosen = names[digit - 1]
        } else {
            chosen = names.first { $0.first.map { String($0).lowercased() == String(c).lowercased() } ?? false }
        }
        if let chosen { onChoose(chosen) }
        return .dismiss()
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        region.fill(context.theme.statusLine)
        region.put(" " + question, at: .zero, style: context.theme.statusHint)
    }
}
