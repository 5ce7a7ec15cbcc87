import TerminalSurface

/// Which keys run which command: data, so the help screen, the man page and overrides agree.
///
/// A key runs a `Target`: one of the table's own commands (`TableCommand`, listed in `bindings`)
/// or a command the program registered by name (`programBindings`, run by the program around
/// the table). One index answers both (`target(for:)`). Keys change hands in three layers, the
/// later winning: the standard keys, then the program's commands (`registerProgramCommand`
/// takes a key from a built-in, as the config file does), then the user's (`override`): a key
/// the user gave is never taken by a program command, whatever the order of the calls
/// (docs/decisions/0124-program-command-keys.md).
public struct KeyBindings: Sendable {
    /// One command and the keys bound to it, in the order the help screen lists them.
    public struct Binding: Sendable {
        /// The command run.
        public var command: TableCommand
        /// The keys that run it.
        public var keys: [Key]

        /// `keys` run `command`.
        public init(_ command: TableCommand, _ keys: [Key]) {
            self.command = command
            self.keys = keys
        }
    }

    /// What a key runs: a command of the table, or one the program registered by name.
    public enum Target: Hashable, Sendable {
        /// One of the table's own commands (`TableController.perform`).
        case table(TableCommand)
        /// A command the program registered under this name; the table hands it on as
        /// `TableRequest.programCommand(_:)`.
        case program(String)
    }

    /// A command the program registered, by name, with its keys and its line of help.
    public struct ProgramBinding: Hashable, Sendable {
        /// The command's name (the `:` line and the config file's `[keys]` name it so).
        public let name: String
        /// One line for the help screen.
        public internal(set) var summary: String
        /// The help screen's group the command is listed in.
        public internal(set) var group: String
        /// The keys that run it.
        public internal(set) var keys: [Key]
        /// False while only the user's keys are known (the config file named the command
        /// before the program registered it): the help leaves it out.
        public internal(set) var isRegistered: Bool
    }

    /// Every binding, in help-screen order.
    public private(set) var bindings: [Binding]
    /// The program's commands, in the order they were registered (or first named).
    public private(set) var programBindings: [ProgramBinding] = []
    /// Target by key, derived from `bindings` and `programBindings` (rebuilt on every change).
    private var targetByKey: [Key: Target] = [:]
    /// Keys the user gave (`override`): registering a program command never takes them.
    private var userKeys: Set<Key> = []
    /// Program commands whose keys the user set: registering keeps the user's keys.
    private var userSetPrograms: Set<String> = []

    /// A key map of `bindings`.
    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        rebuildIndex()
    }

    /// The command bound to `key`, if any.
    public func command(for key: Key) -> TableCommand? {
        if case .table(let command) = targetByKey[key] { return command }
        return nil
    }

    /// What `key` runs, if anything: the one lookup for the table's and the program's commands.
    public func target(for key: Key) -> Target? { targetByKey[key] }

    /// The keys bound to `target`, in order (empty when none, or unknown).
    public func keys(for target: Target) -> [Key] {
        switch target {
        case .table(let command): return bindings.first { $0.command == command }?.keys ?? []
        case .program(let name): return programBindings.first { $0.name == name }?.keys ?? []
        }
    }

    /// Binds `key` to `command`, taking it away from any other command.
    public mutating func bind(_ key: Key, to command: TableCommand) {
        bind(key, to: .table(command))
    }

    /// Binds `key` to `target`, taking it away from any other command (the table's or the
    /// program's). A program command not registered yet is added, left out of the help until
    /// it is registered.
    public mutating func bind(_ key: Key, to target: Target) {
        removeKey(key)
        switch target {
        case .table(let command):
            if let i = bindings.firstIndex(where: { $0.command == command }) {
                bindings[i].keys.append(key)
            } else {
                bindings.append(Binding(command, [key]))
            }
        case .program(let name):
            programBindings[programIndex(name)].keys.append(key)
        }
        rebuildIndex()
    }

    /// The user's keys for `target` (the config file's `[keys]`): they replace its keys, each
    /// is taken from any other command, and registering a program command later never takes
    /// them back.
    public mutating func override(_ target: Target, keys: [Key]) {
        switch target {
        case .table(let command):
            if let i = bindings.firstIndex(where: { $0.command == command }) { bindings[i].keys = [] }
        case .program(let name):
            programBindings[programIndex(name)].keys = []
            userSetPrograms.insert(name)
        }
        for key in keys { bind(key, to: target) }
        userKeys.formUnion(keys)
        rebuildIndex()
    }

    /// Adds (or updates) the program's command `name` with its line of help and group; it
    /// gets `keys` unless the user set its keys (`override`). A key another command has is
    /// taken from it, as the config file does, except a key the user gave (that one stays
    /// where the user put it and the program's command goes without it).
    public mutating func registerProgramCommand(_ name: String, summary: String, group: String, keys: [Key]) {
        let i = programIndex(name)
        programBindings[i].summary = summary
        programBindings[i].group = group
        programBindings[i].isRegistered = true
        guard !userSetPrograms.contains(name) else { return }
        programBindings[i].keys = []
        for key in keys where !userKeys.contains(key) { bind(key, to: .program(name)) }
        rebuildIndex()
    }

    /// Drops the bindings of `commands` (a sheet's help leaves out keys without meaning there).
    public mutating func remove(_ commands: Set<TableCommand>) {
        guard !commands.isEmpty else { return }
        bindings.removeAll { commands.contains($0.command) }
        rebuildIndex()
    }

    /// The index of the program command `name`, added (unregistered, without keys) when new.
    private mutating func programIndex(_ name: String) -> Int {
        if let i = programBindings.firstIndex(where: { $0.name == name }) { return i }
        programBindings.append(ProgramBinding(name: name, summary: "", group: "", keys: [], isRegistered: false))
        return programBindings.count - 1
    }

    /// Takes `key` away from every command.
    private mutating func removeKey(_ key: Key) {
        for i in bindings.indices { bindings[i].keys.removeAll { $0 == key } }
        for i in programBindings.indices { programBindings[i].keys.removeAll { $0 == key } }
    }

    private mutating func rebuildIndex() {
        targetByKey = [:]
        for binding in bindings {
            for key in binding.keys where targetByKey[key] == nil { targetByKey[key] = .table(binding.command) }
        }
        for binding in programBindings {
            for key in binding.keys where targetByKey[key] == nil { targetByKey[key] = .program(binding.name) }
        }
    }

    /// The keys users of less and vi expect.
    public static let standard = KeyBindings([
        Binding(.moveUp, [.up, .character("k")]),
        Binding(.moveDown, [.down, .character("j")]),
        Binding(.moveLeft, [.left, .character("h")]),
        Binding(.moveRight, [.right, .character("l")]),
        Binding(.pageDown, [.pageDown, .control("f"), .character(" ")]),
        Binding(.pageUp, [.pageUp, .control("b"), .character("b")]),
        Binding(.halfPageDown, [.control("d")]),
        Binding(.halfPageUp, [.control("u")]),
        Binding(.top, [.character("g"), .home]),
        Binding(.bottom, [.character("G"), .end]),
        Binding(.firstColumn, [.character("0")]),
        Binding(.lastColumn, [.character("$")]),
        Binding(.sortAscending, [.character("[")]),
        Binding(.sortDescending, [.character("]")]),
        Binding(.addSortAscending, [.character("{")]),
        Binding(.addSortDescending, [.character("}")]),
        Binding(.cycleSort, [.character("s")]),
        Binding(.search, [.character("/")]),
        Binding(.searchNext, [.character("n")]),
        Binding(.searchPrevious, [.character("N")]),
        Binding(.filter, [.character("&")]),
        Binding(.filterColumn, [.character("|")]),
        Binding(.findSameValue, [.character("#")]),
        Binding(.filterSameValue, [.character("@")]),
        Binding(.goToRow, [.character(":")]),
        Binding(.toggleStripes, [.character("z")]),
        Binding(.toggleWrap, [.character("w")]),
        Binding(.narrowColumn, [.character("<")]),
        Binding(.widenColumn, [.character(">")]),
        Binding(.autoWidthColumn, [.character("=")]),
        Binding(.freezeColumns, [.character("f")]),
        Binding(.chooseKind, [.character("t")]),
        Binding(.openRecord, [.enter]),
        Binding(.markRow, [.character("m")]),
        Binding(.extendSelectionUp, [.modified(.up, .shift)]),
        Binding(.extendSelectionDown, [.modified(.down, .shift)]),
        Binding(.clearSelection, [.character("M")]),
        Binding(.copyCell, [.character("y")]),
        Binding(.copyRowsAs, [.character("Y")]),
        Binding(.fireAction, [.character("a")]),
        Binding(.undo, [.character("u")]),
        Binding(.reload, [.character("R")]),
        Binding(.toggleSection, [.character("o")]),
        Binding(.toggleAllSections, [.character("O")]),
        Binding(.hideColumn, [.character("-")]),
        Binding(.showAllColumns, [.character("+")]),
        Binding(.moveColumnLeft, [.character("H")]),
        Binding(.moveColumnRight, [.character("L")]),
        Binding(.goToColumn, [.character("c")]),
        Binding(.filterColumns, [.character("*")]),
        Binding(.frequency, [.character("F")]),
        Binding(.summary, [.character("I")]),
        Binding(.help, [.character("?"), .function(1)]),
        Binding(.quit, [.character("q"), .control("c")]),
    ])
}

extension Key {
    /// How the help screen and the man page name the key.
    public var displayName: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .function(let n): return "F\(n)"
        case .modified(let key, let held): return (held.contains(.control) ? "Ctrl-" : "") + (held.contains(.alt) ? "Alt-" : "") + (held.contains(.shift) ? "Shift-" : "") + key.displayName
        }
    }
}
