import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// Writing the table (`:w`, `:w!`, `:w FILE`, `:wq`, `--output`): on a worker thread as a
/// `TableJob`, with its progress in the status line; Esc cancels it and leaves the file untouched.
extension ViewerSession {
    /// Where a write goes.
    enum Destination {
        /// Back to the file the table was read from (`FILE.bak` keeps the previous version).
        case source(CSVFileDataSource)
        /// `--output FILE`.
        case output(CSVWriteTarget)
        /// `:w FILE`: another file, which gets the view (`selection`: the records and columns
        /// shown when the write started).
        case other(CSVWriteTarget, DataTableViewSelection)

        var path: String {
            switch self {
            case .source(let file): return file.path
            case .output(let target), .other(let target, _): return target.path
            }
        }
    }

    /// A write on a worker thread.
    struct RunningWrite {
        let job: TableJob
        let destination: Destination
        let request: DataTableWriteRequest
        /// The bytes the write will about take (its progress is measured against them).
        let estimatedBytes: Int
    }

    /// The destination `request` names: a file given (`:w FILE`: the view goes there; the
    /// table's own file or `--output` when it names one of them, which get the whole table),
    /// else `--output`, else the table's file.
    ///
    /// `:w FILE` naming the input (or `--output`) while the view leaves rows or columns out, or
    /// reorders them, is refused: writing the view there would drop data from the file being
    /// viewed, and writing the whole table is not what was asked. UI thread (it reads the view).
    func destination(of request: DataTableWriteRequest) throws -> Destination {
        if let given = request.path {
            let path = Self.expandingHome(given)
            let selection = try view.shownSelection()
            let isInput = file.map { !$0.isStream && Self.sameFile(path, $0.path) } ?? false
            let isOutput = outputTarget.map { Self.sameFile(path, $0.path) } ?? false
            if isInput || isOutput {
                let name = TerminalText.quoted(given, maxWidth: 60)
                guard showsWholeTable(selection) else {
                    throw DTableError("not written: \(name) is \(isInput ? "the file being viewed" : "the --output file") and the view "
                                      + "leaves out or reorders rows or columns; :w writes the whole table there, :w OTHER.csv writes the view")
                }
                if isInput, let file { return .source(file) }
                if let outputTarget { return .output(outputTarget) }
            }
            if let target = otherTargets[path] { return .other(target, selection) }
            // A new name: a file already there is not overwritten without `!`.
            let target = CSVWriteTarget(path: path, expecting: nil)
            otherTargets[path] = target
            return .other(target, selection)
        }
        if let outputTarget { return .output(outputTarget) }
        guard let file, !file.isStream else {
            throw DTableError("nothing to write to: the table did not come from a file (:w FILE writes it to FILE)")
        }
        return .source(file)
    }

    /// Starts writing to `destination` on a worker thread; returns the first status message.
    func startWrite(to destination: Destination, _ request: DataTableWriteRequest) throws -> String {
        if let writing {
            throw DTableError("still writing \(writing.destination.path) (Esc cancels)")
        }
        var estimated = max(1, CSVTableWriter.estimatedSize(of: editable))
        if case .other(_, let selection) = destination, editable.rowCount > 0 {
            // About the share of the rows shown.
            estimated = max(1, Int(saturating: Double(estimated) * Double(selection.rowCount) / Double(editable.rowCount)))
        }
        let job = TableJob(kind: .work("writing \(destination.path)"), total: estimated)
        writing = RunningWrite(job: job, destination: destination, request: request, estimatedBytes: estimated)
        let editable = editable
        // `:w out.json`: the format the name's extension names (anything else: CSV).
        let (format, formatColumns) = formatOfWrite(to: destination)
        // A table without a file of its own (stdin, the demo) counts as saved once written
        // anywhere: all of it (a view that leaves rows or columns out does not save the changes).
        let marksOtherSaved: Bool
        if case .other(_, let selection) = destination {
            marksOtherSaved = (file == nil || file?.isStream == true) && coversWholeTable(selection)
        } else {
            marksOtherSaved = false
        }
        BackgroundWork.start(.userInitiated) {
            let progress = CSVWriteProgress(report: { job.setProcessed($0) }, isCancelled: { job.isCancelled })
            do {
                let result: CSVWriteResult
                switch destination {
                case .source:
                    result = try CSVTableWriter.save(editable, overwriting: request.overwrites, progress: progress)
                case .output(let target):
                    result = try CSVTableWriter(matching: editable).write(editable, to: target, overwriting: request.overwrites,
                                                                          progress: progress)
                    editable.markSaved(savePoint: result.savePoint)
                case .other(let target, let selection):
                    result = try CSVTableWriter(matching: editable).writeView(selection, of: editable, to: target, format: format,
                                                                              columns: formatColumns, overwriting: request.overwrites,
                                                                              progress: progress)
                    if marksOtherSaved { editable.markSaved(savePoint: result.savePoint) }
                    let columns = selection.columns.filter { $0 < editable.columnCount }.count
                    job.finish(.done(Self.viewSummary(of: result, columns: columns)))
                    return
                }
                job.finish(.done(Self.summary(of: result)))
            } catch let error as CSVWriteError where error.isConflict {
                job.finish(.failed(Self.conflictMessage(error, request: request, path: destination.path)))
            } catch {
                job.finish(.failed("\(error)" + (request.quitsAfter ? "; :q! quits without writing" : "")))
            }
        }
        return "writing \(destination.path) (Esc cancels)"
    }

    /// The format of a write to `destination` and the columns it types (UI thread): `:w FILE`
    /// by its extension (`TableFormat(fileName:)`), anything else CSV.
    func formatOfWrite(to destination: Destination) -> (TableFormat, [TableFormatColumn]) {
        guard case .other(let target, let selection) = destination else { return (.csv, []) }
        let format = TableFormat(fileName: target.path)
        return (format, format == .csv ? [] : view.formatColumns(selection))
    }

    /// "wrote 19 rows to c.csv (previous kept as c.csv.bak)".
    static func summary(of result: CSVWriteResult) -> String {
        "wrote \(grouped(result.rowsWritten)) rows " + destination(of: result)
    }

    /// "wrote view: 1,234 rows × 5 columns to out.csv".
    static func viewSummary(of result: CSVWriteResult, columns: Int) -> String {
        "wrote view: \(grouped(result.rowsWritten)) row\(result.rowsWritten == 1 ? "" : "s") × \(columns) column\(columns == 1 ? "" : "s") "
            + destination(of: result)
    }

    /// Where and how a write went, for every write's message: "to c.csv", then " through the
    /// link l.csv" when the path was a symbolic link, " in place: 2 hard links" when the file
    /// was rewritten in place (and why), and the backup: " (previous kept as c.csv.bak)", or
    /// " (previous kept as c.csv.bak.1; c.csv.bak left alone)" when another file had that name.
    static func destination(of result: CSVWriteResult) -> String {
        var text = "to \(result.path)"
        if let link = result.linkPath { text += " through the link \(link)" }
        if case .inPlace(let reasons) = result.method { text += " in place: " + reasons.joined(separator: ", ") }
        if let backup = result.backupPath {
            text += " (previous kept as \(backup)" + (backup == result.path + ".bak" ? ")" : "; \(result.path).bak left alone)")
        }
        return text
    }

    /// Whether `selection` is the whole table as the file holds it: every row not deleted, in
    /// file order, and every column in order (header-only columns aside).
    func showsWholeTable(_ selection: DataTableViewSelection) -> Bool {
        let columns = selection.columns.filter { $0 < editable.columnCount }
        return columns == Array(0..<editable.columnCount) && selection.rowCount == editable.rowCount - editable.deletedRowCount
            && (0..<selection.rowCount).allSatisfy { position in
                // In file order: each shown row after the one before.
                position == 0 || selection.sourceRow(at: position) > selection.sourceRow(at: position - 1)
            }
    }

    /// Whether `selection` leaves nothing of the table out (rows and columns may be reordered).
    func coversWholeTable(_ selection: DataTableViewSelection) -> Bool {
        selection.rowCount == editable.rowCount - editable.deletedRowCount
            && Set(selection.columns.filter { $0 < editable.columnCount }) == Set(0..<editable.columnCount)
    }

    /// A conflict, with the ways out: overwrite knowingly, write elsewhere, or quit without.
    static func conflictMessage(_ error: CSVWriteError, request: DataTableWriteRequest, path: String) -> String {
        let force = request.path == nil ? ":w! overwrites" : ":w! \(request.path!) overwrites"
        return "not written: \(error.message); \(force), :w FILE writes elsewhere"
            + (request.quitsAfter ? ", :q! quits without writing" : "")
    }

    /// Shows the running write's progress, or its outcome once it finished; true when the
    /// status line changed.
    func pollWrite() -> Bool {
        guard let running = writing else { return false }
        guard let outcome = running.job.takeResult() else {
            let percent = Int(saturating: running.job.fraction * 100)
            let text = running.job.isCancelled ? "cancelling the write"
                : "\(running.job.kind.verb) \(min(percent, 99))% (Esc cancels)"
            guard view.notice != text else { return false }
            view.notice = text
            return true
        }
        writing = nil
        switch outcome {
        case .done(let message):
            if case .output = running.destination { outputWritten = true }
            if case .other(_, let selection) = running.destination, running.request.quitsAfter,
               editable.hasUnsavedChanges, !coversWholeTable(selection) {
                // `:wq FILE` of a view that leaves edited rows or columns out: quitting would lose them.
                view.showLastingNotice(message + "; not quitting: the view leaves out changes (:q! quits without them)")
                return true
            }
            view.showLastingNotice(message)
            if running.request.quitsAfter { quitRequested = true }
        case .failed(let message):
            view.showLastingNotice(message)
        default:
            break
        }
        return true
    }

    /// Esc while writing: stops the write; false when none runs (or it was cancelled already).
    func cancelWrite() -> Bool {
        guard let writing, !writing.job.isCancelled else { return false }
        writing.job.cancel()
        view.notice = "cancelling the write"
        return true
    }

    /// On exit (`:q!`, a signal): cancels a running write and waits for it to clean up, so no
    /// temporary file is left behind.
    func finishWriting() {
        guard let writing else { return }
        writing.job.cancel()
        let deadline = ContinuousClock.now + .seconds(10)
        while writing.job.takeResult() == nil && ContinuousClock.now < deadline { usleep(2000) }
        self.writing = nil
    }

    /// `~/x.csv` as `$HOME/x.csv`.
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }

    /// Whether two paths name the same file (the same string, or the same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let x = FileStamp.current(atPath: a), let y = FileStamp.current(atPath: b) else { return false }
        return x.device == y.device && x.inode == y.inode
    }
}
