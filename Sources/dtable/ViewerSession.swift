import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// What the viewer does around the table for one session: row actions, edits and their undo,
/// writing the file (`:w`, `--output`), and what is printed on exit (picked and marked rows).
final class ViewerSession {
    let view: DataTableView
    let editable: EditableDataSource
    /// The mapped input file (nil for the demo; a stream's temporary copy cannot be written back);
    /// a reload replaces it with the new version.
    var file: CSVFileDataSource?
    /// `--watch`, `--follow`, `R`: the file read again as it changes (`ViewerSession+Watching`).
    var liveFile = LiveFileState()
    let dispatcher: RowActionDispatcher
    /// `--output FILE`: where the table is written on quit.
    let outputPath: String?
    /// `--output FILE` as it was when dtable started: a file someone saves there meanwhile is
    /// not overwritten.
    let outputTarget: CSVWriteTarget?
    /// Files written with `:w FILE`, by the name typed: the version written there is expected
    /// by the next `:w FILE`.
    var otherTargets: [String: CSVWriteTarget] = [:]
    /// Whether `--output` was written at least once (it then holds the state last marked saved).
    var outputWritten = false
    /// The write running on a worker thread, if any.
    var writing: RunningWrite?
    /// Set when a write asked to quit after it (`:wq`, `--output` on quit) has finished: the
    /// run loop ends.
    var quitRequested = false
    /// The files open with this one (`dtable a.csv b.csv`); nil when it is the only one.
    weak var files: OpenFiles?
    /// How the table was opened, for `:view` (`ViewOpening`).
    var opening = ViewOpening()

    init(view: DataTableView, editable: EditableDataSource, file: CSVFileDataSource?,
         actions: [(name: String, action: RowAction)], outputPath: String?) {
        self.view = view
        self.editable = editable
        self.file = file
        self.outputPath = outputPath
        self.outputTarget = outputPath.map { CSVWriteTarget(recordingCurrentStateOf: $0) }
        self.dispatcher = RowActionDispatcher(view: view, editable: editable, actions: actions)
        dispatcher.writeHint = writeHint
        view.delegate = self  // held weakly: the session lives as long as the viewer runs
        // Temporary files of dtables killed while writing these files.
        if let file, !file.isStream { CSVTableWriter.removeStaleTemporaryFiles(nextTo: file.path) }
        if let outputPath { CSVTableWriter.removeStaleTemporaryFiles(nextTo: outputPath) }
    }

    /// After the terminal is restored: the picked rows as JSON lines and the marked rows as CSV
    /// on stdout (`--output` was written when the user quit).
    func finish() {
        var out = BufferedStandardOutput()
        // Exact data for a pipe or file; on a terminal, control characters are shown, not sent.
        let toTerminal = isatty(1) == 1
        let emit = { (line: String) in out.write((toTerminal ? TerminalText.sanitized(line) : line) + "\n") }
        for line in dispatcher.pickedLines { emit(line) }
        if printMarkedRows, !view.markedRows.isEmpty {
            emit(CSVField.record(dispatcher.titles()))
            for row in view.markedRows { emit(CSVField.record(dispatcher.values(ofRow: row))) }
        }
        out.flush()
        writeEchoedValue()
    }

    /// Whether marked rows are printed on exit (`--print-marked`).
    var printMarkedRows = false
    /// `--echo-column`: the source column whose value Enter prints on exit.
    var echoColumn: Int?
    /// The value Enter picked (`--echo-column`), printed on exit.
    var echoedValue: [UInt8]?

    /// How a message says the changes are written: `:w` back to the file or to `--output`,
    /// else (the demo, stdin) only `:w FILE` can write them.
    var writeHint: String { writesInPlace ? ":w writes" : ":w FILE writes" }

    /// Whether this file has edits not written (with --output the table is written on quit
    /// anyway, and the demo, no input at all, is made up).
    var hasOwnUnsavedChanges: Bool { outputPath == nil && file != nil && editable.hasUnsavedChanges }

    /// Whether `:w` alone has a file: `--output`, or an input file that is not a stream.
    var writesInPlace: Bool { outputPath != nil || file?.isStream == false }
}
