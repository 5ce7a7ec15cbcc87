import DataTableKit
import TerminalSurface

/// A table pushed over the program's table (VisiData's sheets): the frequency table, the
/// summary. It hosts its own `DataTableView` and `TableController`, built like any table of
/// the library (a data source, a cell provider, the columns' kinds), draws over the whole
/// screen with its own status line, and answers its table's keys: moving, sorting, search
/// (`/ n N`) and filter (`&`) through the same prompts as the program's table, `:` (a row
/// number, `:w FILE` writes the sheet), `?` its help. `q` or `Esc` closes it and returns to the
/// table under it; Ctrl-C still asks to quit the program.
///
/// What the sheet shows and does beyond a table comes from its `SheetContent`: its title, its
/// own keys, `Enter`, and work in the background (polled by the run loop through `poll()`).
/// While that work has produced no table yet (`view` nil) the sheet shows its progress.
public final class SheetScreen: Screen {
    /// What the sheet shows and does.
    public let content: SheetContent
    /// The sheet's table; nil until the content gives it one (`setTable`).
    public private(set) var view: DataTableView?
    /// The controller of `view`'s keys.
    public private(set) var controller: TableController?
    /// Writes the sheet's table (`:w FILE`); nil when the program cannot (the status line says so).
    public var write: ((DataTableView, DataTableWriteRequest) throws -> String)?
    /// The program's answer to a table request the sheet does not answer itself (`F` on a
    /// sheet's column); nil: the status line says the key does nothing here.
    public var onRequest: ((TableRequest, DataTableView) -> ScreenOutcome?)?

    /// A sheet showing `content`, with `view` as its table when there is one already.
    public init(content: SheetContent, view: DataTableView? = nil) {
        self.content = content
        if let view { setTable(view) }
    }

    /// Shows `view` as the sheet's table (the content's first result, or a new one: values
    /// turned into bins). Its status line carries the sheet's title.
    public func setTable(_ view: DataTableView) {
        if let old = self.view, old !== view { old.cancelJob() }
        view.configuration.title = content.title
        self.view = view
        controller = TableController(view: view)
    }

    /// Over the whole screen.
    public var placement: ScreenPlacement { .fullScreen }
    /// The sheet's table: its prompts and help work on it.
    public var hostedView: DataTableView? { view }
    /// The content's work, or a job of the sheet's table (a sort, a search).
    public var isBusy: Bool { content.isBusy || (view?.isLoading ?? false) }

    /// The content's work first (it may bring the table), then the table's own jobs (a sort, a
    /// search, a filter in the sheet).
    public func poll() -> Bool {
        let changed = content.poll(self)
        let refreshed = view?.refreshFromDataSource(checkingForChanges: false) ?? false
        return changed || refreshed
    }

    /// The content's keys first, then the table's; `q`, and `Esc` the table does not want,
    /// close the sheet; Ctrl-C goes to the program.
    public func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        if case .key(let key) = event {
            // Ctrl-C belongs to the program (it asks to quit), never to the sheet's `q`.
            if key == .control("c") { return .ignored }
            if let view {
                // As on the program's table: a message lasts until the next key, the outcome of
                // a write until Esc.
                if !view.isNoticeLasting {
                    view.notice = nil
                } else if key == .escape {
                    view.notice = nil
                    return .redraw
                }
            }
            if key == .escape, controller?.count == nil, content.cancelWork(in: self) {
                // Work stopped before it gave a table: nothing to show, back to the table.
                guard view != nil else {
                    context.view.notice = "\(content.title): cancelled"
                    return .dismiss()
                }
                return .redraw
            }
            if let outcome = content.handle(key, in: self) { return outcome }
        }
        guard let view, let controller else {
            // No table yet: only closing (and the program's keys) mean something.
            switch event {
            case .key(.escape), .key(.character("q")): return .dismiss()
            default: return .ignored
            }
        }
        if case .resize(let size) = event {
            view.setSize(size)
            return .redraw
        }
        switch controller.handle(event) {
        case .redraw: return .redraw
        case .ignored:
            // Esc the table did not want (no job, filter, search or count to drop) closes.
            return event == .key(.escape) ? .dismiss() : .ignored
        case .request(let request): return outcome(for: request, in: view)
        }
    }

    /// What the sheet does with a key its table hands on (`/ & : ? Enter q`).
    private func outcome(for request: TableRequest, in view: DataTableView) -> ScreenOutcome {
        switch request {
        case .search:
            return .push(PromptScreen(Prompt(kind: .search, isRegex: view.lastSearch?.mode == .regex)) { done in
                done.startSearchOrFilter(in: view)
                return .redraw
            })
        case .filter:
            return .push(PromptScreen(Prompt(kind: .filter, text: view.filter?.query ?? "", isRegex: view.filter?.mode == .regex)) {
                done in
                done.startSearchOrFilter(in: view)
                return .redraw
            })
        case .commandLine:
            return .push(PromptScreen(Prompt(kind: .command)) { [unowned self] in runCommandLine($0.text, in: view) })
        case .help:
            return .push(HelpScreen(subject: content.title, leading: content.keyHelp,
                                    omitting: Self.commandsWithoutMeaning, listsProgramCommands: false))
        case .openRecord(let sourceRow):
            return content.activate(sourceRow: sourceRow, in: self)
        case .quit:
            return .dismiss()
        default:
            if let outcome = onRequest?(request, view) { return outcome }
            view.notice = "not in this sheet (q goes back to the table)"
            return .redraw
        }
    }

    /// Table keys that mean nothing in a sheet: its help leaves them out.
    static let commandsWithoutMeaning: Set<TableCommand> = [.undo, .reload, .fireAction, .chooseKind,
                                                           .toggleSection, .toggleAllSections]

    /// `:` in a sheet: a row number, `w FILE` (writes the sheet), `q` (closes it).
    func runCommandLine(_ line: String, in view: DataTableView) -> ScreenOutcome {
        let text = line.trimmingSpaces
        if let number = Int(text) {
            view.goToRow(number)
            return .redraw
        }
        if text.isEmpty { return .redraw }
        if text == "q" || text == "q!" { return .dismiss() }
        guard let request = TableApplication.writeRequest(text), !request.quitsAfter else {
            view.notice = "unknown command ':\(text)' in a sheet: a row number, w FILE or q"
            return .redraw
        }
        guard request.path != nil else {
            view.notice = "a sheet is written to a file of its own: :w FILE"
            return .redraw
        }
        guard let write else {
            view.notice = "this program cannot write sheets"
            return .redraw
        }
        do {
            view.showLastingNotice(try write(view, request))
        } catch {
            view.showLastingNotice("\(error)")
        }
        return .redraw
    }

    /// The sheet's table over the whole screen (sized to it), or the content's progress.
    public func draw(in region: SurfaceRegion, context: ScreenContext) {
        guard let view else { return drawProgress(in: region, theme: context.theme) }
        if view.size != context.surface.size { view.setSize(context.surface.size) }
        view.render(into: context.surface)
    }

    /// The sheet before it has a table: its title and the content's progress.
    private func drawProgress(in region: SurfaceRegion, theme: TableTheme) {
        region.fill(theme.body)
        guard region.height > 0 else { return }
        region.fill(theme.header, in: Rect(x: 0, y: 0, width: region.width, height: 1))
        let status = content.progress ?? "working"
        if region.height >= 3 {
            region.put(" \(status)…", at: Point(x: 0, y: 2), style: Style(attributes: .dim))
        }
        let y = region.height - 1
        region.fill(theme.statusLine, in: Rect(x: 0, y: y, width: region.width, height: 1))
        let line = " \(content.title)  \(status)  (Esc cancels, q goes back)"
        region.put(TerminalText.truncated(line, toWidth: region.width), at: Point(x: 0, y: y), style: theme.statusLine)
    }
}
