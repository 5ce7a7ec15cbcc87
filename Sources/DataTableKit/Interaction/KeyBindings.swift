import TerminalSurface

/// Which keys run which command: data, so the help screen, the man page and overrides agree.
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

    /// Every binding, in help-screen order.
    public private(set) var bindings: [Binding]
    /// Command by key, derived from `bindings` (rebuilt on every change).
    private var commandByKey: [Key: TableCommand] = [:]

    /// A key map of `bindings`.
    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        rebuildIndex()
    }

    /// The command bound to `key`, if any.
    public func command(for key: Key) -> TableCommand? { commandByKey[key] }

    /// Binds `key` to `command`, taking it away from any other command.
    public mutating func bind(_ key: Key, to command: TableCommand) {
        for i in bindings.indices { bindings[i].keys.removeAll { $0 == key } }
        if let i = bindings.firstIndex(where: { $0.command == command }) {
            bindings[i].keys.append(key)
        } else {
            bindings.append(Binding(command, [key]))
        }
        rebuildIndex()
    }

    /// Drops the bindings of `commands` (a sheet's help leaves out keys without meaning there).
    public mutating func remove(_ commands: Set<TableCommand>) {
        guard !commands.isEmpty else { return }
        bindings.removeAll { commands.contains($0.command) }
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        commandByKey = [:]
        for binding in bindings {
            for key in binding.keys where commandByKey[key] == nil { commandByKey[key] = binding.command }
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
