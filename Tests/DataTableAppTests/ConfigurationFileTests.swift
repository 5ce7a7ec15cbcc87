import Glibc
import Testing
import TerminalSurface
import DataTableKit
@testable import DataTableApp

/// The error `text` gives as one line, or nil when it is a valid configuration.
private func configError(_ text: String) -> String? {
    do {
        _ = try ConfigurationFile(parsing: text)
        return nil
    } catch {
        return error.description
    }
}

/// The example of `ConfigurationFile`'s documentation comment (keep the two the same).
private let exampleConfiguration = """
    # ~/.config/dtable/config.toml

    [display]
    color = "auto"            # auto, always or never
    stripes = true            # zebra stripes when the table opens (z toggles them)
    wrap = false              # wrap long text in every column
    max_column_width = 40     # 1 to 1000: the widest a column sized from its content gets
    ascii = false             # draw with ASCII only, even on a UTF-8 terminal
    grid = "none"             # none, rule (under the header), columns (separators) or grid (both)

    [colors]
    # A name (default, black, red, green, yellow, blue, magenta, cyan, white, grey,
    # bright_black, bright_red, ... bright_white), a palette number 0-255, or "#rrggbb".
    header_foreground = "bright_white"
    header_background = 24
    cursor_row_background = 239
    stripe_backgrounds = ["default", 235]
    highlighted_stripe_backgrounds = [236, 237]
    match_background = "#ffd700"
    status_background = 250
    status_foreground = "black"

    [keys]
    # command = "key" or ["key", ...]: replaces the command's keys (and takes them from other
    # commands). Commands as in the help screen, camelCase or snake_case; keys as the help
    # screen names them: x, Ctrl-X, Up, Down, Left, Right, PgUp, PgDn, Home, End, Enter,
    # Esc, Tab, Shift-Tab, Backspace, Delete, Insert, Space, F1 ... F12.
    quit = ["q", "Ctrl-C", "Esc"]
    sort_ascending = "s"
    cycleSort = "S"
    help = ["?", "F1"]

    [badge_colors]
    # Badge value = colour, added to (or replacing) the default badge colours.
    shipped = "green"
    blocked = "#ff0000"
    "on hold" = 178

    [data]
    null = ["NA", "-"]        # texts that mean no value (replaces the default set)
    types = ["price:decimal", "when:date:%d.%m.%Y"]   # column kinds
    """

private func keys(of command: TableCommand, in bindings: KeyBindings) -> [Key] {
    bindings.bindings.first { $0.command == command }?.keys ?? []
}

@Suite struct ConfigurationFileTests {
    // MARK: The example

    @Test func theExampleFileParses() throws {
        let file = try ConfigurationFile(parsing: exampleConfiguration)
        #expect(file.color == .auto)
        #expect(file.stripes == true)
        #expect(file.wrap == false)
        #expect(file.maxColumnWidth == 40)
        #expect(file.ascii == false)
        #expect(file.grid == [])
        #expect(file.headerForeground == .palette(15))
        #expect(file.headerBackground == .palette(24))
        #expect(file.cursorRowBackground == .palette(239))
        #expect(file.stripeBackgrounds == [.default, .palette(235)])
        #expect(file.highlightedStripeBackgrounds == [.palette(236), .palette(237)])
        #expect(file.matchBackground == .rgb(0xFF, 0xD7, 0x00))
        #expect(file.statusBackground == .palette(250))
        #expect(file.statusForeground == .palette(0))
        #expect(file.keyOverrides == [
            .init(command: .quit, keys: [.character("q"), .control("c"), .escape]),
            .init(command: .sortAscending, keys: [.character("s")]),
            .init(command: .cycleSort, keys: [.character("S")]),
            .init(command: .help, keys: [.character("?"), .function(1)]),
        ])
        #expect(file.badgeColors == ["shipped": .palette(2), "blocked": .rgb(255, 0, 0), "on hold": .palette(178)])
        #expect(file.nullTokens == ["NA", "-"])
        #expect(file.types == ["price:decimal", "when:date:%d.%m.%Y"])
    }

    @Test func dataSectionErrors() {
        #expect(configError("[data]\nnull = 3") == "config.toml:2: null must be an array of strings (like [\"NA\", \"-\"]), not the integer 3")
        #expect(configError("[data]\ntypes = [\"price:money\"]")
                == "config.toml:2: types: 'price:money' names no kind; write COL:KIND[:FORMAT] with KIND one of int, decimal, date, bool, text, auto")
        #expect(configError("[data]\nnulls = []") == "config.toml:2: unknown key 'nulls' in [data]; known keys: null, types")
    }

    @Test func theExampleIsTheOneInTheDocumentation() throws {
        // The doc comment of ConfigurationFile carries the same text, each line after `/// `.
        let source = try #require(readSource("Sources/DataTableApp/Configuration/ConfigurationFile.swift"))
        let documented = exampleConfiguration.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "///" : "/// " + $0 }.joined(separator: "\n")
        #expect(source.contains("/// ```toml\n" + documented + "\n/// ```\n"))
    }

    @Test func anEmptyFileSetsNothing() throws {
        let file = try ConfigurationFile(parsing: "# nothing yet\n\n[display]\n[keys]\n")
        #expect(file == ConfigurationFile())
        var bindings = KeyBindings.standard
        file.apply(to: &bindings)
        #expect(bindings.bindings.map(\.keys) == KeyBindings.standard.bindings.map(\.keys))
        var theme = TableTheme.colored
        file.apply(to: &theme)
        #expect(theme == .colored)
    }

    // MARK: Sections and keys

    @Test func unknownSectionsAndKeysListTheKnownOnes() {
        #expect(configError("[display]\nstrpes = true")
                == "config.toml:2: unknown key 'strpes' in [display]; known keys: color, stripes, wrap, max_column_width, ascii, grid")
        #expect(configError("\n\n[colours]\n")
                == "config.toml:3: unknown section [colours]; known sections: display, colors, keys, badge_colors, data")
        #expect(configError("[colors]\nheader = 'red'")
                == "config.toml:2: unknown key 'header' in [colors]; known keys: header_foreground, header_background, cursor_row_background, stripe_backgrounds, highlighted_stripe_backgrounds, match_background, status_background, status_foreground")
        #expect(configError("stripes = true")
                == "config.toml:1: key 'stripes' must be in a section ([display], [colors], [keys], [badge_colors], [data])")
        let unknownCommand = configError("[keys]\nsort_up = 'x'")
        #expect(unknownCommand?.hasPrefix("config.toml:2: unknown command 'sort_up' in [keys]; commands: moveUp, moveDown, ") == true)
        #expect(unknownCommand?.hasSuffix(", help, quit") == true)
    }

    @Test(arguments: [
        ("[display]\ncolor = \"sometimes\"", "config.toml:2: color must be one of \"auto\", \"always\", \"never\", not the string \"sometimes\""),
        ("[display]\ncolor = true", "config.toml:2: color must be one of \"auto\", \"always\", \"never\", not true"),
        ("[display]\nstripes = \"yes\"", "config.toml:2: stripes must be true or false, not the string \"yes\""),
        ("[display]\nwrap = 1", "config.toml:2: wrap must be true or false, not the integer 1"),
        ("[display]\nascii = []", "config.toml:2: ascii must be true or false, not an array"),
        ("[display]\nmax_column_width = 0", "config.toml:2: max_column_width must be an integer from 1 to 1000, not the integer 0"),
        ("[display]\nmax_column_width = 1001", "config.toml:2: max_column_width must be an integer from 1 to 1000, not the integer 1001"),
        ("[display]\nmax_column_width = '40'", "config.toml:2: max_column_width must be an integer from 1 to 1000, not the string \"40\""),
        ("[colors]\nheader_background = 256", "config.toml:2: invalid colour the integer 256 for header_background; use a name (default, black, red, green, yellow, blue, magenta, cyan, white, bright_black, bright_red, bright_green, bright_yellow, bright_blue, bright_magenta, bright_cyan, bright_white, grey), a palette number 0-255 or \"#rrggbb\""),
        ("[colors]\nstripe_backgrounds = 235", "config.toml:2: stripe_backgrounds must be an array of colours (like [\"default\", 235]), not the integer 235"),
        ("[keys]\nquit = 1", "config.toml:2: quit must be a key name or an array of key names, not the integer 1"),
        ("[keys]\nquit = ['q', 1]", "config.toml:2: keys of quit must be strings, not the integer 1"),
        ("[keys]\nquit = 'Ctrl-M'", "config.toml:2: Ctrl-M reaches dtable as Enter; write Enter"),
        ("[keys]\nquit = 'ctrl-i'", "config.toml:2: Ctrl-I reaches dtable as Tab; write Tab"),
        ("[keys]\nquit = 'Ctrl-H'", "config.toml:2: Ctrl-H reaches dtable as Backspace; write Backspace"),
        ("[keys]\nquit = ['q', 'q']", "config.toml:2: key q is listed twice for quit"),
        ("[keys]\nquit = 'q'\n\nhelp = ['?', 'q']", "config.toml:4: key q is given to both quit (line 2) and help"),
        ("[keys]\nsortAscending = 's'\nsort_ascending = 'S'", "config.toml:3: command sortAscending is set twice in [keys] (first at line 2)"),
        ("[badge_colors]\nDone = 'green'\ndone = 'red'", "config.toml:3: badge value 'done' is set twice (first at line 2; values ignore case)"),
        ("[badge_colors]\nok = 'chartreuse'", "config.toml:2: invalid colour the string \"chartreuse\" for badge 'ok'; use a name (default, black, red, green, yellow, blue, magenta, cyan, white, bright_black, bright_red, bright_green, bright_yellow, bright_blue, bright_magenta, bright_cyan, bright_white, grey), a palette number 0-255 or \"#rrggbb\""),
    ])
    func wrongTypesAndValues(text: String, message: String) {
        #expect(configError(text) == message)
    }

    @Test func unknownKeyNamesListTheValidOnes() {
        let names = "a single character (x), Ctrl-X, Up, Down, Left, Right, PgUp, PgDn, Home, End, Enter, Esc, Tab, Shift-Tab, Shift-Up, Shift-Down, Backspace, Delete, Insert, Space, F1 to F12"
        #expect(configError("[keys]\n\nquit = 'Ctrl-Q'\nhelp = 'PageTop'") == "config.toml:4: unknown key 'PageTop'; use " + names)
        #expect(configError("[keys]\nhelp = 'F13'") == "config.toml:2: unknown key 'F13'; use " + names)
        #expect(configError("[keys]\nhelp = 'Ctrl-1'") == "config.toml:2: unknown key 'Ctrl-1'; use " + names)
        #expect(configError("[keys]\nhelp = ''") == "config.toml:2: an empty key name; use " + names)
    }

    @Test func errorsShowEscapesInValuesKeysAndTheFileNameAsPlaceholders() {
        #expect(configError("[display]\ncolor = \"\\u001b]0;OWNED\\u0007\"")
                == "config.toml:2: color must be one of \"auto\", \"always\", \"never\", not the string \"␛]0;OWNED␇\"")
        #expect(configError("[display]\n\"a\\u001b[2Jb\" = 1")
                == "config.toml:2: unknown key 'a␛[2Jb' in [display]; known keys: color, stripes, wrap, max_column_width, ascii, grid")
        // TOMLKit's wording; the escape never comes through raw.
        let trailing = configError("[display]\nstripes = true \u{1B}[2J")
        #expect(trailing?.hasPrefix("config.toml:2: ") == true, "\(trailing ?? "")")
        #expect(trailing?.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } == false)
        #expect(configError("[keys]\nquit = '\u{9B}1m'")?.hasPrefix("config.toml:2: unknown key '\u{FFFD}1m'; use ") == true)
        let named = ConfigurationError(fileName: "/tmp/\u{1B}]0;x\u{07}/config.toml", line: 3, message: "bad \u{1B}[2J")
        #expect(named.description == "/tmp/␛]0;x␇/config.toml:3: bad ␛[2J")
        // A long string value is cut in the middle.
        let long = configError("[display]\ncolor = \"" + String(repeating: "x", count: 100_000) + "\"")
        #expect((long?.utf8.count ?? 0) < 200, "\(long ?? "")")
    }

    @Test func syntaxErrorsComeThrough() {
        #expect(configError("[display]\nstripes true")?.hasPrefix("config.toml:2: ") == true)  // TOMLKit's words
        #expect(configError("[display]\nstripes = 1.5") == "config.toml:2: stripes must be true or false, not the float 1.5")
    }

    // MARK: Colours

    @Test func colourNamesNumbersAndHex() {
        #expect(ConfigurationFile.color(named: "default") == .default)
        #expect(ConfigurationFile.color(named: "black") == .palette(0))
        #expect(ConfigurationFile.color(named: "Red") == .palette(1))
        #expect(ConfigurationFile.color(named: "white") == .palette(7))
        #expect(ConfigurationFile.color(named: "bright_black") == .palette(8))
        #expect(ConfigurationFile.color(named: "grey") == .palette(8))
        #expect(ConfigurationFile.color(named: "GRAY") == .palette(8))
        #expect(ConfigurationFile.color(named: "bright-red") == .palette(9))
        #expect(ConfigurationFile.color(named: "brightBlue") == .palette(12))
        #expect(ConfigurationFile.color(named: "bright_white") == .palette(15))
        #expect(ConfigurationFile.color(named: "0") == .palette(0))
        #expect(ConfigurationFile.color(named: "255") == .palette(255))
        #expect(ConfigurationFile.color(named: "256") == nil)
        #expect(ConfigurationFile.color(named: "-1") == nil)
        #expect(ConfigurationFile.color(named: "#1a2B3c") == .rgb(0x1A, 0x2B, 0x3C))
        #expect(ConfigurationFile.color(named: "#fff") == nil)
        #expect(ConfigurationFile.color(named: "#gggggg") == nil)
        #expect(ConfigurationFile.color(named: "purple") == nil)
        #expect(ConfigurationFile.color(named: "") == nil)
        for (name, color) in ConfigurationFile.colorNames { #expect(ConfigurationFile.color(named: name) == color) }
    }

    @Test func coloursApplyToTheTheme() throws {
        let file = try ConfigurationFile(parsing: """
            [colors]
            header_foreground = "yellow"
            header_background = "#000080"
            cursor_row_background = "17"
            match_background = 'magenta'
            status_background = "blue"
            status_foreground = 15
            """)
        var theme = TableTheme.colored
        file.apply(to: &theme)
        #expect(theme.header == Style(foreground: .palette(3), background: .rgb(0, 0, 0x80), attributes: .bold))
        #expect(theme.cursorRow == Style(background: .palette(17)))
        #expect(theme.match == Style(foreground: .palette(0), background: .palette(5)))
        #expect(theme.statusLine == Style(foreground: .palette(15), background: .palette(4)))
        #expect(theme.statusHint.background == .palette(4))
        #expect(theme.statusNotice.background == .palette(4))
        // Untouched styles stay.
        #expect(theme.body == TableTheme.colored.body)
        #expect(theme.cursorCell == TableTheme.colored.cursorCell)
        #expect(theme.helpKey == TableTheme.colored.helpKey)
    }

    @Test func configurationGetsColoursOnlyWhenTheTerminalHasThem() throws {
        let file = try ConfigurationFile(parsing: exampleConfiguration)
        var colored = DataTableConfiguration()
        colored.adoptColors(256)
        file.apply(to: &colored, colorCount: 256)
        #expect(colored.theme.header.background == .palette(24))
        #expect(colored.theme.match.background == .rgb(0xFF, 0xD7, 0x00))
        #expect(colored.unhighlightedAlternatingRowColors == [.default, .palette(235)])
        #expect(colored.highlightedAlternatingRowColors == [.palette(236), .palette(237)])
        #expect(colored.keyBindings.command(for: .escape) == .quit)

        var eight = DataTableConfiguration()
        eight.adoptColors(8)
        file.apply(to: &eight, colorCount: 8)
        #expect(eight.theme.header.background == .palette(24))
        #expect(eight.unhighlightedAlternatingRowColors.isEmpty)

        var monochrome = DataTableConfiguration()
        monochrome.adoptColors(0)
        file.apply(to: &monochrome, colorCount: 0)
        #expect(monochrome.theme == .monochrome)
        #expect(monochrome.unhighlightedAlternatingRowColors.isEmpty)
        #expect(monochrome.keyBindings.command(for: .escape) == .quit)
    }

    @Test func badgeColoursLayOverTheDefaults() throws {
        let file = try ConfigurationFile(parsing: "[badge_colors]\nDone = 'blue'\nshipped = 2\n")
        #expect(file.badgeColors == ["done": .palette(4), "shipped": .palette(2)])
        let merged = file.badgeColors()
        #expect(merged["done"] == .palette(4))
        #expect(merged["shipped"] == .palette(2))
        #expect(merged["pending"] == BadgeCell.defaultColors["pending"])
        #expect(merged.count == BadgeCell.defaultColors.count + 1)
    }

    // MARK: Keys

    @Test func keyNamesRoundTripThroughDisplayName() {
        var keys: [Key] = [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
            .tab, .backTab, .delete, .insert, .character(" "), .character("x"), .character("G"),
            .character("["), .character("é"), .character("#"), .character("'"), .character("-"),
        ]
        keys += (1...12).map { Key.function($0) }
        keys += "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
        keys += KeyBindings.standard.bindings.flatMap(\.keys)
        for key in keys {
            #expect(Key(displayName: key.displayName) == key, "\(key.displayName)")
        }
    }

    @Test func keyNamesIgnoreCaseAndAcceptAliases() {
        #expect(Key(displayName: "ctrl-x") == .control("x"))
        #expect(Key(displayName: "CTRL-X") == .control("x"))
        #expect(Key(displayName: "Ctrl+x") == .control("x"))
        #expect(Key(displayName: "pgup") == .pageUp)
        #expect(Key(displayName: "PageDown") == .pageDown)
        #expect(Key(displayName: "ESCAPE") == .escape)
        #expect(Key(displayName: "return") == .enter)
        #expect(Key(displayName: "shift-TAB") == .backTab)
        #expect(Key(displayName: "del") == .delete)
        #expect(Key(displayName: "space") == .character(" "))
        #expect(Key(displayName: " ") == .character(" "))
        #expect(Key(displayName: "f5") == .function(5))
        // A single letter keeps its case; names are not characters.
        #expect(Key(displayName: "q") == .character("q"))
        #expect(Key(displayName: "Q") == .character("Q"))
        #expect(Key(displayName: "F") == .character("F"))
        for bad in ["", "F0", "F13", "F01", "Ctrl-", "Ctrl-ab", "Ctrl-1", "Alt-x", "qq", "Shift-x"] {
            #expect(Key(displayName: bad) == nil, "\(bad)")
        }
    }

    @Test func commandNamesInCamelOrSnakeCase() {
        #expect(ConfigurationFile.command(named: "sortAscending") == .sortAscending)
        #expect(ConfigurationFile.command(named: "sort_ascending") == .sortAscending)
        #expect(ConfigurationFile.command(named: "go_to_row") == .goToRow)
        #expect(ConfigurationFile.command(named: "QUIT") == .quit)
        #expect(ConfigurationFile.command(named: "sort-ascending") == nil)
        for command in TableCommand.allCases {
            #expect(ConfigurationFile.command(named: command.rawValue) == command)
        }
    }

    @Test func anOverrideReplacesTheCommandsKeysAndTakesThemFromOthers() throws {
        // `s` moves from cycleSort to sortAscending; `[` is no longer sortAscending's.
        let file = try ConfigurationFile(parsing: "[keys]\nsort_ascending = \"s\"\n")
        var bindings = KeyBindings.standard
        file.apply(to: &bindings)
        #expect(keys(of: .sortAscending, in: bindings) == [.character("s")])
        #expect(keys(of: .cycleSort, in: bindings) == [])
        #expect(bindings.command(for: .character("s")) == .sortAscending)
        #expect(bindings.command(for: .character("[")) == nil)
        // Other commands keep their keys and their order.
        #expect(bindings.bindings.map(\.command) == KeyBindings.standard.bindings.map(\.command))
        #expect(keys(of: .quit, in: bindings) == [.character("q"), .control("c")])
    }

    @Test func overridesApplyInFileOrder() throws {
        let file = try ConfigurationFile(parsing: """
            [keys]
            quit = ["Esc", "Q"]
            moveDown = ["Down", "Ctrl-N", "q"]
            moveUp = []
            """)
        var bindings = KeyBindings.standard
        file.apply(to: &bindings)
        #expect(keys(of: .quit, in: bindings) == [.escape, .character("Q")])
        #expect(keys(of: .moveDown, in: bindings) == [.down, .control("n"), .character("q")])
        #expect(keys(of: .moveUp, in: bindings) == [])
        #expect(bindings.command(for: .character("q")) == .moveDown)
        #expect(bindings.command(for: .control("c")) == nil)
        #expect(bindings.command(for: .up) == nil)
        #expect(bindings.command(for: .character("k")) == nil)
    }

    // MARK: The file on disk

    @Test func defaultPathFollowsXDG() {
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/me"])
                == "/x/cfg/dtable/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/home/me"])
                == "/x/cfg/dtable/config.toml")
        // Empty or relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/me"])
                == "/home/me/.config/dtable/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"])
                == "/home/me/.config/dtable/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/me"]) == "/home/me/.config/dtable/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: [:]) == nil)
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": ""]) == nil)
    }

    @Test func loadingAFile() throws {
        var template = Array("/tmp/dtable-config-XXXXXX".utf8CString)
        let directory = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { rmdir(directory) }
        let path = directory + "/config.toml"
        #expect(try ConfigurationFile.load(contentsOfFile: path) == nil)
        #expect(try ConfigurationFile.load(contentsOfFile: directory + "/missing/config.toml") == nil)

        try write("[display]\nstripes = false\n", to: path)
        defer { unlink(path) }
        #expect(try ConfigurationFile.load(contentsOfFile: path)?.stripes == false)

        try write("[display]\nstripes = nope\n", to: path)
        do {
            _ = try ConfigurationFile.load(contentsOfFile: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.fileName == path && error.line == 2)  // TOMLKit's words, our line
        }

        try write("a = \"\u{FF}\"", to: path, bytes: [0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22])
        #expect(throws: ConfigurationError(fileName: path, line: nil, message: "not UTF-8 text")) {
            try ConfigurationFile.load(contentsOfFile: path)
        }
        #expect(ConfigurationError(fileName: path, line: nil, message: "not UTF-8 text").description == path + ": not UTF-8 text")

        #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(contentsOfFile: directory) }
    }
}

private struct WriteFailed: Error {}

private func write(_ text: String, to path: String, bytes: [UInt8]? = nil) throws {
    let data = bytes ?? Array(text.utf8)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw WriteFailed() }
    defer { close(fd) }
    guard data.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == data.count else { throw WriteFailed() }
}

/// The text of a file of the package, found from this test file's path.
private func readSource(_ relativePath: String) -> String? {
    var root = #filePath
    for _ in 0..<3 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
    let fd = open(root + "/" + relativePath, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
