import ArgumentParser
import DataTableApp
import DataTableCSV
import DataTableKit
import NcursesBackend

extension DTableCommand {
    /// The viewer: opens the input (saying on screen what it waits for when that takes a
    /// while), shows the table full screen until the user quits, then writes what the session
    /// prints on exit.
    func runViewerMode(_ launch: Launch) throws {
        // nil: the user quit while the input was opening.
        guard let (table, openedTerminal) = try openInput(launch) else { return }
        var prepared = try prepare(table, launch: launch)
        if diff { prepareDiffViewer(&prepared) }
        // The terminal the wait for the input opened, if it did (released on an error above:
        // its deinit restores the screen before the message is printed).
        let terminal = try openedTerminal ?? Self.openTerminal(colorChoice: launch.colorChoice, environment: launch.environment)
        let session: ViewerSession
        do {
            session = try makeSession(prepared, launch: launch, terminal: terminal)
        } catch {
            terminal.shutdown()
            throw error
        }
        // The other FILEs open after the first frame, one at a time, each then indexed.
        let files = OpenFiles(names: launch.sources.map(\.displayName), first: session,
                              load: { index in InputOpening { try launch.forInput(index).load($0) } },
                              makeSession: { index, table in
                                  let input = launch.forInput(index)
                                  return try makeSession(try prepare(table, launch: input), launch: input, terminal: terminal)
                              })
        // After the terminal's own handlers, so a SIGBUS that is not ours still restores it.
        CSVFileDataSource.installTruncationGuard()
        let application = TableApplication(view: session.view, backend: terminal, startInstant: processStart)
        session.attach(to: application)
        OpenFiles.registerCommands(on: application)
        var peakAnonymousKilobytes = 0
        var lastSample = ContinuousClock.now
        var memoryWatch = MemoryPressureWatch()
        application.run(until: {
            // Sampled at most 4 times a second, not after every key (it reads /proc).
            if ContinuousClock.now - lastSample >= .milliseconds(250) {
                lastSample = .now
                peakAnonymousKilobytes = max(peakAnonymousKilobytes, ProcessMemory.anonymousKilobytes())
            }
            if launch.sources.count > 1 { files.poll() }
            memoryWatch.check(views: { files.sessions.map(\.view) })
            return terminal.terminationSignal != 0 || files.quitRequested(in: application)
        },
                        afterFirstFrame: { session.file?.startIndexing() })
        let signal = terminal.terminationSignal
        for session in files.sessions {
            session.dispatcher.cancelAll()
            session.finishWriting()
        }
        terminal.shutdown()
        // The first file's table: the one the first frame showed.
        let statsWritten = StatisticsReport(view: session.view, application: application, bytesWritten: terminal.bytesWritten,
                                            peakAnonymousKilobytes: peakAnonymousKilobytes,
                                            sortKeyCachePressureDrops: memoryWatch.drops).write(to: launch.statsFile)
        if signal != 0 { throw ExitCode(128 + signal) }
        for session in files.sessions { session.finish() }
        if !statsWritten { throw ExitCode(2) }
    }

    /// The table of one input on `terminal`: its view (colours, config file, columns, rows,
    /// order) and the session around it.
    /// - Throws: a row option the table cannot take (a bad `--where`).
    func makeSession(_ prepared: PreparedTable, launch: Launch, terminal: CursesTerminal) throws -> ViewerSession {
        var prepared = prepared
        let colorCount = terminal.capabilities.hasColors ? terminal.capabilities.colorCount : 0
        prepared.configuration.adoptColors(colorCount)
        launch.configFile?.apply(to: &prepared.configuration, colorCount: colorCount)
        prepared.configuration.prefersASCII = !terminal.capabilities.isUnicode || launch.configFile?.ascii == true
        let view = DataTableView(dataSource: prepared.shown, configuration: prepared.configuration, size: terminal.size)
        if let columnSelection = prepared.columnSelection { view.showColumns(matching: columnSelection) }
        try Self.apply(prepared.rows, to: view)
        // Grouped and sorted in the background (Esc cancels); the cursor starts on the first row.
        prepared.order(view) { $0.sortOnOpen(by: $1) }
        let session = ViewerSession(view: view, editable: prepared.editable, file: prepared.csvFile,
                                    actions: prepared.rowActions, outputPath: output)
        session.printMarkedRows = printMarked
        session.echoColumn = prepared.echoColumn
        session.opening = opening(of: view, input: launch.source, droppedFromViewFile: launch.viewDropped)
        session.liveFile = LiveFileState(live: prepared.live, watches: watch, follows: follow, keyColumns: prepared.keyColumns)
        view.followsAppendedRows = follow
        prepared.live?.hidesSourceNotice = watch || follow
        return session
    }

    /// Opens the input on a thread of its own (see `InputOpening`); when it has not opened
    /// within `InputOpening.patience`, opens the terminal to say what it waits for. Returns the
    /// input and the terminal if one was opened; nil when the user quit meanwhile.
    /// - Throws: the input's error, or `ExitCode` (128 + the signal) when a signal ended the wait.
    func openInput(_ launch: Launch) throws -> (DataTableDataSource, CursesTerminal?)? {
        let opening = InputOpening { try launch.load($0) }
        if let result = opening.result(within: InputOpening.patience) { return (try result.get(), nil) }
        let terminal = try Self.openTerminal(colorChoice: launch.colorChoice, environment: launch.environment)
        var theme = DataTableConfiguration()
        theme.adoptColors(terminal.capabilities.hasColors ? terminal.capabilities.colorCount : 0)
        switch opening.wait(on: terminal, title: launch.source.displayName, theme: theme.theme) {
        case .opened(let result):
            return (try result.get(), terminal)
        case .quit:
            terminal.shutdown()
            return nil
        case .signal(let signal):
            terminal.shutdown()
            throw ExitCode(128 + signal)
        }
    }

    /// Opens the terminal full screen for the viewer.
    static func openTerminal(colorChoice: ColorChoice, environment: [String: String]) throws -> CursesTerminal {
        do {
            return try CursesTerminal(colorMode: CursesTerminal.ColorMode(rawValue: colorChoice.rawValue) ?? .auto,
                                      environment: environment)
        } catch {
            throw DTableError(error.description + "; or use --print")
        }
    }
}
