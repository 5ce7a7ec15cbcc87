import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// What the viewer does around the table for one session: row actions, edits and their undo,
/// writing the file (`:w`, `--output`), and what is printed on exit (picked and marked rows).
final class ViewerSession {
    let view: DataTableView
    let editable: EditableDataSource
    /// The mapped input file (nil for the demo; a stream's temporary copy cannot be written back).
    let file: CSVFileDataSource?
    let dispatcher: RowActionDispatcher
    /// `--output FILE`: where the table is written on quit.
    let outputPath: String?

    init(view: DataTableView, editable: EditableDataSource, file: CSVFileDataSource?,
         actions: [(name: String, action: RowAction)], outputPath: String?) {
        self.view = view
        self.editable = editable
        self.file = file
        self.outputPath = outputPath
        self.dispatcher = RowActionDispatcher(view: view, editable: editable, actions: actions)
        view.delegate = self  // held weakly: the session lives as long as the viewer runs
    }

    /// The change count when `--output` was last written (nil: not yet).
    private var outputWrittenAt: Int?

    /// Writes `--output` unless it already holds the current state (`:w` wrote it).
    func writeOutputIfNeeded() throws {
        guard let outputPath, outputWrittenAt != editable.changeCount else { return }
        let result = try CSVTableWriter(matching: editable).write(editable, to: outputPath)
        editable.markSaved(savePoint: result.savePoint)
        outputWrittenAt = editable.changeCount
    }

    /// `:w`: the table, with its edits and deletions, over the input file (atomically, the
    /// previous version kept as FILE.bak), or to `--output`.
    func dataTableWriteChanges(_ view: DataTableView) throws -> String {
        if let outputPath {
            outputWrittenAt = nil
            try writeOutputIfNeeded()
            return "wrote \(outputPath)"
        }
        guard let file, !file.isStream else {
            throw DTableError("nothing to write to: the table did not come from a file (use --output FILE)")
        }
        let result = try CSVTableWriter.save(editable)
        return "wrote \(result.rowsWritten) rows to \(result.path)" + (result.backupPath.map { " (the old one is \($0))" } ?? "")
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
    }

    /// Whether marked rows are printed on exit (`--print-marked`).
    var printMarkedRows = false
}

/// The table asks the session about actions, edits, writing and commands.
extension ViewerSession: DataTableDelegate {
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        dispatcher.fire(action, sourceRow: sourceRow)
    }

    func dataTableIsBusy(_ view: DataTableView) -> Bool { !dispatcher.running.isEmpty }
    func dataTablePollWork(_ view: DataTableView) -> Bool { dispatcher.poll() }
    func dataTableCancelWork(_ view: DataTableView) -> Bool { dispatcher.cancelNewest() }

    func dataTableCanEdit(_ view: DataTableView) -> Bool { true }

    func dataTable(_ view: DataTableView, didEditRow row: Int, column: Int, text: String) -> String? {
        guard editable.setField(text, row: row, column: column) else { return nil }
        view.widenColumn(column, toShowSourceRow: row)
        view.invalidateRowHeights()
        return "row \(row + 1), \(editable.title(ofColumn: column)): changed (u undoes, :w writes)"
    }

    func dataTableUndo(_ view: DataTableView) -> String? {
        guard let operation = editable.undo() else { return nil }
        view.invalidateRowHeights()
        switch operation {
        case .delete(let row):
            view.unhideRow(row)
            return "row \(row + 1) restored"
        case .restore(let row):
            view.hideRow(row)
            return "row \(row + 1) deleted again"
        case .edit(let row, let column, let old, _):
            view.goToSourceRow(row)
            return "row \(row + 1), \(editable.title(ofColumn: column)): back to \"\(old)\""
        }
    }

    /// With --output the table is written on quit anyway: nothing to ask.
    func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { outputPath == nil && editable.hasUnsavedChanges }

    func dataTableShouldQuit(_ view: DataTableView) -> Bool {
        guard outputPath != nil else { return true }
        do {
            try writeOutputIfNeeded()
            return true
        } catch {
            view.notice = "\(error); :q! quits without writing"
            return false
        }
    }
}

