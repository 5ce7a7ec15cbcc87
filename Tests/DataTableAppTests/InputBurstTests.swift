import Testing
import TerminalSurface
import TestSupport
import DataTableKit
@testable import DataTableApp

/// Input that comes faster than frames: the run loop handles every waiting event before one
/// frame (bounded), a paste is one edit of a text input, and the prompt hands its query to the
/// table once a frame.
@Suite("Bursts of input and pastes")
struct InputBurstTests {
    static func app(rows: Int = 300) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(TableFixtures.people(rows: rows), size: Size(width: 60, height: 8))
    }

    /// Runs the loop over what is queued; it stops at the first wait that finds nothing.
    static func runOverQueuedEvents(_ app: TableApplication, _ backend: MemoryBackend) {
        app.run(until: { backend.pendingEvents.isEmpty })
    }

    @Test("500 queued keys: handled in one batch, one frame after the first (it was one frame per key)")
    func queuedKeysDrawOneFrame() {
        let (app, backend) = Self.app()
        app.maximumTimePerFrame = .seconds(600)  // only the event bound counts here
        backend.pendingEvents = Array(repeating: .key(.down), count: 500)
        let before = backend.presentCount
        Self.runOverQueuedEvents(app, backend)
        #expect(app.view.viewport.cursor.row == 299)  // every key was handled (the last row is 299)
        #expect(backend.presentCount - before == 2)  // run's first frame, then one for the 500 keys
        #expect(backend.presented!.lines.last!.contains("row 300/300"))
    }

    @Test("The batch is bounded: 10 keys at 4 a frame draw 3 frames")
    func batchesAreBounded() {
        let (app, backend) = Self.app()
        app.maximumTimePerFrame = .seconds(600)
        app.maximumEventsPerFrame = 4
        backend.pendingEvents = Array(repeating: .key(.down), count: 10)
        let before = backend.presentCount
        Self.runOverQueuedEvents(app, backend)
        #expect(app.view.viewport.cursor.row == 10)
        #expect(backend.presentCount - before == 1 + 3)
    }

    @Test("q in a burst quits at once; the keys after it are not handled")
    func quitEndsTheBatch() {
        let (app, backend) = Self.app()
        backend.pendingEvents = [.key(.down), .key(.down), .key(.character("q")), .key(.down)]
        app.run(until: { false })  // returns only by quitting
        #expect(app.view.viewport.cursor.row == 2)
        #expect(backend.pendingEvents == [.key(.down)])
    }

    @Test("Typed ahead into /: the query is handed to the table once, for the frame, with the whole text")
    func typedAheadQueryOnceAFrame() {
        let (app, backend) = Self.app()
        app.maximumTimePerFrame = .seconds(600)
        let text = String(repeating: "Lagos ", count: 200)
        backend.pendingEvents = [.key(.character("/"))] + text.map { .key(.character($0)) }
        let before = backend.presentCount
        Self.runOverQueuedEvents(app, backend)
        #expect(backend.presentCount - before == 2)
        #expect((app.screens.top as? PromptScreen)?.prompt.text == text)
        #expect(app.view.typedQuery == TypedQuery(text: text, isRegex: false))
        #expect(backend.presented!.lines.last!.contains("Lagos Lagos"))
    }

    @Test("A paste into / is one edit at the cursor: line breaks become spaces, the trailing one goes")
    func pasteIntoThePrompt() {
        let (app, backend) = Self.app()
        app.press(.character("/"), .character("a"), .character("b"), .left)
        #expect(app.handle(.paste("Lag\r\nos\n")) == .redraw)
        let prompt = (app.screens.top as? PromptScreen)?.prompt
        #expect(prompt?.text == "aLag osb")
        #expect(prompt?.editor.cursor == 7)
        #expect(app.view.typedQuery == TypedQuery(text: "aLag osb", isRegex: false))
        #expect(backend.presented!.lines.last!.hasPrefix(" /aLag osb"))
    }

    @Test("A paste into the table is ignored: pasted text never runs as commands")
    func pasteIntoTheTable() {
        let (app, _) = Self.app()
        #expect(app.handle(.paste("jjjjGq")) == .ignored)
        #expect(app.view.viewport.cursor.row == 0)
        #expect(app.screens.screens.count == 1)
    }

    @Test("A paste into the edit form's line is one edit; while choosing a field it is ignored")
    func pasteIntoTheEditForm() {
        final class Editable: TableApplicationDelegate {
            var edits: [String] = []
            func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
            func dataTable(_ view: DataTableView, didEditRow row: Int, column: Int, text: String) -> String? {
                edits.append(text)
                return nil
            }
        }
        let (app, _) = Self.app()
        let host = Editable()
        app.delegate = host
        app.openEditForm(sourceRow: 0)
        #expect(app.handle(.paste("x")) == .ignored)
        app.press(.down, .enter, .control("u"))  // edit `name`, emptied
        #expect(app.handle(.paste("Grace\nHopper\n")) == .redraw)
        app.press(.enter)
        #expect(host.edits == ["Grace Hopper"])
    }

    @Test("LineEditor.insert(pasted:): graphemes, tabs kept, every kind of line break a space")
    func lineEditorPaste() {
        var editor = LineEditor("[]")
        _ = editor.handle(.left)
        editor.insert(pasted: "日\tb\re\u{301}\r\n\u{2028}z\r\n\n")
        #expect(editor.text == "[日\tb é  z]")
        #expect(editor.cursor == 9)
        editor.insert(pasted: "\n")
        #expect(editor.text == "[日\tb é  z]" && editor.cursor == 9)
    }

    @Test("A 100,000-character line draws the room around the cursor only, at its start, middle and end")
    func longLineDraws() {
        let text = (0..<100_000).map { String($0 % 10) }.joined()
        var editor = LineEditor(text)
        let surface = Surface(size: Size(width: 20, height: 1))
        editor.draw(in: surface.region, x: 0, style: .plain)
        #expect(surface.line(0) == String(text.suffix(19)))  // and the cursor's blank
        #expect(surface[19, 0].style.attributes.contains(.reverse))
        for _ in 0..<50_000 { _ = editor.handle(.left) }
        surface.clear()
        editor.draw(in: surface.region, x: 0, style: .plain)
        let middle = Array(text)
        #expect(surface.line(0) == String(middle[(50_000 - 19)..<(50_000 + 1)]))
        #expect(surface[19, 0].style.attributes.contains(.reverse))
        _ = editor.handle(.home)
        surface.clear()
        editor.draw(in: surface.region, x: 0, style: .plain)
        #expect(surface.line(0) == String(text.prefix(20)))
    }
}
