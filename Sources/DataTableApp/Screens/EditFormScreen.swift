import DataTableKit
import TerminalSurface

/// The `edit` action's form over the whole table (`EditForm`): a field chosen with Up/Down,
/// edited on the bottom line; each committed value goes to `onCommit`, whose message shows on
/// the form. A paste goes into the line being typed as one edit (`LineEditor.insert(pasted:)`).
final class EditFormScreen: Screen {
    private(set) var form: EditForm
    /// A changed field (source row, column, new text); returns a message for the status line.
    let onCommit: (_ sourceRow: Int, _ column: Int, _ text: String) -> String?

    init(sourceRow: Int, onCommit: @escaping (Int, Int, String) -> String?) {
        self.form = EditForm(sourceRow: sourceRow)
        self.onCommit = onCommit
    }

    var placement: ScreenPlacement { .fullScreen }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        if case .paste(let text) = event {
            guard form.editor != nil else { return .ignored }  // choosing a field: nothing to paste into
            form.editor?.insert(pasted: text)
            return .redraw
        }
        // Ctrl-C goes to the application (quitting asks about unsaved edits).
        guard case .key(let key) = event, key != .control("c") else { return .ignored }
        let view = context.view
        // The form's fields are the shown data columns in display order: field → source column.
        let fieldColumns = view.editableColumns
        let fieldColumn = form.field < fieldColumns.count ? fieldColumns[form.field] : form.field
        if form.editor == nil, key == .enter, let rawRecords = view.dataSource as? DataTableRawRecords,
           rawRecords.isValueCut(row: form.sourceRow, column: fieldColumn) {
            // The form shows the start of a huge field: editing that would replace the field with it.
            let size = rawRecords.rawField(row: form.sourceRow, column: fieldColumn)?.count ?? 0
            view.notice = "this field is too long to edit here (\(grouped(size)) bytes)"
            return .redraw
        }
        let fields = view.editableFields(of: form.sourceRow)
        let current = form.field < fields.values.count ? fields.values[form.field] : ""
        switch form.apply(key, fieldCount: fields.titles.count, currentText: current) {
        case .editing:
            break
        case .commit(let column, let text):
            let source = column < fieldColumns.count ? fieldColumns[column] : column
            if text != current, let message = onCommit(form.sourceRow, source, text) {
                view.notice = message
            }
        case .close:
            return .dismiss()
        }
        return .redraw
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        let view = context.view
        let fields = view.editableFields(of: form.sourceRow)
        var scroll = form.scrollOffset
        form.draw(in: region, titles: fields.titles, values: fields.values, theme: context.theme, scroll: &scroll)
        form.scrollOffset = scroll
        if let notice = view.notice, region.height >= 3 {
            region.region(Rect(x: 0, y: 1, width: region.width, height: 1)).put(" " + notice, at: .zero, style: context.theme.statusNotice)
        }
    }
}
