import DataTableKit
import TerminalSurface

/// A question on the status line answered with one key (quit with unsaved changes?). It only
/// answers: `onAnswer` gets the key and says what happens.
final class QuestionScreen: Screen {
    let question: String
    let onAnswer: (Key) -> ScreenOutcome

    init(_ question: String, onAnswer: @escaping (Key) -> ScreenOutcome) {
        self.question = question
        self.onAnswer = onAnswer
    }

    var placement: ScreenPlacement { .statusLine }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        // While the status line asks something the table under it does not move: the answer
        // must apply to what was asked about.
        guard case .key(let key) = event else { return .ignored }
        return .dismiss(then: onAnswer(key))
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        region.fill(context.theme.statusLine)
        region.put(" " + question, at: .zero, style: context.theme.statusHint)
    }
}
