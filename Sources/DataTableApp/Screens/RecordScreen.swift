import DataTableKit
import TerminalSurface

/// The `Enter` screen over the whole table: the cursor's record field by field (`RecordView`),
/// scrolled with j/k and pages, n/p for the next or previous record.
final class RecordScreen: Screen {
    /// The source row on view.
    private(set) var sourceRow: Int
    /// First line on screen (clamped when drawn).
    var scrollOffset = 0

    init(sourceRow: Int) {
        self.sourceRow = sourceRow
    }

    var placement: ScreenPlacement { .fullScreen }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        let view = context.view
        if let outcome = context.scrollingOutcome(for: event, scrollOffset: &scrollOffset) { return outcome }
        switch event {
        case .mouse, .resize, .paste:
            return .ignored
        case .key(let key):
            switch key {
            case .character("q"), .escape, .enter:
                return .dismiss()
            case .character("n"), .right, .character("l"):
                view.viewport.moveCursor(rows: 1)
                showCursorRecord(of: view)
            case .character("p"), .left, .character("h"):
                view.viewport.moveCursor(rows: -1)
                showCursorRecord(of: view)
            case .character("m"):
                view.toggleMarkAtCursor()
            case .character("y"):
                copyRecord(of: view)
            default:
                return .ignored
            }
            return .redraw
        }
    }

    /// Shows the cursor's record from its first line.
    private func showCursorRecord(of view: DataTableView) {
        guard view.viewport.rowCount > 0 else { return }
        sourceRow = view.sourceRow(forDisplayRow: view.viewport.cursor.row)
        scrollOffset = 0
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        let view = context.view
        recordView(of: view).draw(in: region, scrollOffset: &scrollOffset)
        if let notice = view.notice, region.height >= 3 {
            // Over the footer's whole line: none of the footer's text may show after the notice.
            let line = region.region(view.statusRect)
            line.fill(.plain)
            line.put(" " + notice + " ", at: .zero, style: context.theme.statusNotice)
        }
    }

    /// The record on view, for drawing.
    func recordView(of view: DataTableView) -> RecordView {
        let source = sourceRow
        let (titles, values) = view.editableFields(of: source)
        let fieldColumns = view.editableColumns
        let heading = "record \(grouped(view.viewport.cursor.row + 1)) of \(grouped(view.viewport.rowCount))"
            + (source != view.viewport.cursor.row || view.isReordered ? " (row \(grouped(source + 1)) in the data)" : "")
            + Self.hiddenNote(view.hiddenColumns.count)
        var cutNotes: [Int: String] = [:]
        let rawRecords = view.dataSource as? DataTableRawRecords
        for field in values.indices where rawRecords?.isValueCut(row: source, column: fieldColumns[field]) == true {
            // A cut value ends with the source's marker ("… [64 KiB of 500 MiB shown]").
            if let start = values[field].lastIndex(of: "…") { cutNotes[field] = String(values[field][start...]) }
        }
        var record = RecordView(titles: titles, values: values, heading: heading, theme: view.configuration.theme,
                                isMarked: view.isMarked(sourceRow: source), cutNotes: cutNotes)
        let notes = view.dataSource.layer((any DataTableFieldNotes).self)
        for field in values.indices { record.notes[field] = notes?.note(row: source, column: fieldColumns[field]) }
        return record
    }

    /// The heading's note on hidden columns (the record view shows the columns shown, in display
    /// order): "" when none are hidden.
    static func hiddenNote(_ count: Int) -> String {
        count == 0 ? "" : count == 1 ? ", 1 column hidden (+ shows it)" : ", \(count) columns hidden (+ shows them)"
    }

    /// Copies the record on view as one CSV line: the data's fields shown, in display order,
    /// whole (a field shown cut is read whole, or the copy is refused when it is too large).
    private func copyRecord(of view: DataTableView) {
        var values = view.editableFields(of: sourceRow).values
        let fieldColumns = view.editableColumns
        let rawRecords = view.dataSource as? DataTableRawRecords
        for field in values.indices where rawRecords?.isValueCut(row: sourceRow, column: fieldColumns[field]) == true {
            guard let whole = view.copyableText(row: sourceRow, column: fieldColumns[field]) else { return }
            values[field] = whole
        }
        view.copyToClipboard(CSVField.record(values), saying: "copied the record as CSV")
    }
}
