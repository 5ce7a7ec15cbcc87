import DataTableApp
import DataTableKit
import Glibc

extension DTableCommand {
    /// What both modes know before the input opens: the environment, the config file, the
    /// input and how to load it, the colours and cell kinds asked for, and which mode runs.
    struct Launch {
        var environment: [String: String]
        var stdoutIsTerminal: Bool
        /// `--stats`, checked: written on exit.
        var statsFile: StatisticsDestination?
        var configFile: ConfigurationFile?
        /// The input shown first (`sources[0]`); `forInput(_:)` gives the launch of another.
        var source: InputSource
        /// Every FILE given, in order (one entry for stdin or the demo).
        var sources: [InputSource]
        /// `--color`, else the config file's, else auto.
        var colorChoice: ColorChoice
        /// The cell-kind options (the demo's when it is shown without any), with the config
        /// file's `wrap` and badge colours.
        var cellKinds: CellKindOptions
        /// Print mode: `--print`, or stdout not a terminal and no picker asked for.
        var printing: Bool
        /// Opens the input, blocking until it has a header; `waiting` hears what it waits for.
        var load: @Sendable ((@Sendable (String) -> Void)?) throws -> DataTableDataSource
        /// Opens `sources[i]` as `load` opens the first.
        var loadInput: @Sendable (_ source: InputSource, _ waiting: (@Sendable (String) -> Void)?) throws -> DataTableDataSource

        /// The same launch for `sources[index]` (its `source` and `load`).
        func forInput(_ index: Int) -> Launch {
            var launch = self
            let source = sources[index]
            launch.source = source
            launch.sources = [source]
            launch.load = { [loadInput] in try loadInput(source, $0) }
            return launch
        }
        /// What `--view` left out of its file (`launchWithView`).
        var viewDropped: [String] = []
    }

    /// Reads what both modes need before the input opens, and fails now on a `--stats` or
    /// `--output` path dtable must not write, a bad config file, or `--watch`/`--follow` on an
    /// input that cannot be watched.
    func launch() throws -> Launch {
        let environment = Environment.current
        let stdinIsTerminal = isatty(0) == 1
        let stdoutIsTerminal = isatty(1) == 1
        let statsFile = try WrittenPaths.check(stats: stats, output: output, input: file)
        // --stats naming any of several inputs (--output with several is refused below).
        for other in files.dropFirst() { _ = try WrittenPaths.check(stats: stats, output: nil, input: other) }
        let configFile = try Self.loadConfigurationFile(environment: environment)
        let sources = try InputSource.choose(files: files, stdinIsTerminal: stdinIsTerminal)
        let source = sources[0]
        for source in sources { try Self.checkLiveOptions(watch: watch, follow: follow, source: source) }
        if sources.count > 1, output != nil {
            throw DTableError("--output names one file to write on quit: with \(sources.count) files open, :w writes each one")
        }
        let temporaryDirectory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let limit = bufferLimit?.bytes ?? BufferLimit.defaultLimit(temporaryDirectory: temporaryDirectory)
        // The command line wins over the config file, which wins over the defaults.
        let colorChoice = color ?? configFile?.color.flatMap { ColorChoice(rawValue: $0.rawValue) } ?? .auto
        var cellKinds = CellKindOptions(badges: badges, progressBars: progressBars, avatars: avatars, subtitles: subtitles,
                                        rightDetails: rightDetails, sparklines: sparklines, wraps: wraps, actions: actions)
        if case .demo = source, cellKinds.isEmpty { cellKinds = DemoTable.cellKinds }
        if cellKinds.wraps.isEmpty, configFile?.wrap == true { cellKinds.wraps = [.everyColumn] }
        cellKinds.extraBadgeColors = configFile?.badgeColors ?? [:]
        // A picker (actions printed on exit, --print-marked) is interactive whatever stdout is.
        let picks = printMarked || echoColumn != nil || cellKinds.actions.contains(where: \.picksRows)
        let loadInput: @Sendable (InputSource, (@Sendable (String) -> Void)?) throws -> DataTableDataSource = {
            [delimiter = delimiter?.byte, hasHeader = !noHeader, skip] source, waiting in
            try source.load(delimiter: delimiter, hasHeader: hasHeader, skipLines: skip ?? 0,
                            temporaryDirectory: temporaryDirectory, bufferLimit: limit, waiting: waiting)
        }
        return Launch(environment: environment, stdoutIsTerminal: stdoutIsTerminal, statsFile: statsFile,
                      configFile: configFile, source: source, sources: sources, colorChoice: colorChoice, cellKinds: cellKinds,
                      printing: print || format != nil || (!stdoutIsTerminal && !picks), load: { try loadInput(source, $0) },
                      loadInput: loadInput)
    }

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
}
