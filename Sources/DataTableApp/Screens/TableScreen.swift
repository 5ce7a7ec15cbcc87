import DataTableKit
import TerminalSurface

/// The bottom layer: the table itself. Its keys go to the `TableController`; what the table
/// asks of the program (`/ & : ? Enter a u R q`) goes to `onRequest`, which answers with a screen
/// to push or a change.
final class TableScreen: Screen {
    let controller: TableController
    /// The program's answer to what the table asks for.
    let onRequest: (TableRequest) -> ScreenOutcome
    /// Esc: cancels the program's newest work (a running command); true when there was some.
    let cancelWork: () -> Bool

    init(controller: TableController, onRequest: @escaping (TableRequest) -> ScreenOutcome,
         cancelWork: @escaping () -> Bool) {
        self.controller = controller
        self.onRequest = onRequest
        self.cancelWork = cancelWork
    }

    var placement: ScreenPlacement { .fullScreen }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        // Esc stops the program's work before the table's own (a count, a job, the filter).
        if event == .key(.escape), controller.count == nil, cancelWork() { return .redraw }
        switch controller.handle(event) {
        case .ignored: return .ignored
        case .redraw: return .redraw
        case .request(let request): return onRequest(request)
        }
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        context.view.render(into: context.surface)
    }
}
