import ArgumentParser
import DataTableCSV
import DataTableApp
import DataTableKit
import Glibc
import NcursesBackend
import TerminalSurface

/// `dtable`: view a CSV file as a table in the terminal, or print it aligned.
struct DTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dtable",
        abstract: "View a CSV file as a table in the terminal.",
        discussion: """
            With no FILE and a terminal on stdin, opens a demo table. With no FILE (or -) and \
            stdin not a terminal, reads the CSV from stdin and takes keys from /dev/tty. When \
            stdout is not a terminal, or with --print, writes the table as aligned text and exits. \
            Press ? in the viewer for the keys.
            """,
        version: "dtable 0.1.0"
    )

    @Argument(help: "The CSV file to open (- for stdin).")
    var file: String?

    @Option(help: "Use colours: auto (only on a terminal that has them, and not when NO_COLOR is set; the default), always or never.")
    var color: ColorChoice?

    @Flag(help: "Write the table as aligned text to stdout and exit (the default when stdout is not a terminal).")
    var print = false

    @Option(help: "Width of printed output in columns (default: $COLUMNS, else 80).")
    var width: Int?

    @Option(name: [.short, .long], help: "Field delimiter, one character or 'tab' (default: an Excel sep= first line, tab for .tsv and .tab files, else guessed from the lines).")
    var delimiter: String?

    @Flag(help: "The first line is data, not column titles.")
    var noHeader = false

    @Option(help: ArgumentHelp(
        "Skip N lines (a title, notes) before the header; after an Excel sep= line, which is always skipped.",
        valueName: "N"))
    var skip: Int?

    @Option(help: "Write statistics (timings, cell reuse, row sizing, bytes written) as JSON to this file on exit.")
    var stats: String?

    @Option(name: .customLong("badge"), help: ArgumentHelp(
        "Show COL as coloured badges; VALUE=COLOUR pairs add to the defaults (ok/active/done green, pending/warn yellow, error/failed red, inactive/unknown grey).",
        valueName: "COL[:VALUE=COLOUR,...]"))
    var badges: [String] = []

    @Option(name: .customLong("progress"), help: ArgumentHelp(
        "Show COL as progress bars: 0-1 or 0-100, or 0-MAX when MAX is given.", valueName: "COL[:MAX]"))
    var progressBars: [String] = []

    @Option(name: .customLong("avatar"), help: ArgumentHelp(
        "Show COL (names) with a coloured chip of their initials.", valueName: "COL"))
    var avatars: [String] = []

    @Option(name: .customLong("subtitle"), help: ArgumentHelp(
        "Show COL on two lines: its value, and DETAIL_COL's value dimmed below it.", valueName: "COL:DETAIL_COL"))
    var subtitles: [String] = []

    @Option(name: .customLong("right-detail"), help: ArgumentHelp(
        "Show DETAIL_COL's value dimmed at the right end of COL's cells.", valueName: "COL:DETAIL_COL"))
    var rightDetails: [String] = []

    @Option(name: .customLong("sparkline"), help: ArgumentHelp(
        "Show COL (numbers separated by spaces, commas or semicolons) as a sparkline.", valueName: "COL"))
    var sparklines: [String] = []

    @Option(name: .customLong("wrap"), help: ArgumentHelp(
        "Wrap long text onto more lines: --wrap for every column, --wrap=COL for one (repeatable); rows grow to fit.",
        valueName: "COL"))
    var wraps: [String] = []

    @Option(name: .customLong("action"), help: ArgumentHelp(
        "Add a button NAME to an Actions column (repeatable). Built in: delete, edit, copy, open. NAME=COMMAND runs COMMAND (no shell; {col} and {1} are the row's values, each one argument; write -- before them where COMMAND takes it, as in 'Del=rm -- {file}'). Other names are printed as JSON on exit.",
        valueName: "NAME[=COMMAND]"))
    var actions: [String] = []

    @Option(name: .customLong("sort"), help: ArgumentHelp(
        "Sort by COL when the table opens, descending with :desc (repeatable: later ones break ties).",
        valueName: "COL[:asc|:desc]"))
    var sorts: [String] = []

    @Option(name: .customLong("filter"), help: ArgumentHelp(
        "Show only the rows where some shown field (see --columns) matches REGEX (PCRE2; ignores case unless REGEX has an upper-case letter); & changes it, Esc clears it.",
        valueName: "REGEX"))
    var filterPattern: String?

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Show only the rows whose COL passes FILTER, written as at the | key: >30, <=2020-01-01, =active, !=x, 10..20, or text to look for (repeatable: each narrows; Esc pops).",
        valueName: "COL:FILTER"))
    var wheres: [String] = []

    @Option(name: .customLong("find"), help: ArgumentHelp(
        "Start on the first shown cell matching REGEX, its matches highlighted (n goes on). Rows are not filtered: --print prints every row (--filter keeps only matching rows).",
        valueName: "REGEX"))
    var findPattern: String?

    @Option(name: .customLong("null"), help: ArgumentHelp(
        "A text that means no value (repeatable): it sorts last and shows dimmed. Replaces the default set: NA, N/A, n/a, NULL, null, None, NaN, nan, #N/A, and - in numeric columns; empty fields are always null (--null '' leaves only them).",
        valueName: "TOKEN"))
    var nullTokens: [String] = []

    @Option(name: .customLong("type"), help: ArgumentHelp(
        "Read and sort COL as KIND: int, decimal, date (FORMAT: a strftime-style pattern such as %d.%m.%Y), bool, text, or auto (inferred); repeatable.",
        valueName: "COL:KIND[:FORMAT]"))
    var types: [String] = []

    @Option(name: .customLong("group-by"), help: ArgumentHelp(
        "Group rows into sections by COL's value (in COL's sort order): a header with the value and the row count, a footer with the sums of the integer and decimal columns. o or Enter on a header collapses a section, O all.",
        valueName: "COL"))
    var groupBy: String?

    @Option(help: "Freeze the first N columns (they stay at the left when scrolling sideways).")
    var freeze: Int?

    @Option(name: .customLong("columns"), help: ArgumentHelp(
        "Show only the columns whose titles match REGEX (smart case), in the viewer (+ shows the others) and with --print.",
        valueName: "REGEX"))
    var columnPattern: String?

    @Flag(inversion: .prefixedNo, help: "Zebra stripes (default: on when the terminal has colours; z toggles).")
    var stripes: Bool?

    @Option(help: "Write the table with its edits and deletions to FILE on quit (atomically).")
    var output: String?

    @Flag(help: "On exit, print the rows marked with m as CSV (with the header) to stdout: the fields' bytes as they are for a pipe or file; shown safe (control characters as placeholders) when stdout is a terminal.")
    var printMarked = false

    @Option(name: .customLong("echo-column"), help: ArgumentHelp(
        "Enter prints COL's value of the cursor's row to stdout and quits (a picker: id=$(dtable --echo-column id f.csv)). The value's bytes as they are for a pipe or file; shown safe (control characters as placeholders) when stdout is a terminal.",
        valueName: "COL"))
    var echoColumn: String?

    @Option(name: .customLong("buffer-limit"), help: ArgumentHelp(
        "Stop reading stdin or a FIFO when its temporary copy and row index reach SIZE (bytes, or with k, M, G or T: binary multiples, e.g. 500M, 4GiB; none for no limit). Default: the smaller of 4 GiB and half the free space in $TMPDIR.",
        valueName: "SIZE"))
    var bufferLimit: String?

    @Flag(help: "Watch the file: when it is rewritten or replaced (a save by rename too), read it again and show what changed, keeping the cursor on its row (R reads it again at any time).")
    var watch = false

    @Flag(help: "Follow a file that grows, like tail -f: rows appended to it are added, and a cursor on the last row stays at the end. Works on stdin too.")
    var follow = false

    @Option(name: .customLong("key"), help: ArgumentHelp(
        "With --watch or R: rows are the same row across versions when COL has the same value (repeatable for a key of several columns; default: rows are matched by their content).",
        valueName: "COL"))
    var keys: [String] = []

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    func validate() throws {
        if let width, width < 1 { throw ValidationError("--width must be at least 1") }
        if let freeze, freeze < 0 { throw ValidationError("--freeze must be 0 or more") }
        if let skip, skip < 0 { throw ValidationError("--skip must be 0 or more") }
        if let bufferLimit, ByteSize.parse(bufferLimit) == nil {
            throw ValidationError("--buffer-limit must be a size such as 500M, 4G or 1048576 (bytes), or none, not '\(bufferLimit)'")
        }
        if let delimiter, parsedDelimiter(delimiter) == nil {
            throw ValidationError("--delimiter must be one ASCII character or 'tab', not \(TerminalText.quoted(delimiter, maxWidth: 20))")
        }
    }

    func parsedDelimiter(_ text: String) -> UInt8? {
        if text.lowercased() == "tab" || text == "\\t" { return UInt8(ascii: "\t") }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 else { return nil }
        // The quote and line ends cannot separate fields.
        guard byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else { return nil }
        return byte
    }

    func run() throws {
        let environment = Environment.current
        let stdinIsTerminal = isatty(0) == 1
        let stdoutIsTerminal = isatty(1) == 1
        // Fail on a --stats or --output path dtable must not write, or a bad config file, now.
        let statsFile = try WrittenPaths.check(stats: stats, output: output, input: file)
        let configFile = try Self.loadConfigurationFile(environment: environment)
        let source = try InputSource.choose(file: file, stdinIsTerminal: stdinIsTerminal)
        try Self.checkLiveOptions(watch: watch, follow: follow, source: source)
        let temporaryDirectory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let limit = bufferLimit.flatMap(ByteSize.parse) ?? BufferLimit.defaultLimit(temporaryDirectory: temporaryDirectory)
        // The command line wins over the config file, which wins over the defaults.
        let colorChoice = color ?? configFile?.color.flatMap { ColorChoice(rawValue: $0.rawValue) } ?? .auto
        var cellKinds = CellKindOptions(badges: badges, progressBars: progressBars, avatars: avatars, subtitles: subtitles,
                                        rightDetails: rightDetails, sparklines: sparklines, wraps: wraps, actions: actions)
        if case .demo = source, cellKinds.isEmpty { cellKinds = DemoTable.cellKinds }
        if cellKinds.wraps.isEmpty, configFile?.wrap == true { cellKinds.wraps = ["*"] }
        cellKinds.extraBadgeColors = configFile?.badgeColors ?? [:]
        // A picker (actions printed on exit, --print-marked) is interactive whatever stdout is.
        let picks = printMarked || echoColumn != nil || cellKinds.actions.contains(where: RowAction.picksRows)
        let printing = print || (!stdoutIsTerminal && !picks)

        let load: @Sendable ((@Sendable (String) -> Void)?) throws -> DataTableDataSource = {
            [delimiter = delimiter.flatMap(parsedDelimiter), hasHeader = !noHeader, skip] waiting in
            try source.load(delimiter: delimiter, hasHeader: hasHeader, skipLines: skip ?? 0,
                            temporaryDirectory: temporaryDirectory, bufferLimit: limit, waiting: waiting)
        }
        // Print mode waits for its input as `cat` would (Ctrl-C ends it); the viewer opens it on a
        // thread of its own and, when that takes a while, says on screen what it waits for.
        let table: DataTableDataSource
        var openedTerminal: CursesTerminal?
        if printing {
            table = try load(nil)
        } else {
            let opening = InputOpening { try load($0) }
            if let result = opening.result(within: InputOpening.patience) {
                table = try result.get()
            } else {
                let terminal = try Self.openTerminal(colorChoice: colorChoice, environment: environment)
                openedTerminal = terminal
                var theme = DataTableConfiguration()
                theme.adoptColors(terminal.capabilities.hasColors ? terminal.capabilities.colorCount : 0)
                switch opening.wait(on: terminal, title: source.displayName, theme: theme.theme) {
                case .opened(let result):
                    table = try result.get()
                case .quit:
                    terminal.shutdown()
                    return
                case .signal(let signal):
                    terminal.shutdown()
                    throw ExitCode(128 + signal)
                }
            }
        }
        let titles = (0..<table.columnCount).map { table.title(ofColumn: $0) }

        var configuration = DataTableConfiguration()
        configuration.title = source.displayName
        configuration.hints = Self.hints
        if let maxWidth = configFile?.maxColumnWidth { configuration.maxColumnWidth = maxWidth }
        // A file can be read again (R, --watch, --follow): the table sees it through a layer
        // that switches to the new version.
        let csvFile = table as? CSVFileDataSource
        let live = csvFile.flatMap { $0.isStream ? nil : LiveDataSource($0) }
        if watch, live == nil { throw DTableError("--watch needs a file: \(source.displayName) is a stream (--follow keeps the cursor at the end as rows arrive)") }
        let keyColumns = try keys.map { try ColumnReference.resolve($0, in: titles, option: "--key") }
        // Edits and deletions live in memory over the file until they are written.
        let editable = EditableDataSource(base: live ?? table)
        let shown = try Self.applying(cellKinds, to: editable, configuration: &configuration)
        let columnSelection = try columnPattern.map { pattern in
            try ColumnSelection.matcher(pattern, titles: (0..<shown.columnCount).map { shown.title(ofColumn: $0) })
        }
        let rowActions = try cellKinds.actions.map { try RowAction.parse($0, titles: titles) }
        let sortOrder = try sorts.map { try Self.sortDescriptor($0, titles: titles) }
        let rows = try rowOptions(titles: titles)
        try KindOptions(nullTokens: nullTokens, types: types, configNullTokens: configFile?.nullTokens,
                        configTypes: configFile?.types ?? []).apply(titles: titles, to: &configuration)
        let grouping = try groupBy.map { DataTableGrouping.column(try ColumnReference.resolve($0, in: titles, option: "--group-by")) }
        if let freeze { configuration.fixedColumns = DataTableFixedColumns(leftColumns: freeze) }
        if let showStripes = stripes ?? configFile?.stripes { configuration.showsAlternatingRowColors = showStripes }

        let echoColumnIndex = try echoColumn.map { try ColumnReference.resolve($0, in: titles, option: "--echo-column") }
        if printing {
            // A reader that went away (`dtable f.csv | head`) ends the output quietly with status 0.
            signal(SIGPIPE, SIG_IGN)
            CSVFileDataSource.installTruncationGuard()
            configuration.adoptColors(colorChoice == .always ? 256 : 0)
            if colorChoice == .always { configFile?.apply(to: &configuration, colorCount: 256) }
            (table as? CSVFileDataSource)?.indexAll()
            // After indexing: a stream that stopped at --buffer-limit says so.
            if let notice = table.notice { reportError("warning: \(notice)") }
            let lineWidth = printWidth(environment: environment, stdoutIsTerminal: stdoutIsTerminal)
            let (view, columnWidths) = Self.printView(of: shown, configuration: configuration,
                                                      capIsSet: configFile?.maxColumnWidth != nil, columns: columnSelection)
            // A printed table has no cursor for --find to move.
            try Self.apply(RowOptions(filter: rows.filter, columnFilters: rows.columnFilters), to: view)
            if let grouping {
                view.setGrouping(grouping)
                view.sort(by: sortOrder)
            } else if !sortOrder.isEmpty { view.sort(by: sortOrder) }
            var out = BufferedStandardOutput()
            // RssAnon sampled at the first line and then at most 4 times a second, for --stats.
            var peakAnonymousKilobytes = 0
            var lastSample: ContinuousClock.Instant?
            // Whole lines in chunks of about 1 MiB, written as they come.
            var printer = TablePrinter(width: lineWidth, colorCount: colorChoice == .always ? 256 : nil)
            printer.columnWidths = columnWidths
            printer.print(view, writeBytes: { chunk in
                out.write(chunk)
                if statsFile != nil, lastSample.map({ ContinuousClock.now - $0 >= .milliseconds(250) }) ?? true {
                    lastSample = .now
                    peakAnonymousKilobytes = max(peakAnonymousKilobytes, ProcessMemory.anonymousKilobytes())
                }
            })
            out.flush()
            guard StatisticsReport(view: view, application: nil, bytesWritten: out.bytesWritten,
                                   peakAnonymousKilobytes: peakAnonymousKilobytes).write(to: statsFile) else { throw ExitCode(2) }
            return
        }

        // The terminal the wait for the input opened, if it did (released on an error above:
        // its deinit restores the screen before the message is printed).
        let terminal = try openedTerminal ?? Self.openTerminal(colorChoice: colorChoice, environment: environment)
        let colorCount = terminal.capabilities.hasColors ? terminal.capabilities.colorCount : 0
        configuration.adoptColors(colorCount)
        if let showStripes = stripes ?? configFile?.stripes { configuration.showsAlternatingRowColors = showStripes }
        configFile?.apply(to: &configuration, colorCount: colorCount)
        configuration.prefersASCII = !terminal.capabilities.isUnicode || configFile?.ascii == true
        let view = DataTableView(dataSource: shown, configuration: configuration, size: terminal.size)
        if let columnSelection { view.showColumns(matching: columnSelection) }
        do {
            try Self.apply(rows, to: view)
        } catch {
            terminal.shutdown()
            throw error
        }
        if let grouping {
            // Grouped in the background like a sort (Esc cancels); the cursor starts on the first row.
            view.setGrouping(grouping)
            view.sortOnOpen(by: sortOrder)
        } else if !sortOrder.isEmpty { view.sortOnOpen(by: sortOrder) }
        let session = ViewerSession(view: view, editable: editable, file: table as? CSVFileDataSource,
                                    actions: rowActions, outputPath: output)
        session.printMarkedRows = printMarked
        session.echoColumn = echoColumnIndex
        session.liveFile = LiveFileState(live: live, watches: watch, follows: follow, keyColumns: keyColumns)
        view.followsAppendedRows = follow
        live?.hidesSourceNotice = watch || follow
        // After the terminal's own handlers, so a SIGBUS that is not ours still restores it.
        CSVFileDataSource.installTruncationGuard()
        let application = TableApplication(view: view, backend: terminal, startInstant: processStart)
        session.attach(to: application)
        var peakAnonymousKilobytes = 0
        var lastSample = ContinuousClock.now
        application.run(until: {
            // Sampled at most 4 times a second, not after every key (it reads /proc).
            if ContinuousClock.now - lastSample >= .milliseconds(250) {
                lastSample = .now
                peakAnonymousKilobytes = max(peakAnonymousKilobytes, ProcessMemory.anonymousKilobytes())
            }
            return terminal.terminationSignal != 0 || session.quitRequested
        },
                        afterFirstFrame: { (table as? CSVFileDataSource)?.startIndexing() })
        let signal = terminal.terminationSignal
        session.dispatcher.cancelAll()
        session.finishWriting()
        terminal.shutdown()
        let statsWritten = StatisticsReport(view: view, application: application, bytesWritten: terminal.bytesWritten,
                                            peakAnonymousKilobytes: peakAnonymousKilobytes).write(to: statsFile)
        if signal != 0 { throw ExitCode(128 + signal) }
        session.finish()
        if !statsWritten { throw ExitCode(2) }
    }
}

extension DTableCommand {
    /// Opens the terminal full screen for the viewer.
    /// How dtable's users turn on what a table finds missing: the options, named only here.
    static let hints = DataTableHints(
        groupingRows: "dtable --group-by COL groups rows", addingActions: "add buttons with --action NAME",
        skippingLines: { "--skip \($0)" }, changingBufferLimit: "--buffer-limit")

    static func openTerminal(colorChoice: ColorChoice, environment: [String: String]) throws -> CursesTerminal {
        do {
            return try CursesTerminal(colorMode: CursesTerminal.ColorMode(rawValue: colorChoice.rawValue) ?? .auto,
                                      environment: environment)
        } catch {
            throw DTableError(error.description + "; or use --print")
        }
    }

    /// Sets up the cell kinds of the command line: their provider, automatic row heights when
    /// cells can be taller than a line, and the Actions column. Returns the data source to show
    /// (`table`, or `table` with the Actions column appended).
    /// The config file at `$XDG_CONFIG_HOME/dtable/config.toml` (else ~/.config/…), if there is one.
    static func loadConfigurationFile(environment: [String: String]) throws -> ConfigurationFile? {
        guard let path = ConfigurationFile.defaultPath(environment: environment) else { return nil }
        do {
            return try ConfigurationFile.load(contentsOfFile: path)
        } catch {
            throw DTableError(error.description)
        }
    }

    /// `--watch` reads a file again: stdin and the demo cannot be (a pipe already streams;
    /// `--follow` works there).
    static func checkLiveOptions(watch: Bool, follow: Bool, source: InputSource) throws {
        switch source {
        case .file: break
        case .standardInput:
            if watch { throw DTableError("--watch needs a file: stdin is a stream (--follow keeps the cursor at the end as rows arrive)") }
        case .demo:
            if watch || follow { throw DTableError("--\(watch ? "watch" : "follow") needs a file or stdin, not the demo table") }
        }
    }

    /// `COL`, `COL:asc` or `COL:desc` as a sort key.
    static func sortDescriptor(_ spec: String, titles: [String]) throws -> SortDescriptor {
        // A column title may itself contain ':'; only a known direction after the last ':' is split off.
        var name = spec
        var direction: String?
        if let colon = spec.lastIndex(of: ":"),
           ["asc", "desc", "ascending", "descending"].contains(spec[spec.index(after: colon)...].lowercased()) {
            name = String(spec[..<colon])
            direction = String(spec[spec.index(after: colon)...])
        }
        let column = try ColumnReference.resolve(name, in: titles, option: "--sort")
        return SortDescriptor(column: column, ascending: !(direction?.lowercased().hasPrefix("desc") ?? false))
    }

    static func applying(_ options: CellKindOptions, to table: DataTableDataSource,
                         configuration: inout DataTableConfiguration) throws -> DataTableDataSource {
        guard !options.isEmpty else { return table }
        let titles = (0..<table.columnCount).map { table.title(ofColumn: $0) }
        let kinds = try options.resolve(titles: titles)
        var shown = table
        var actionsColumn: Int?
        if !kinds.actionNames.isEmpty {
            shown = AppendingColumnsDataSource(base: table, appendedTitles: [CellKindOptions.actionsColumnTitle])
            actionsColumn = table.columnCount
        }
        if kinds.needsAutomaticRowHeights {
            configuration.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 32)
        }
        // Wrapping every column is the table's text layout (it applies to the text cells of any
        // provider, and `w` toggles it); kinds, buttons and single wrapped columns need a provider.
        if kinds.wrapsEveryColumn { configuration.textLayout = .wrap }
        if !kinds.kinds.isEmpty || actionsColumn != nil || !kinds.wrappedColumns.isEmpty {
            configuration.cellSizingMode = .custom(provider: kinds.makeProvider(actionsColumn: actionsColumn))
        }
        return shown
    }

    /// Width for print mode: --width, else $COLUMNS, else the terminal's width when stdout is one, else 80.
    func printWidth(environment: [String: String], stdoutIsTerminal: Bool) -> Int {
        if let width { return width }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        if stdoutIsTerminal {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return 80
    }
}

/// An error that dtable reports as one line on stderr, exiting with status 2.
struct DTableError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The process environment as a dictionary (read once).
enum Environment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") {
                result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
