import DataTableApp
import DataTableCSV
import DataTableKit

/// The files of one viewer (`dtable a.csv b.csv c.csv.gz`): each its own `DataTableView` and
/// `ViewerSession` (cursor, sort, filters, hidden columns, marks, edits), one shown at a time.
/// The first opens before the first frame; the others open in the background one after another
/// (`InputOpening`), and each is indexed as soon as it is open. Switching shows the file's
/// table in the application (`TableApplication.show(_:)`) and makes its session the delegate.
/// See docs/decisions/0145-several-files.md.
final class OpenFiles {
    /// Where one file is.
    enum State {
        /// Not opened yet (files open one at a time, in order).
        case waiting
        /// Opening on a thread of its own.
        case opening(InputOpening)
        /// Open: its table and session.
        case open(ViewerSession)
        /// It could not be opened, or the options do not fit it: why.
        case failed(String)
    }

    /// One FILE of the command line.
    struct File {
        /// The name the status line and the list show.
        let name: String
        var state: State
    }

    private(set) var files: [File]
    /// The index of the file shown.
    private(set) var current = 0
    /// Opens the input of `files[index]` (on the opening thread).
    private let load: (Int) -> InputOpening
    /// Builds the table and session of an opened input (UI thread); throws why the file cannot
    /// be shown (an option naming a column it lacks).
    private let makeSession: (Int, DataTableDataSource) throws -> ViewerSession

    /// The files named `names`, the first open as `first`.
    init(names: [String], first: ViewerSession, load: @escaping (Int) -> InputOpening,
         makeSession: @escaping (Int, DataTableDataSource) throws -> ViewerSession) {
        files = names.map { File(name: $0, state: .waiting) }
        self.load = load
        self.makeSession = makeSession
        files[0].state = .open(first)
        adopt(first, at: 0)
    }

    /// The sessions of the files open so far, in order.
    var sessions: [ViewerSession] {
        files.compactMap { if case .open(let session) = $0.state { session } else { nil } }
    }

    /// The session shown.
    var shown: ViewerSession? {
        if case .open(let session) = files[current].state { session } else { nil }
    }

    /// `[2/3] b.csv`: a file's title on the status line (its name alone when it is the only one).
    func title(of index: Int) -> String {
        files.count > 1 ? "[\(index + 1)/\(files.count)] \(files[index].name)" : files[index].name
    }

    /// Gives `session` (of `files[index]`) its title and this list when several files are open.
    private func adopt(_ session: ViewerSession, at index: Int) {
        // One file keeps the title it was prepared with (the comparison's `OLD → NEW` too).
        guard files.count > 1 else { return }
        session.view.configuration.title = title(of: index)
        session.files = self
    }

    // MARK: Opening

    /// Picks up a file that finished opening and starts the next (UI thread; called while the
    /// run loop waits). Starts indexing each file as it opens (the first's is started after the
    /// first frame by the viewer).
    func poll() {
        for index in files.indices {
            guard case .opening(let opening) = files[index].state, let result = opening.result else { continue }
            finishOpening(index, result)
        }
        // One file opens at a time, in order.
        if !files.contains(where: { if case .opening = $0.state { true } else { false } }),
           let next = files.firstIndex(where: { if case .waiting = $0.state { true } else { false } }) {
            files[next].state = .opening(load(next))
        }
        // The hidden files' work (writes, --watch, --follow, commands) goes on.
        for session in sessions where session !== shown { _ = session.dataTablePollWork(session.view) }
    }

    private func finishOpening(_ index: Int, _ result: Result<DataTableDataSource, Error>) {
        do {
            let session = try makeSession(index, try result.get())
            files[index].state = .open(session)
            adopt(session, at: index)
            session.file?.startIndexing()
        } catch {
            files[index].state = .failed("\(error)")
        }
    }

    /// Waits (at most `InputOpening.patience`) for `files[index]` to open, starting it now when
    /// it waits its turn.
    private func settle(_ index: Int) {
        if case .waiting = files[index].state { files[index].state = .opening(load(index)) }
        guard case .opening(let opening) = files[index].state,
              let result = opening.result(within: InputOpening.patience) else { return }
        finishOpening(index, result)
    }

    // MARK: Switching

    /// Shows `files[index]` in `application`: its table, its session as the delegate. A file
    /// still opening or that failed stays unshown; the status line says why.
    func show(_ index: Int, in application: TableApplication) {
        settle(index)
        switch files[index].state {
        case .open(let session):
            current = index
            application.show(session.view)
            session.attach(to: application)
        case .failed(let message):
            application.view.notice = "\(title(of: index)): \(message)"
        case .opening(let opening):
            application.view.notice = "\(title(of: index)): still opening (\(opening.waitingFor ?? "waiting")); :files lists the files"
        case .waiting:
            break
        }
    }

    /// `:n` (`by` 1) and `:p` (-1): the next file that can be shown, in that direction; a file
    /// that failed is skipped, saying so.
    func step(by direction: Int, in application: TableApplication) {
        var index = current
        var skipped: [String] = []
        for _ in 1..<files.count {
            index += direction
            guard files.indices.contains(index) else { break }
            settle(index)
            if case .failed(let message) = files[index].state {
                skipped.append("\(files[index].name): \(message)")
                continue
            }
            show(index, in: application)
            if !skipped.isEmpty, index == current { application.view.notice = "skipped " + skipped.joined(separator: "; ") }
            return
        }
        let end = direction > 0 ? "the last file" : "the first file"
        application.view.notice = skipped.isEmpty ? "\(title(of: current)) is \(end)" : "skipped " + skipped.joined(separator: "; ")
    }

    // MARK: Quitting

    /// Whether a file other than `session`'s has changes not written.
    func hasUnsavedChanges(besides session: ViewerSession) -> Bool {
        sessions.contains { $0 !== session && $0.hasOwnUnsavedChanges }
    }

    /// Whether a file other than `session`'s runs work (a write the quit waits for).
    func isBusy(besides session: ViewerSession) -> Bool {
        sessions.contains { $0 !== session && $0.writing != nil }
    }

    /// Whether `w` in the quit question can write every file with changes where it came from
    /// (else it offers `:wq FILE`, for the shown table).
    var writeInPlace: Bool {
        let changed = sessions.filter(\.hasOwnUnsavedChanges)
        return changed.isEmpty ? shown?.writesInPlace ?? false : changed.allSatisfy(\.writesInPlace)
    }

    /// `w` in the quit question, `:wq`, `:x`: writes every file with changes, and quits once
    /// all are written (`quitRequested`). Returns the status line's message; throws the first
    /// file's error (nothing to write to, a write already running).
    func writeAllAndQuit(_ request: DataTableWriteRequest) throws -> String {
        var started: [String] = []
        for (index, file) in files.enumerated() {
            guard case .open(let session) = file.state, session.hasOwnUnsavedChanges else { continue }
            do {
                started.append(try session.startWrite(to: session.destination(of: request), request))
            } catch {
                throw DTableError("\(title(of: index)): \(error)")
            }
        }
        return started.joined(separator: "; ")
    }

    /// Whether the run loop ends: a file's write asked to quit after it (`:wq`) and every file is
    /// written (with several files, a write that failed shows its file instead).
    func quitRequested(in application: TableApplication) -> Bool {
        let open = sessions
        guard open.contains(where: \.quitRequested) else { return false }
        if open.count == 1 { return true }
        guard !open.contains(where: { $0.writing != nil }) else { return false }
        guard let unsaved = files.indices.first(where: {
            if case .open(let session) = files[$0].state { session.hasOwnUnsavedChanges } else { false }
        }) else { return true }
        // Not quitting: show the file whose changes are not written (its message says why).
        for session in open { session.quitRequested = false }
        if unsaved != current {
            show(unsaved, in: application)
            if application.view.notice == nil {
                application.view.notice = "not quitting: \(files[unsaved].name) has unsaved changes (q asks)"
            }
        }
        return false
    }
}
