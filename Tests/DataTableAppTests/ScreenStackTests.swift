import Testing
import TerminalSurface
import TestSupport
import DataTableKit
@testable import DataTableApp

/// A status-line screen that records the keys it gets and ignores `x` and Ctrl-C.
private final class Recorder: Screen {
    var keys: [Key] = []
    var placement: ScreenPlacement { .statusLine }
    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }
        keys.append(key)
        return key == .character("x") || key == .control("c") ? .ignored : .redraw
    }
    func draw(in region: SurfaceRegion, context: ScreenContext) {
        region.put("recorder", at: .zero, style: .plain)
    }
}

@Suite struct ScreenStackTests {
    func app(size: Size = Size(width: 50, height: 8)) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(TableFixtures.people(rows: 30), size: size, colorCount: 0)
    }

    @Test func keysGoToTheTopScreenOnlyAndItDrawsOverTheStatusLine() {
        let (app, backend) = app()
        let recorder = Recorder()
        app.present(recorder)
        app.drawFrame()
        app.press(.character("j"), .down)
        #expect(recorder.keys == [.character("j"), .down])
        #expect(app.view.viewport.cursor.row == 0)  // the table under it did not move
        #expect(backend.presented!.lines.last!.hasPrefix("recorder"))
        #expect(backend.presented!.lines[1].contains("Ada"))  // the table still shows above it
    }

    @Test func anIgnoredKeyFallsToTheApplicationsCtrlC() {
        let (app, _) = app()
        let recorder = Recorder()
        app.present(recorder)
        #expect(app.handle(.key(.character("x"))) == .ignored)
        #expect(app.handle(.key(.control("c"))) == .quit)
    }

    @Test func ctrlCAsksFirstWhenThereAreUnsavedChangesOnAnyScreen() {
        final class Unsaved: TableApplicationDelegate {
            func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
            func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { true }
        }
        let (app, backend) = app()
        let host = Unsaved()
        app.delegate = host
        app.openEditForm(sourceRow: 0)
        #expect(app.screens.top is EditFormScreen)
        #expect(app.handle(.key(.control("c"))) == .redraw)  // it used to quit at once, edits lost
        #expect(app.screens.top is QuestionScreen)
        #expect(backend.presented!.lines.last!.contains("unsaved changes"))
        #expect(app.handle(.key(.escape)) == .redraw)  // stay
        #expect(app.screens.top is EditFormScreen)
        #expect(app.handle(.key(.control("c"))) == .redraw)
        #expect(app.handle(.key(.character("q"))) == .quit)
    }

    @Test func aFullScreenLayerCoversTheTableWhichRecyclesItsCells() {
        let (app, backend) = app()
        #expect(app.view.cellsOnScreenCount > 0)
        app.openRecordView()
        app.drawFrame()
        #expect(app.view.cellsOnScreenCount == 0)
        #expect(backend.presented!.lines[0].contains("record 1 of 30"))
        app.press(.character("q"))
        #expect(app.screens.screens.count == 1)
        #expect(app.view.cellsOnScreenCount > 0)
    }

    @Test func thePromptDismissesWithItsLineForTheClosureGivenAtPush() {
        let (app, _) = app()
        var submitted: [String] = []
        app.present(PromptScreen(Prompt(kind: .search)) { prompt in
            submitted.append(prompt.text)
            return .redraw
        })
        app.type("Lag")
        #expect(app.view.typedQuery == TypedQuery(text: "Lag", isRegex: false))  // highlighted as typed
        app.press(.enter)
        #expect(submitted == ["Lag"])
        #expect(app.view.typedQuery == nil)
        #expect(app.screens.screens.count == 1)
    }

    @Test func theActionQuestionFiresByNumberOrLetterAndAnyOtherKeyCancels() {
        var chosen: [String] = []
        let (app, backend) = app(size: Size(width: 80, height: 8))
        app.present(ActionChoiceScreen(names: ["Edit", "Delete"], row: 3) { chosen.append($0) })
        app.drawFrame()
        #expect(backend.presented!.lines.last!.contains("action: 1 Edit  2 Delete"))
        app.press(.character("2"))
        app.present(ActionChoiceScreen(names: ["Edit", "Delete"], row: 3) { chosen.append($0) })
        app.press(.character("e"))
        app.present(ActionChoiceScreen(names: ["Edit", "Delete"], row: 3) { chosen.append($0) })
        app.press(.escape)
        #expect(chosen == ["Delete", "Edit"])
        #expect(app.screens.screens.count == 1)
    }

    @Test func aScreenOpenedWhileAKeyIsHandledIsPushedAfterItsOutcome() {
        // The action question fires `edit`, which opens the form: the question's dismissal
        // must not take the form off again.
        final class Editor: TableApplicationDelegate {
            func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
        }
        let (app, _) = app()
        let host = Editor()
        app.delegate = host
        app.present(ActionChoiceScreen(names: ["Edit"], row: 0) { [unowned app] _ in app.openEditForm(sourceRow: 0) })
        app.press(.character("1"))
        #expect(app.screens.top is EditFormScreen)
        #expect(app.screens.screens.count == 2)
    }
}
