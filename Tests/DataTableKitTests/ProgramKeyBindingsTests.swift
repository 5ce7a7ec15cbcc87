import Testing
import TerminalSurface
@testable import DataTableKit

/// One `KeyBindings` lookup for the table's commands and the program's: who gets a key when the
/// standard keys, a program's registration and the user's overrides disagree.
@Suite struct ProgramKeyBindingsTests {
    @Test func aRegisteredCommandsKeysRunItThroughTheOneLookup() {
        var bindings = KeyBindings.standard
        bindings.registerProgramCommand("sort-by-cpu", summary: "sort by CPU", group: "top", keys: [.character("P")])
        #expect(bindings.target(for: .character("P")) == .program("sort-by-cpu"))
        #expect(bindings.command(for: .character("P")) == nil)
        #expect(bindings.target(for: .character("j")) == .table(.moveDown))
        #expect(bindings.keys(for: .program("sort-by-cpu")) == [.character("P")])
        let binding = bindings.programBindings.first
        #expect(binding?.name == "sort-by-cpu" && binding?.summary == "sort by CPU" && binding?.group == "top")
        #expect(binding?.isRegistered == true)
        // The table's own bindings are untouched, in their order.
        #expect(bindings.bindings.map(\.command) == KeyBindings.standard.bindings.map(\.command))
    }

    @Test func aProgramKeyIsTakenFromABuiltInAsTheConfigFileDoes() {
        var bindings = KeyBindings.standard
        bindings.registerProgramCommand("stop", summary: "stop", group: "top", keys: [.character("s"), .character("K")])
        #expect(bindings.target(for: .character("s")) == .program("stop"))
        #expect(bindings.keys(for: .table(.cycleSort)) == [])
        #expect(bindings.keys(for: .program("stop")) == [.character("s"), .character("K")])
    }

    @Test func theUsersKeysWinWhicheverComesFirst() {
        // The user gives `P` to quit and `S` to cycleSort; the program wants `P` and `s`.
        func userFirst() -> KeyBindings {
            var bindings = KeyBindings.standard
            bindings.override(.table(.quit), keys: [.character("q"), .character("P")])
            bindings.override(.table(.cycleSort), keys: [.character("S")])
            bindings.registerProgramCommand("sort-by-cpu", summary: "", group: "top", keys: [.character("P"), .character("s")])
            return bindings
        }
        func programFirst() -> KeyBindings {
            var bindings = KeyBindings.standard
            bindings.registerProgramCommand("sort-by-cpu", summary: "", group: "top", keys: [.character("P"), .character("s")])
            bindings.override(.table(.quit), keys: [.character("q"), .character("P")])
            bindings.override(.table(.cycleSort), keys: [.character("S")])
            return bindings
        }
        for bindings in [userFirst(), programFirst()] {
            #expect(bindings.target(for: .character("P")) == .table(.quit))
            #expect(bindings.target(for: .character("s")) == .program("sort-by-cpu"))
            #expect(bindings.target(for: .character("S")) == .table(.cycleSort))
            #expect(bindings.keys(for: .program("sort-by-cpu")) == [.character("s")])
        }
    }

    @Test func theUsersKeysForAProgramCommandSurviveItsRegistration() {
        var bindings = KeyBindings.standard
        bindings.override(.program("sort-by-cpu"), keys: [.character("C")])
        // Known by name before registration, but not listed in the help yet.
        #expect(bindings.programBindings.map(\.isRegistered) == [false])
        #expect(bindings.target(for: .character("C")) == .program("sort-by-cpu"))
        bindings.registerProgramCommand("sort-by-cpu", summary: "sort by CPU", group: "top", keys: [.character("P")])
        #expect(bindings.keys(for: .program("sort-by-cpu")) == [.character("C")])
        #expect(bindings.target(for: .character("P")) == nil)
        #expect(bindings.programBindings.map(\.isRegistered) == [true])
        #expect(bindings.programBindings.first?.summary == "sort by CPU")
    }

    @Test func registeringAgainReplacesTheDefaultKeys() {
        var bindings = KeyBindings.standard
        bindings.registerProgramCommand("sort-by-cpu", summary: "a", group: "top", keys: [.character("P")])
        bindings.registerProgramCommand("sort-by-cpu", summary: "b", group: "top", keys: [.character("C")])
        #expect(bindings.programBindings.count == 1)
        #expect(bindings.target(for: .character("P")) == nil)
        #expect(bindings.target(for: .character("C")) == .program("sort-by-cpu"))
        #expect(bindings.programBindings.first?.summary == "b")
    }

    @Test func bindingABuiltInTakesTheKeyFromAProgramCommand() {
        var bindings = KeyBindings.standard
        bindings.registerProgramCommand("sort-by-cpu", summary: "", group: "top", keys: [.character("P")])
        bindings.bind(.character("P"), to: .moveDown)
        #expect(bindings.command(for: .character("P")) == .moveDown)
        #expect(bindings.keys(for: .program("sort-by-cpu")) == [])
    }

    @Test func theControllerHandsAProgramKeyOnAsARequest() {
        var configuration = DataTableConfiguration()
        configuration.keyBindings.registerProgramCommand("sort-by-cpu", summary: "", group: "top", keys: [.character("P")])
        let view = DataTableView(dataSource: StringRowsDataSource(titles: ["a"], rows: [["1"], ["2"]]),
                                 configuration: configuration, size: Size(width: 20, height: 5))
        let controller = TableController(view: view)
        #expect(controller.handle(.key(.character("P"))) == .request(.programCommand("sort-by-cpu")))
        #expect(controller.handle(.key(.character("j"))) != .request(.programCommand("sort-by-cpu")))
    }
}
