import DataTableKit

/// Sheets: tables pushed over the program's table (the frequency table, the summary).
extension TableApplication {
    /// A sheet showing `content` over the program's table, ready to push (`present(_:)`, or
    /// `.push` from a request): `:w FILE` there writes the sheet through the delegate
    /// (`dataTable(_:writeSheet:_:)`), and the table keys that open sheets (`F`) or prompts (`|`)
    /// work on the sheet's own table.
    public func makeSheet(_ content: SheetContent) -> SheetScreen {
        let sheet = SheetScreen(content: content)
        sheet.onRequest = { [unowned self] request, sheetView in sheetOutcome(for: request, in: sheetView) }
        sheet.write = { [unowned self] sheetView, request in
            try (delegate ?? NoApplicationDelegate.shared).dataTable(view, writeSheet: sheetView, request)
        }
        return sheet
    }

    /// What a table request the sheet does not answer itself means in a sheet's table (nil:
    /// nothing there).
    func sheetOutcome(for request: TableRequest, in sheetView: DataTableView) -> ScreenOutcome? {
        switch request {
        case .frequency(let column): return frequencySheet(of: sheetView, column: column)
        case .summary: return summarySheet(of: sheetView)
        case .filterColumn(let column):
            let title = sheetView.dataSource.title(ofColumn: column)
            return .push(PromptScreen(Prompt(kind: .columnFilter(column: column, title: title))) { done in
                done.pushColumnFilter(column: column, in: sheetView)
                return .redraw
            })
        default: return nil
        }
    }

    /// Polls the screens' own work (a sheet's count) and draws a frame when it changed; for
    /// tests and scripts on the memory backend, which have no run loop. Returns whether it did.
    @discardableResult
    public func pollScreens() -> Bool {
        guard screens.poll() else { return false }
        drawFrame()
        return true
    }
}
