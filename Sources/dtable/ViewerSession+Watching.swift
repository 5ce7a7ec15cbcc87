import DataTableApp
import DataTableCSV
import DataTableKit
import TerminalSurface

/// `--watch`, `--follow` and `R`: a file that changes on disk is read again and the table
/// takes the difference (the cursor keeps its record, changed rows flash); a file that only
/// grows gets its new rows appended. Unsaved edits are never dropped without asking.
extension ViewerSession {
    /// How often the file is looked at (one `stat`), and how long a new version must stay the
    /// same before it is read (a file still being written is not read half-way).
    static let watchInterval = Duration.milliseconds(200)

    /// On every wake of the run loop: a reload's progress or result, the background keys, and
    /// (every `watchInterval`) whether the file changed on disk. True when the screen changed.
    func pollWatching() -> Bool {
        guard let live = liveFile.live else { return false }
        if let reload = liveFile.reload {
            guard let outcome = reload.takeOutcome() else {
                live.progress = DataTableLoadState(fraction: reload.fraction, isComplete: false, verb: "reloading")
                return true
            }
            finishReload(outcome, live: live)
            return true
        }
        guard liveFile.watches || liveFile.follows, let file, !file.isStream, writing == nil else { return false }
        if liveFile.tail == nil { liveFile.tail = file.tailFingerprint() }
        if let job = liveFile.keysJob, let keys = job.take() {
            liveFile.keys = keys
            liveFile.keysJob = nil
        }
        if liveFile.watches, liveFile.keys == nil, liveFile.keysJob == nil, file.isIndexComplete {
            let columns = liveFile.keyColumns
            let box = UncheckedSource(file: file)
            liveFile.keysJob = BackgroundValue { job in
                CSVRowKeys.compute(of: box.file, keyColumns: columns, isCancelled: { job.isCancelled })
            }
        }
        let now = ContinuousClock.now
        if let last = liveFile.lastCheck, now - last < Self.watchInterval { return false }
        liveFile.lastCheck = now
        return checkFileOnDisk(file, live: live, now: now)
    }

    private struct UncheckedSource: @unchecked Sendable { let file: CSVFileDataSource }

    /// Compares the file on disk with the version shown (or last written by dtable itself).
    private func checkFileOnDisk(_ file: CSVFileDataSource, live: LiveDataSource, now: ContinuousClock.Instant) -> Bool {
        let name = TerminalText.quoted(file.path)
        let onDisk = FileStamp.current(atPath: file.path)
        let known = file.writeTarget?.expectedFile ?? file.openedStamp
        guard onDisk != known else {
            liveFile.seen = nil
            liveFile.held = nil
            if live.message != nil {
                live.message = nil
                return true
            }
            return false
        }
        guard let onDisk else {
            let message = "\(name) was removed or renamed: showing the version read"
            guard live.message != message else { return false }
            say(message)
            return true
        }
        // A version still being written waits until it stays the same for two checks.
        guard let seen = liveFile.seen, seen.stamp == onDisk else {
            liveFile.seen = (onDisk, now)
            return false
        }
        guard now - seen.since >= Self.watchInterval, liveFile.held != onDisk else { return false }
        let grew = liveFile.tail.map { onDisk.inode == file.openedStamp?.inode && Int(onDisk.size) > $0.length } ?? false
        if editable.hasUnsavedChanges && !grew {
            liveFile.held = onDisk
            say("\(name) changed on disk; not reloaded over your unsaved edits (R reloads, discarding them; :w! writes yours)")
            return true
        }
        if grew && liveFile.follows {
            startReload(of: file, live: live, appendOnly: !liveFile.watches || editable.hasUnsavedChanges, stamp: onDisk)
        } else if liveFile.watches {
            startReload(of: file, live: live, appendOnly: false, stamp: onDisk)
        } else {
            liveFile.held = onDisk
            say("\(name) changed on disk\(liveFile.follows ? ", not by appending" : ""): R reads it again")
        }
        return true
    }

    /// Starts reading the file again on a worker; `appendOnly` gives up unless it only grew.
    func startReload(of file: CSVFileDataSource, live: LiveDataSource, appendOnly: Bool, stamp: FileStamp?) {
        liveFile.keysJob?.cancel()
        liveFile.keysJob = nil
        liveFile.reload = CSVReload(reloading: file, oldKeys: liveFile.keys, keyColumns: liveFile.keyColumns,
                                    tail: liveFile.tail, appendOnly: appendOnly)
        liveFile.reloadStamp = stamp
        live.progress = DataTableLoadState(fraction: 0, isComplete: false, verb: "reloading")
    }

    /// Takes a reload's outcome: the new version replaces the old one (edits and deletions
    /// are dropped unless rows were only appended), or the old table stays with a message.
    private func finishReload(_ outcome: CSVReload.Outcome, live: LiveDataSource) {
        live.progress = nil
        liveFile.reload = nil
        let name = TerminalText.quoted(file?.path ?? "")
        switch outcome {
        case .done(let result):
            if !result.isAppend {
                // Only when there were no unsaved edits, or the user agreed to lose them.
                for row in editable.discardAll() { view.unhideRow(row) }
            }
            live.replace(with: result.source, changes: result.changes)
            file = result.source
            liveFile.keys = result.keys
            liveFile.tail = nil
            liveFile.held = nil
            liveFile.seen = nil
            liveFile.lastReloadMilliseconds = result.milliseconds
            live.message = nil
            if result.isAppend {
                let added = result.summary.added
                view.notice = added == 0 ? nil : "appended \(grouped(added)) row\(added == 1 ? "" : "s")"
            } else {
                view.notice = "reloaded: \(result.summary)"
            }
        case .failed(let message):
            liveFile.held = liveFile.reloadStamp
            say(message)
        case .notAnAppend:
            liveFile.held = liveFile.reloadStamp
            say("\(name) changed on disk, not by appending: R reads it again")
        case .cancelled:
            liveFile.held = liveFile.reloadStamp
            view.notice = "reload cancelled: showing the version read before"
        }
    }

    /// Shows `message` now (replacing the last key's message) and, after the next key, as the
    /// data's notice until the file is taken in or back as it was.
    private func say(_ message: String) {
        liveFile.live?.message = message
        view.notice = message
    }

    /// `R`: reads the file again now; with unsaved edits, asks first.
    func reloadNow(discardingChanges: Bool) -> DataTableReloadAnswer {
        if let file, file.isStream { return .message("\(file.path) is a stream: it cannot be read again") }
        guard let live = liveFile.live, let file else {
            return .message("nothing to reload: the table did not come from a file")
        }
        let name = TerminalText.quoted(file.path)
        if liveFile.reload != nil { return .message("already reloading \(name) (Esc cancels)") }
        if writing != nil { return .message("writing: R works once the write is done") }
        if editable.hasUnsavedChanges && !discardingChanges {
            return .confirm("discard your unsaved edits and read \(name) again? (y/n)")
        }
        liveFile.seen = nil
        startReload(of: file, live: live, appendOnly: false, stamp: FileStamp.current(atPath: file.path))
        return .message("reloading \(name) (Esc cancels)")
    }

    /// Esc while a reload runs: stops it, the table stays as it was.
    func cancelReload() -> Bool {
        guard let reload = liveFile.reload else { return false }
        reload.cancel()
        return true
    }
}
