import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// `:view`: the command line that opens the current view (`y` copies it), and `:view save FILE`
/// (`:view save! FILE`): the view as a view file that `--view FILE` opens. The session is the
/// application's delegate when the command runs (the file shown), never one captured here.
extension ViewerSession {
    /// Registers `:view` on `application` (once), and says on the status line what `--view`
    /// left out of the view file the table opened with (the first time only).
    func attachViewCommands(to application: TableApplication) {
        application.register(ProgramCommand(
            "view", summary: "the command line that opens this view (y copies it); :view save FILE stores the view for --view FILE"
        ) { context in
            guard let session = context.application.delegate as? ViewerSession else { return }
            session.runViewCommand(context)
        })
        if !opening.droppedFromViewFile.isEmpty {
            view.showLastingNotice(opening.droppedFromViewFile.joined(separator: "; "))
            // Said once: not again each time this file is shown (`:n`, `:p`).
            opening.droppedFromViewFile = []
        }
    }

    /// `:view`, `:view save FILE`, `:view save! FILE`.
    func runViewCommand(_ context: ProgramCommand.Context) {
        let words = context.argument.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = words.first else {
            let options = ViewOptions(view: view, opening: opening)
            context.application.present(ViewCommandLineScreen(commandLine: options.commandLine(file: commandLineFile),
                                                              leftOut: options.dropped + inputLeftOut))
            return
        }
        guard verb == "save" || verb == "save!", words.count == 2, !words[1].trimmingSpaces.isEmpty else {
            view.notice = ":view shows the view's command line; :view save FILE stores the view"
            return
        }
        do {
            view.showLastingNotice(try saveView(to: words[1].trimmingSpaces, overwriting: verb == "save!"))
        } catch {
            view.showLastingNotice("\(error)")
        }
    }

    /// The input's word on the command line: the FILE as it was given (a compressed file's
    /// name too; nil for stdin and the demo, which have none).
    var commandLineFile: String? { opening.file }

    /// What the command line cannot say about the input.
    var inputLeftOut: [String] {
        opening.file == nil && file?.isStream == true ? ["the input (the table came from stdin: pipe it in again)"] : []
    }

    /// Writes the view to `given` (a view file) through the one careful write (`CSVTableWriter
    /// .writeFile`); returns the message. A file there that this session did not write is
    /// replaced only when `overwriting` (`:view save!`); the file being viewed and the
    /// `--output` file never are. UI thread (it reads the view); the file is a few lines.
    func saveView(to given: String, overwriting: Bool) throws -> String {
        let path = Self.expandingHome(given)
        if let reason = reservedFileReason(path, given: given) { throw DTableError("not saved: \(reason)") }
        var options = ViewOptions(view: view, opening: opening)
        options.file = commandLineFile.map(Self.absolutePath)
        let target = otherTargets[path] ?? CSVWriteTarget(path: path, expecting: nil)
        otherTargets[path] = target
        do {
            try CSVTableWriter.writeFile(Array(options.tomlText.utf8), to: target, overwriting: overwriting,
                                         replacingReadOnly: overwriting)
        } catch let error as CSVWriteError where error.isConflict {
            throw DTableError("not saved: \(error.message); :view save! \(given) overwrites")
        } catch let error as CSVWriteError {
            throw DTableError("not saved: \(error.message)")
        }
        let leftOut = options.dropped + inputLeftOut
        let name = TerminalText.quoted(given, maxWidth: 60)
        return "view saved to \(name) (dtable --view \(name) opens it)"
            + (leftOut.isEmpty ? "" : "; left out: " + leftOut.joined(separator: ", "))
    }

    /// `path` from the root (the folder it is in resolved), for a view file opened elsewhere.
    static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
