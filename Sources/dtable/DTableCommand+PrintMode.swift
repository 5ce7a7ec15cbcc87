import ArgumentParser
import DataTableCSV
import DataTableKit
import Glibc

extension DTableCommand {
    /// Print mode: waits for the input as `cat` would (Ctrl-C ends it), then writes the table
    /// as aligned text to stdout, in chunks as it goes, and exits.
    func runPrintMode(_ launch: Launch) throws {
        if launch.sources.count > 1 { return try printEachInput(launch) }
        let table = try launch.load(nil)
        var prepared = try prepare(table, launch: launch)
        // A reader that went away (`dtable f.csv | head`) ends the output quietly with status 0.
        signal(SIGPIPE, SIG_IGN)
        CSVFileDataSource.installTruncationGuard()
        let colorCount = launch.colorChoice == .always ? 256 : 0
        prepared.configuration.adoptColors(colorCount)
        if launch.colorChoice == .always { launch.configFile?.apply(to: &prepared.configuration, colorCount: colorCount) }
        prepared.csvFile?.indexAll()
        // After indexing: a stream that stopped at --buffer-limit says so.
        if let notice = (table as? DataTableLoading)?.notice { reportError("warning: \(notice)") }
        let lineWidth = printWidth(environment: launch.environment, stdoutIsTerminal: launch.stdoutIsTerminal)
        let (view, columnWidths) = Self.printView(of: prepared.shown, configuration: prepared.configuration,
                                                  capIsSet: launch.configFile?.maxColumnWidth != nil,
                                                  columns: prepared.columnSelection)
        // A printed table has no cursor for --find to move.
        try Self.apply(RowOptions(filter: prepared.rows.filter, columnFilters: prepared.rows.columnFilters), to: view)
        prepared.order(view) { $0.sort(by: $1) }
        var out = BufferedStandardOutput()
        if let format = format?.format {
            try printFormatted(view, format: format, launch: launch, out: &out)
            return
        }
        // RssAnon sampled at the first line and then at most 4 times a second, for --stats.
        var peakAnonymousKilobytes = 0
        var lastSample: ContinuousClock.Instant?
        // Whole lines in chunks of about 1 MiB, written as they come.
        var printer = TablePrinter(width: lineWidth, colorCount: launch.colorChoice == .always ? 256 : nil)
        printer.columnWidths = columnWidths
        printer.print(view, writeBytes: { chunk in
            out.write(chunk)
            if launch.statsFile != nil, lastSample.map({ ContinuousClock.now - $0 >= .milliseconds(250) }) ?? true {
                lastSample = .now
                peakAnonymousKilobytes = max(peakAnonymousKilobytes, ProcessMemory.anonymousKilobytes())
            }
        })
        out.flush()
        guard StatisticsReport(view: view, application: nil, bytesWritten: out.bytesWritten,
                               peakAnonymousKilobytes: peakAnonymousKilobytes).write(to: launch.statsFile) else { throw ExitCode(2) }
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
