import Testing
import TerminalSurface
import TestSupport
import DataTableKit
@testable import DataTableApp

@Suite struct LineEditorTests {
    func typed(_ start: String, _ keys: [Key]) -> LineEditor {
        var editor = LineEditor(start)
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func insertsAtTheCursorAndMovesByGrapheme() {
        var editor = typed("Grace", [.left, .left, .character("X")])
        #expect(editor.text == "GraXce" && editor.cursor == 4)
        editor = typed("日本語👍🏽x", [.left, .left, .backspace])
        #expect(editor.text == "日本👍🏽x")
        editor = typed("abc", [.home, .delete, .end, .character("!")])
        #expect(editor.text == "bc!")
        #expect(typed("abc", [.control("a"), .control("e"), .control("b"), .backspace]).text == "ac")
    }

    @Test func killKeys() {
        #expect(typed("one two three", [.control("w")]).text == "one two ")
        #expect(typed("one two three", [.left, .left, .left, .control("k")]).text == "one two th")
        #expect(typed("one two three", [.left, .left, .left, .control("u")]).text == "ree")
        var editor = typed("", [.backspace, .delete, .left, .right, .control("w")])
        #expect(editor.text.isEmpty && editor.cursor == 0)
        #expect(!editor.handle(.enter) && !editor.handle(.escape))
    }

    @Test func drawsTheCursorReversedAndScrollsToKeepItVisible() {
        let surface = Surface(size: Size(width: 8, height: 1))
        var editor = typed("abcdefghijkl", [.home, .right, .right])
        editor.draw(in: surface.region, x: 0, style: .plain)
        #expect(surface.line(0) == "abcdefgh")
        #expect(surface[2, 0].style.attributes.contains(.reverse))
        editor = typed("abcdefghijkl", [])
        surface.clear()
        editor.draw(in: surface.region, x: 2, style: .plain)
        #expect(surface.line(0) == "  hijkl")  // the end shows, with the cursor cell (a blank) after it
        #expect(surface[7, 0].style.attributes.contains(.reverse))
    }

    @Test func thePromptEditsMidLine() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 60, height: 6))
        app.press(.character("/"))
        app.type("Lgos")
        app.press(.left, .left, .left)
        app.type("a")
        #expect((app.screens.top as? PromptScreen)?.prompt.text == "Lagos")
        #expect(backend.presented!.lines.last!.hasPrefix(" /Lagos"))
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.lastSearch?.query == "Lagos")
    }
}
