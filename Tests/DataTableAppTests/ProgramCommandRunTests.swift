import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// The program's commands in the application: names, the `:` line with an argument, a question,
/// a prompt, quitting, the config file's `[keys]` and the help of a sheet.
@Suite struct ProgramCommandRunTests {
    func app() -> (TableApplication, MemoryBackend) {
        TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 80, height: 12), colorCount: 0)
    }

    @Test func namesAreCheckedAgainstTheTablesCommandsAndTheColonWords() {
        #expect(ProgramCommand.problem(withName: "sort-by-cpu") == nil)
        #expect(ProgramCommand.problem(withName: "renice_2") == nil)
        #expect(ProgramCommand.problem(withName: "") != nil)
        #expect(ProgramCommand.problem(withName: "2x") != nil)
        #expect(ProgramCommand.problem(withName: "sort by") != nil)
        #expect(ProgramCommand.problem(withName: "sort_ascending") == "'sort_ascending' names a command of the table")
        #expect(ProgramCommand.problem(withName: "Quit") != nil)
        #expect(ProgramCommand.problem(withName: "wq") == "'wq' is a word of the : line")
    }

    @Test func theColonLineRunsACommandWithItsArgument() {
        let (app, backend) = app()
        var seen: [String] = []
        app.register(ProgramCommand("renice", summary: "renice") { seen.append($0.argument) })
        app.press(.character(":"))
        app.type("renice  5 ")
        app.press(.enter)
        app.press(.character(":"))
        app.type("renice")
        app.press(.enter)
        #expect(seen == ["5", ""])
        app.press(.character(":"))
        app.type("nope")
        app.press(.enter)
        #expect(statusText(app, backend).contains("unknown command ':nope': a row number, w, w!, w FILE, wq, q or q!, or a command: renice"))
    }

    @Test func aQuestionAndAPromptAnswerThroughTheContext() {
        let (app, backend) = app()
        var answers: [String] = []
        app.register(ProgramCommand("kill", keys: [.character("K")], summary: "kill") { context in
            context.ask("kill it? y/n") { key in
                guard key == .character("y") else { return }
                context.prompt("signal:", text: "TERM") { answers.append($0) }
            }
        })
        app.press(.character("K"))
        #expect(backend.presented!.lines.last!.contains("kill it? y/n"))
        app.press(.character("y"))
        #expect(backend.presented!.lines.last!.hasPrefix(" signal: TERM"))
        app.type("x")
        app.press(.enter)
        #expect(answers == ["TERMx"])
        #expect(app.screens.screens.count == 1)
    }

    @Test func quitFromACommandQuits() {
        let (app, _) = app()
        app.register(ProgramCommand("leave", keys: [.character("Q")], summary: "leave") { $0.quit() })
        #expect(app.handle(.key(.character("Q"))) == .quit)
    }

    @Test func theConfigFileRebindsAProgramCommandByName() throws {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile(parsing: "[keys]\nsort-by-cpu = 'C'") }
        let file = try ConfigurationFile(parsing: "[keys]\nsort-by-cpu = 'C'\ncycle_sort = 'P'", commandNames: ["sort-by-cpu"])
        #expect(file.programKeyOverrides == [.init(name: "sort-by-cpu", keys: [.character("C")])])
        let unknown = try? ConfigurationFile(parsing: "[keys]\nsort-by-mem = 'M'", commandNames: ["sort-by-cpu"])
        #expect(unknown == nil)
        do {
            _ = try ConfigurationFile(parsing: "[keys]\nsort-by-cpu = 'C'\nquit = 'C'", commandNames: ["sort-by-cpu"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "config.toml:3: key C is given to both sort-by-cpu (line 2) and quit")
        }
        // Applied before the program registers: the user's keys stay.
        let (app, _) = app()
        file.apply(to: &app.view.configuration.keyBindings)
        var runs = 0
        app.register(ProgramCommand("sort-by-cpu", keys: [.character("P")], summary: "sort by CPU") { _ in runs += 1 })
        app.press(.character("P"))
        #expect(runs == 0)
        app.press(.character("C"))
        #expect(runs == 1)
    }

    @Test func aSheetsHelpLeavesOutTheProgramsCommands() {
        var bindings = KeyBindings.standard
        bindings.registerProgramCommand("sort-by-cpu", summary: "sort by CPU", group: "top", keys: [.character("P")])
        let lines = HelpScreen.lines(of: bindings).map { $0.keys + " " + $0.summary }
        #expect(lines.contains("top: "))
        #expect(lines.contains("P sort by CPU  (:sort-by-cpu)"))
        let sheet = HelpScreen.lines(of: bindings, programCommands: false).map(\.summary)
        #expect(!sheet.contains { $0.contains("sort by CPU") })
    }

    @Test func inASheetAProgramKeySaysItIsNotThere() {
        let (app, backend) = app()
        var runs = 0
        app.register(ProgramCommand("sort-by-cpu", keys: [.character("P")], summary: "sort by CPU") { _ in runs += 1 })
        app.type("lF")
        app.settleScreens()
        app.press(.character("P"))
        #expect(runs == 0)
        #expect(backend.presented!.lines.contains { $0.contains("not in this sheet") })
        app.press(.character("q"), .character("P"))
        #expect(runs == 1)
    }
}
