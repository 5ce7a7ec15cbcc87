import ArgumentParser
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// `--diff OLD NEW`: the two versions compared, in the viewer (`DTableCommand+DiffViewer`) or
/// printed: a report of the differences, or the comparison's table in a `--format`. The exit
/// status is diff(1)'s: 0 when the files are the same, 1 when they differ (errors: 2).
extension DTableCommand {
    /// The two inputs of `--diff`, opened (either may be `-`, stdin, but not both).
    struct DiffVersions: @unchecked Sendable {
        var old: CSVFileDataSource
        var new: CSVFileDataSource
        var oldName: String
        var newName: String
        /// `--key` in each version (empty: rows are matched by content).
        var keyColumns: (old: [Int], new: [Int])
    }

    /// Runs `--diff`: checks the options, then the viewer or print mode.
    func runDiff() throws {
        if watch || follow { throw DTableError("--diff compares the files as they are now: not with --\(watch ? "watch" : "follow")") }
        if viewPath != nil { throw DTableError("--view opens a view of one file, not --diff's comparison") }
        // One table (the comparison), not the two FILEs side by side (`OpenFiles`).
        var launch = try launch().forInput(0)
        let versions = try openDiffVersions(launch)
        guard launch.printing else { return try runDiffViewer(launch, versions: versions) }
        signal(SIGPIPE, SIG_IGN)
        CSVFileDataSource.installTruncationGuard()
        guard let diff = CSVTableDiff.compute(old: versions.old, new: versions.new, keyColumns: versions.keyColumns) else {
            throw DTableError("the comparison did not finish")
        }
        // The report lists every difference: options that would leave rows or columns out of it
        // are refused rather than ignored (with --format they apply to the comparison's table).
        if format == nil, let option = reportNarrowingOption {
            throw DTableError("\(option) does not apply to --diff's report; with --format csv it narrows the comparison's table")
        }
        if format != nil {
            let table = CSVTableDiffDataSource(old: versions.old, new: versions.new, diff: diff, changeColumnTitle: "_change")
            let box = DiffTable(table: table)
            launch.load = { _ in box.table }
            try runPrintMode(launch)
        } else {
            writeDiffReport(diff, versions: versions, toTerminal: launch.stdoutIsTerminal)
        }
        if !diff.isEmpty { throw ExitCode(1) }
    }

    private struct DiffTable: @unchecked Sendable { let table: DataTableDataSource }

    /// The first option given that narrows or orders rows or columns (nil: none).
    var reportNarrowingOption: String? {
        if !wheres.isEmpty { return "--where" }
        if filterPattern != nil { return "--filter" }
        if !sorts.isEmpty { return "--sort" }
        if columnPattern != nil { return "--columns" }
        return nil
    }

    /// Opens OLD and NEW as the viewer opens a file (compressed files decompressed, `-` read
    /// from stdin) and finds `--key` in each.
    func openDiffVersions(_ launch: Launch) throws -> DiffVersions {
        let stdinIsTerminal = isatty(0) == 1
        let sources = try files.map { try InputSource.choose(file: $0, stdinIsTerminal: stdinIsTerminal) }
        if sources.allSatisfy({ if case .standardInput = $0 { true } else { false } }) {
            throw DTableError("--diff reads stdin (-) for one of the files only")
        }
        let temporaryDirectory = launch.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let limit = bufferLimit?.bytes ?? BufferLimit.defaultLimit(temporaryDirectory: temporaryDirectory)
        let opened = try sources.map { source -> CSVFileDataSource in
            let table = try source.load(delimiter: delimiter?.byte, hasHeader: !noHeader, skipLines: skip ?? 0,
                                        temporaryDirectory: temporaryDirectory, bufferLimit: limit)
            guard let file = table as? CSVFileDataSource else { throw DTableError("--diff compares two files") }
            return file
        }
        let titles = opened.map { file in (0..<file.columnCount).map { file.title(ofColumn: $0) } }
        let oldKeys = try keys.map { try $0.resolve(in: titles[0], option: "--key (in \(TerminalText.quoted(sources[0].displayName)))") }
        let newKeys = try keys.map { try $0.resolve(in: titles[1], option: "--key (in \(TerminalText.quoted(sources[1].displayName)))") }
        return DiffVersions(old: opened[0], new: opened[1], oldName: sources[0].displayName, newName: sources[1].displayName,
                            keyColumns: (oldKeys, newKeys))
    }

    /// The report (`CSVTableDiff.reportLines`) on stdout: each line made safe for a terminal,
    /// the bytes as they are for a pipe or a file.
    func writeDiffReport(_ diff: CSVTableDiff, versions: DiffVersions, toTerminal: Bool) {
        var out = BufferedStandardOutput()
        diff.reportLines(old: versions.old, new: versions.new, oldName: versions.oldName, newName: versions.newName,
                         keyColumns: versions.keyColumns.new) { line in
            out.write((toTerminal ? TerminalText.sanitized(line) : line) + "\n")
        }
        out.flush()
    }
}
