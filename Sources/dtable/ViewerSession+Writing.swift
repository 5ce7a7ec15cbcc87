import DataTableApp
import DataTableCSV
import DataTableKit
import Dispatch
import Glibc

/// Writing the table (`:w`, `:w!`, `:w FILE`, `:wq`, `--output`): on a worker thread as a
/// `TableJob`, with its progress in the status line; Esc cancels it and leaves the file untouched.
extension ViewerSession {
    /// Where a write goes.
    enum Destination {
        /// Back to the file the table was read from (`FILE.bak` keeps the previous version).
        case source(CSVFileDataSource)
        /// `--output FILE`.
        case output(CSVWriteTarget)
        /// `:w FILE`: another file.
        case other(CSVWriteTarget)

        var path: String {
            switch self {
            case .source(let file): return file.path
            case .output(let target), .other(let target): return target.path
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

    /// `:w` and its forms: starts the write in the background and says so.
    func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        try startWrite(to: destination(of: request), request)
    }

    /// The destination `request` names: a file given (`:w FILE`; the table's own file or
    /// `--output` when it names one of them), else `--output`, else the table's file.
    func destination(of request: DataTableWriteRequest) throws -> Destination {
        if let given = request.path {
            let path = Self.expandingHome(given)
            if let file, !file.isStream, Self.sameFile(path, file.path) { return .source(file) }
            if let outputTarget, Self.sameFile(path, outputTarget.path) { return .output(outputTarget) }
            if let target = otherTargets[path] { return .other(target) }
            // A new name: a file already there is not overwritten without `!`.
            let target = CSVWriteTarget(path: path, expecting: nil)
            otherTargets[path] = target
            return .other(target)
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
        let estimated = max(1, CSVTableWriter.estimatedSize(of: editable))
        let job = TableJob(kind: .work("writing \(destination.path)"), total: estimated)
        writing = RunningWrite(job: job, destination: destination, request: request, estimatedBytes: estimated)
        let editable = editable
        // A table without a file of its own (stdin, the demo) counts as saved once written anywhere.
        let marksOtherSaved = file == nil || file?.isStream == true
        DispatchQueue.global(qos: .userInitiated).async {
            let progress = CSVWriteProgress(report: { job.setProcessed($0) }, isCancelled: { job.isCancelled })
            do {
                let result: CSVWriteResult
                switch destination {
                case .source:
                    result = try CSVTableWriter.save(editable, overwriting: request.overwrites, progress: progress)
                case .output(let target), .other(let target):
                    result = try CSVTableWriter(matching: editable).write(editable, to: target, overwriting: request.overwrites,
                                                                          progress: progress)
                    if case .output = destination { editable.markSaved(savePoint: result.savePoint) }
                    if case .other = destination, marksOtherSaved { editable.markSaved(savePoint: result.savePoint) }
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

    /// "wrote 19 rows to c.csv (previous kept as c.csv.bak)".
    static func summary(of result: CSVWriteResult) -> String {
        "wrote \(grouped(result.rowsWritten)) rows to \(result.path)" + (result.backupPath.map { " (previous kept as \($0))" } ?? "")
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
            let percent = Int(running.job.fraction * 100)
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
