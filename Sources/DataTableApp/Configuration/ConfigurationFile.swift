import DataTableKit
import Glibc
import TerminalSurface

/// The settings of dtable's configuration file, `$XDG_CONFIG_HOME/dtable/config.toml` (else
/// `~/.config/dtable/config.toml`): defaults for the display options, colours, key overrides and
/// badge colours. Every setting is optional; the command line wins over the file.
///
/// The file is TOML 1.0, read with TOMLKit (`TOMLDocument`). Any unknown section or key, and any
/// value of the wrong type or out of range, is an error naming the line. An example with every
/// setting:
///
/// ```toml
/// # ~/.config/dtable/config.toml
///
/// [display]
/// color = "auto"            # auto, always or never
/// stripes = true            # zebra stripes when the table opens (z toggles them)
/// wrap = false              # wrap long text in every column
/// max_column_width = 40     # 1 to 1000: the widest a column sized from its content gets
/// ascii = false             # draw with ASCII only, even on a UTF-8 terminal
/// grid = "none"             # none, rule (under the header), columns (separators) or grid (both)
///
/// [colors]
/// # A name (default, black, red, green, yellow, blue, magenta, cyan, white, grey,
/// # bright_black, bright_red, ... bright_white), a palette number 0-255, or "#rrggbb".
/// header_foreground = "bright_white"
/// header_background = 24
/// cursor_row_background = 239
/// stripe_backgrounds = ["default", 235]
/// highlighted_stripe_backgrounds = [236, 237]
/// match_background = "#ffd700"
/// status_background = 250
/// status_foreground = "black"
///
/// [keys]
/// # command = "key" or ["key", ...]: replaces the command's keys (and takes them from other
/// # commands). Commands as in the help screen, camelCase or snake_case; keys as the help
/// # screen names them: x, Ctrl-X, Up, Down, Left, Right, PgUp, PgDn, Home, End, Enter,
/// # Esc, Tab, Shift-Tab, Backspace, Delete, Insert, Space, F1 ... F12.
/// quit = ["q", "Ctrl-C", "Esc"]
/// sort_ascending = "s"
/// cycleSort = "S"
/// help = ["?", "F1"]
///
/// [badge_colors]
/// # Badge value = colour, added to (or replacing) the default badge colours.
/// shipped = "green"
/// blocked = "#ff0000"
/// "on hold" = 178
///
/// [data]
/// null = ["NA", "-"]        # texts that mean no value (replaces the default set)
/// types = ["price:decimal", "when:date:%d.%m.%Y"]   # column kinds
/// ```
///
/// A program that registers commands of its own (`ProgramCommand`) passes their names when it
/// parses the file (`commandNames`): `[keys]` then rebinds them by name like the table's
/// (`sort-by-cpu = "C"`), and the user's keys win over the program's (`KeyBindings.override`).
public struct ConfigurationFile: Hashable, Sendable {
    /// `color` in `[display]`.
    public enum ColorChoice: String, CaseIterable, Hashable, Sendable {
        case auto, always, never
    }

    /// A `[keys]` entry: `command`'s keys become `keys`.
    public struct KeyOverride: Hashable, Sendable {
        /// The command rebound.
        public var command: TableCommand
        /// Its new keys.
        public var keys: [Key]

        /// `keys` for `command`.
        public init(command: TableCommand, keys: [Key]) {
            self.command = command
            self.keys = keys
        }
    }

    /// A `[keys]` entry naming a program's command (`ProgramCommand`): its keys become `keys`.
    public struct ProgramKeyOverride: Hashable, Sendable {
        /// The program command's name.
        public var name: String
        /// Its new keys.
        public var keys: [Key]

        /// `keys` for the program's command `name`.
        public init(name: String, keys: [Key]) {
            self.name = name
            self.keys = keys
        }
    }

    // MARK: [display] (nil: not set; the caller merges these under its command-line options)

    /// Whether to use colours: auto, always or never.
    public var color: ColorChoice?
    /// Whether the table opens with zebra stripes (`DataTableConfiguration.showsAlternatingRowColors`).
    public var stripes: Bool?
    /// true: wrap every column; false: wrap none unless asked.
    public var wrap: Bool?
    /// `DataTableConfiguration.maxColumnWidth`, 1...1000.
    public var maxColumnWidth: Int?
    /// true: draw with ASCII only (`DataTableConfiguration.prefersASCII`) whatever the locale;
    /// false or nil: as the terminal's locale says.
    public var ascii: Bool?
    /// `DataTableConfiguration.gridLines`: "none", "rule", "columns" or "grid".
    public var grid: DataTableGridLines?

    // MARK: [colors] (nil: the theme's own)

    /// The header's text colour.
    public var headerForeground: Color?
    /// The header's background.
    public var headerBackground: Color?
    /// The cursor row's background.
    public var cursorRowBackground: Color?
    /// Row backgrounds outside the sorted column (empty: no stripes).
    public var stripeBackgrounds: [Color]?
    /// Row backgrounds in the sorted column.
    public var highlightedStripeBackgrounds: [Color]?
    /// The background of search matches.
    public var matchBackground: Color?
    /// The status line's background.
    public var statusBackground: Color?
    /// The status line's text colour.
    public var statusForeground: Color?

    // MARK: [keys], [badge_colors]

    /// In file order.
    public var keyOverrides: [KeyOverride] = []
    /// The entries naming the program's commands, in file order.
    public var programKeyOverrides: [ProgramKeyOverride] = []
    /// Badge colours by lowercased value, to lay over `BadgeCell.defaultColors`.
    public var badgeColors: [String: Color] = [:]

    // MARK: [data]

    /// `null`: the null tokens replacing the default set; nil: not set.
    public var nullTokens: [String]?
    /// `types`: `COL:KIND[:FORMAT]` entries, resolved against each file's columns.
    public var types: [String] = []

    /// A file that sets nothing.
    public init() {}

    /// The settings of `text`; errors name `fileName` and the line. `[keys]` may name the
    /// program's commands, `commandNames` (any other name is an error).
    public init(parsing text: String, fileName: String = "config.toml", commandNames: [String] = []) throws(ConfigurationError) {
        let document = try TOMLDocument(parsing: text, fileName: fileName)
        try self.init(document: document, fileName: fileName, commandNames: commandNames)
    }

    /// The settings of a parsed document; errors name `fileName` and the line. `[keys]` may
    /// name the program's commands, `commandNames`.
    public init(document: TOMLDocument, fileName: String = "config.toml", commandNames: [String] = []) throws(ConfigurationError) {
        let reader = Reader(fileName: fileName, commandNames: commandNames)
        for table in document.tables {
            switch table.name {
            case "":
                if let entry = table.entries.first {
                    throw reader.error(entry.line, "key '\(entry.key)' must be in a section (\(Self.sections.map { "[\($0)]" }.joined(separator: ", ")))")
                }
            case "display": try reader.readDisplay(table, into: &self)
            case "colors": try reader.readColors(table, into: &self)
            case "keys": try reader.readKeys(table, into: &self)
            case "badge_colors": try reader.readBadgeColors(table, into: &self)
            case "data": try reader.readData(table, into: &self)
            default:
                throw reader.error(table.line, "unknown section [\(table.name)]; known sections: \(Self.sections.joined(separator: ", "))")
            }
        }
    }

    /// Where the file is looked for: `$XDG_CONFIG_HOME/dtable/config.toml` when that variable is
    /// an absolute path, else `$HOME/.config/dtable/config.toml`; nil without either.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return Self.joined(base, "dtable/config.toml")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return Self.joined(home, ".config/dtable/config.toml")
        }
        return nil
    }

    private static func joined(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }

    // MARK: Applying

    /// Replaces the keys of each overridden command, in file order, the table's and then the
    /// program's; a key given to a command is taken from any other command (as
    /// `KeyBindings.bind` does), and is the user's: a program command registered later does not
    /// take it (`KeyBindings.override`).
    public func apply(to bindings: inout KeyBindings) {
        for override in keyOverrides { bindings.override(.table(override.command), keys: override.keys) }
        for override in programKeyOverrides { bindings.override(.program(override.name), keys: override.keys) }
    }

    /// Sets the theme's colours the file gives. `status_background` colours the whole status
    /// line (its hints and notices too).
    public func apply(to theme: inout TableTheme) {
        if let headerForeground { theme.header.foreground = headerForeground }
        if let headerBackground { theme.header.background = headerBackground }
        if let cursorRowBackground { theme.cursorRow.background = cursorRowBackground }
        if let matchBackground { theme.match.background = matchBackground }
        if let statusForeground { theme.statusLine.foreground = statusForeground }
        if let statusBackground {
            theme.statusLine.background = statusBackground
            theme.statusHint.background = statusBackground
            theme.statusNotice.background = statusBackground
        }
    }

    /// Applies the key overrides, and with colours (`colorCount` > 0) the theme colours and, with
    /// 16 colours or more, the stripe colours. Call after `adoptColors(_:)`, which resets them.
    /// The `[display]` settings are left to the caller, to merge under its command-line options
    /// (but `grid`, which no option sets).
    public func apply(to configuration: inout DataTableConfiguration, colorCount: Int) {
        apply(to: &configuration.keyBindings)
        if let grid { configuration.gridLines = grid }
        guard colorCount > 0 else { return }
        apply(to: &configuration.theme)
        guard colorCount >= 16 else { return }
        if let stripeBackgrounds { configuration.unhighlightedAlternatingRowColors = stripeBackgrounds }
        if let highlightedStripeBackgrounds { configuration.highlightedAlternatingRowColors = highlightedStripeBackgrounds }
    }

    /// `BadgeCell.defaultColors` (or `base`) with the file's badge colours laid over them.
    public func badgeColors(over base: [String: Color] = BadgeCell.defaultColors) -> [String: Color] {
        base.merging(badgeColors) { _, new in new }
    }

    // MARK: Names

    static let sections = ["display", "colors", "keys", "badge_colors", "data"]
    static let dataKeys = ["null", "types"]
    static let displayKeys = ["color", "stripes", "wrap", "max_column_width", "ascii", "grid"]
    static let colorKeys = [
        "header_foreground", "header_background", "cursor_row_background", "stripe_backgrounds",
        "highlighted_stripe_backgrounds", "match_background", "status_background", "status_foreground",
    ]

    /// The colour names and their palette entries (`grey`/`gray` is bright black, the one grey
    /// a 16-colour terminal has). Matched without regard to case, `_`, `-` and spaces.
    public static let colorNames: [(name: String, color: Color)] = [
        ("default", .default),
        ("black", .palette(0)), ("red", .palette(1)), ("green", .palette(2)), ("yellow", .palette(3)),
        ("blue", .palette(4)), ("magenta", .palette(5)), ("cyan", .palette(6)), ("white", .palette(7)),
        ("bright_black", .palette(8)), ("bright_red", .palette(9)), ("bright_green", .palette(10)),
        ("bright_yellow", .palette(11)), ("bright_blue", .palette(12)), ("bright_magenta", .palette(13)),
        ("bright_cyan", .palette(14)), ("bright_white", .palette(15)),
        ("grey", .palette(8)), ("gray", .palette(8)),
    ]

    /// A colour written as a name, a palette number (`"24"`) or `#rrggbb`; nil if it is none.
    public static func color(named text: String) -> Color? {
        let folded = String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
        if let match = colorNames.first(where: { $0.name.replacingUnderscores() == folded }) { return match.color }
        if !text.isEmpty, text.unicodeScalars.allSatisfy({ $0 >= "0" && $0 <= "9" }), text.count <= 3,
           let n = Int(text), n <= 255 {
            return .palette(UInt8(n))
        }
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 7, scalars[0] == "#", scalars.dropFirst().allSatisfy({ $0.properties.isASCIIHexDigit }) {
            let hex = String(text.dropFirst())
            guard let value = UInt32(hex, radix: 16) else { return nil }
            return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        return nil
    }

    /// A command by its rawValue (`sortAscending`) or in snake_case (`sort_ascending`), without
    /// regard to case.
    public static func command(named text: String) -> TableCommand? {
        let folded = text.replacingUnderscores().lowercased()
        return TableCommand.allCases.first { $0.rawValue.lowercased() == folded }
    }

    /// Every name `Key(displayName:)` accepts besides single characters and `Ctrl-` letters.
    static let keyNamesForMessages = "a single character (x), Ctrl-X, Up, Down, Left, Right, PgUp, PgDn, Home, End, Enter, Esc, Tab, Shift-Tab, Shift-Up, Shift-Down, Backspace, Delete, Insert, Space, F1 to F12"
}

private extension String {
    func replacingUnderscores() -> String { String(unicodeScalars.filter { $0 != "_" }) }
}

extension Key {
    /// The key the help screen names `displayName` (`x`, `Ctrl-X`, `PgUp`, `Shift-Tab`, `F5`...):
    /// the inverse of `displayName`. A single character is itself (case matters); the names are
    /// matched without regard to case, and `PageUp`, `PageDown`, `Return`, `Escape`, `Del`, `Ins`
    /// and `BackTab` are accepted too. Nil for anything else (`Ctrl-` takes a letter only).
    public init?(displayName: String) {
        if displayName.count == 1, let c = displayName.first {
            self = .character(c)
            return
        }
        let name = displayName.lowercased()
        if name.hasPrefix("ctrl-") || name.hasPrefix("ctrl+") {
            let rest = name.dropFirst(5)
            guard rest.count == 1, let c = rest.first, c.isASCII, c.isLetter else { return nil }
            self = .control(c)
            return
        }
        switch name {
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        case "enter", "return": self = .enter
        case "esc", "escape": self = .escape
        case "tab": self = .tab
        case "shift-tab", "shift+tab", "backtab": self = .backTab
        case "backspace": self = .backspace
        case "delete", "del": self = .delete
        case "insert", "ins": self = .insert
        case "space": self = .character(" ")
        case "shift-up", "shift+up": self = .modified(.up, .shift)
        case "shift-down", "shift+down": self = .modified(.down, .shift)
        default:
            guard name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n),
                  !name.dropFirst().hasPrefix("0") else { return nil }
            self = .function(n)
        }
    }
}

/// Turns the tables of a `TOMLDocument` into `ConfigurationFile` settings.
struct Reader {
    let fileName: String
    /// The program's command names `[keys]` accepts besides the table's.
    var commandNames: [String] = []

    func error(_ line: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(fileName: fileName, line: line, message: message)
    }

    func unknownKey(_ entry: TOMLEntry, in section: String, known: [String]) -> ConfigurationError {
        error(entry.line, "unknown key '\(entry.key)' in [\(section)]; known keys: \(known.joined(separator: ", "))")
    }

    func boolean(_ entry: TOMLEntry) throws(ConfigurationError) -> Bool {
        guard case .boolean(let value) = entry.value else {
            throw error(entry.line, "\(entry.key) must be true or false, not \(entry.value.phrase)")
        }
        return value
    }

    func readDisplay(_ table: TOMLTable, into file: inout ConfigurationFile) throws(ConfigurationError) {
        for entry in table.entries {
            switch entry.key {
            case "color":
                let choices = ConfigurationFile.ColorChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                guard case .string(let text) = entry.value, let choice = ConfigurationFile.ColorChoice(rawValue: text) else {
                    throw error(entry.line, "color must be one of \(choices), not \(entry.value.phrase)")
                }
                file.color = choice
            case "stripes": file.stripes = try boolean(entry)
            case "wrap": file.wrap = try boolean(entry)
            case "ascii": file.ascii = try boolean(entry)
            case "grid":
                let grids: [String: DataTableGridLines] = ["none": [], "rule": .headerRule, "columns": .columnSeparators, "grid": .grid]
                guard case .string(let text) = entry.value, let grid = grids[text] else {
                    throw error(entry.line, "grid must be one of \"none\", \"rule\", \"columns\", \"grid\", not \(entry.value.phrase)")
                }
                file.grid = grid
            case "max_column_width":
                guard case .integer(let n) = entry.value, (1...1000).contains(n) else {
                    throw error(entry.line, "max_column_width must be an integer from 1 to 1000, not \(entry.value.phrase)")
                }
                file.maxColumnWidth = n
            default:
                throw unknownKey(entry, in: "display", known: ConfigurationFile.displayKeys)
            }
        }
    }

    /// A colour from a string (name, number or `#rrggbb`) or an integer 0-255.
    func color(_ value: TOMLValue, key: String, line: Int) throws(ConfigurationError) -> Color {
        switch value {
        case .integer(let n):
            if (0...255).contains(n) { return .palette(UInt8(n)) }
        case .string(let text):
            if let color = ConfigurationFile.color(named: text) { return color }
        default:
            break
        }
        throw error(line, "invalid colour \(value.phrase) for \(key); use a name (\(Self.colorNameList)), a palette number 0-255 or \"#rrggbb\"")
    }

    static let colorNameList: String = {
        let names = ConfigurationFile.colorNames.map(\.name).filter { $0 != "gray" }
        return names.joined(separator: ", ")
    }()

    func readColors(_ table: TOMLTable, into file: inout ConfigurationFile) throws(ConfigurationError) {
        for entry in table.entries {
            let key = entry.key
            switch key {
            case "stripe_backgrounds", "highlighted_stripe_backgrounds":
                guard case .array(let elements) = entry.value else {
                    throw error(entry.line, "\(key) must be an array of colours (like [\"default\", 235]), not \(entry.value.phrase)")
                }
                var colors: [Color] = []
                for element in elements { colors.append(try color(element, key: key, line: entry.line)) }
                if key == "stripe_backgrounds" { file.stripeBackgrounds = colors } else { file.highlightedStripeBackgrounds = colors }
            case "header_foreground": file.headerForeground = try color(entry.value, key: key, line: entry.line)
            case "header_background": file.headerBackground = try color(entry.value, key: key, line: entry.line)
            case "cursor_row_background": file.cursorRowBackground = try color(entry.value, key: key, line: entry.line)
            case "match_background": file.matchBackground = try color(entry.value, key: key, line: entry.line)
            case "status_background": file.statusBackground = try color(entry.value, key: key, line: entry.line)
            case "status_foreground": file.statusForeground = try color(entry.value, key: key, line: entry.line)
            default:
                throw unknownKey(entry, in: "colors", known: ConfigurationFile.colorKeys)
            }
        }
    }

    func readKeys(_ table: TOMLTable, into file: inout ConfigurationFile) throws(ConfigurationError) {
        /// The command and line each key of the section went to, to report a key given twice.
        var owners: [Key: (command: String, line: Int)] = [:]
        var seen: [String: Int] = [:]
        for entry in table.entries {
            let target: KeyBindings.Target
            if let command = ConfigurationFile.command(named: entry.key) {
                target = .table(command)
            } else if commandNames.contains(entry.key) {
                target = .program(entry.key)
            } else {
                let names = (TableCommand.allCases.map(\.rawValue) + commandNames).joined(separator: ", ")
                throw error(entry.line, "unknown command '\(entry.key)' in [keys]; commands: \(names)")
            }
            let command: String
            switch target {
            case .table(let builtIn): command = builtIn.rawValue
            case .program(let name): command = name
            }
            if let first = seen[command] {
                throw error(entry.line, "command \(command) is set twice in [keys] (first at line \(first))")
            }
            seen[command] = entry.line
            let names: [TOMLValue]
            switch entry.value {
            case .string: names = [entry.value]
            case .array(let elements): names = elements
            default:
                throw error(entry.line, "\(entry.key) must be a key name or an array of key names, not \(entry.value.phrase)")
            }
            var keys: [Key] = []
            for name in names {
                guard case .string(let text) = name else {
                    throw error(entry.line, "keys of \(entry.key) must be strings, not \(name.phrase)")
                }
                let key = try self.key(text, line: entry.line)
                if let owner = owners[key] {
                    let other = owner.command == command ? "listed twice for \(command)"
                                                         : "given to both \(owner.command) (line \(owner.line)) and \(command)"
                    throw error(entry.line, "key \(key.displayName) is \(other)")
                }
                owners[key] = (command, entry.line)
                keys.append(key)
            }
            switch target {
            case .table(let builtIn): file.keyOverrides.append(.init(command: builtIn, keys: keys))
            case .program(let name): file.programKeyOverrides.append(.init(name: name, keys: keys))
            }
        }
    }

    func key(_ text: String, line: Int) throws(ConfigurationError) -> Key {
        guard let key = Key(displayName: text) else {
            let hint = text.isEmpty ? "an empty key name" : "unknown key '\(text)'"
            throw error(line, "\(hint); use \(ConfigurationFile.keyNamesForMessages)")
        }
        // Terminals send these Ctrl letters as other keys.
        if case .control(let c) = key {
            let same: [Character: Key] = ["h": .backspace, "i": .tab, "j": .enter, "m": .enter]
            if let other = same[c] {
                throw error(line, "\(key.displayName) reaches dtable as \(other.displayName); write \(other.displayName)")
            }
        }
        return key
    }

    func readBadgeColors(_ table: TOMLTable, into file: inout ConfigurationFile) throws(ConfigurationError) {
        var lines: [String: Int] = [:]
        for entry in table.entries {
            let value = entry.key.lowercased()
            if let first = lines[value] {
                throw error(entry.line, "badge value '\(entry.key)' is set twice (first at line \(first); values ignore case)")
            }
            lines[value] = entry.line
            file.badgeColors[value] = try color(entry.value, key: "badge '\(entry.key)'", line: entry.line)
        }
    }
}
