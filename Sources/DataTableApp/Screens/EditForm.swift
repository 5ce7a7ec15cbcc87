import DataTableKit
import TerminalSurface

/// The small form of the `edit` action: a record's fields, one chosen, its value edited on the
/// bottom line.
public struct EditForm: Hashable, Sendable {
    /// The record being edited.
    public var sourceRow: Int
    /// The chosen field (a column of the data).
    public var field = 0
    /// The line being typed for the chosen field (nil: choosing a field).
    public var editor: LineEditor?
    /// The text being typed for the chosen field (nil: choosing a field).
    public var editingText: String? { editor?.text }
    /// First field line on screen.
    var scrollOffset = 0

    /// A form editing `sourceRow`, on its first field.
    public init(sourceRow: Int) {
        self.sourceRow = sourceRow
    }

    /// What a key did to the form.
    enum Outcome {
        /// The form changed (or not); it stays.
        case editing
        /// The chosen field's new text.
        case commit(column: Int, text: String)
        case close
    }

    /// Applies one key in place (the line being typed is not copied: a key costs O(1) at its
    /// end). Up/Down (j/k) choose a field, Enter edits it (Enter again keeps the text, Esc drops
    /// it), Esc or q closes the form.
    mutating func apply(_ key: Key, fieldCount: Int, currentText: String) -> Outcome {
        if editor != nil {
            switch key {
            case .enter:
                let text = editor?.text ?? ""
                editor = nil
                return .commit(column: field, text: text)
            case .escape, .control("g"):
                editor = nil
            default:
                _ = editor?.handle(key)
            }
            return .editing
        }
        switch key {
        case .down, .character("j"), .tab: field = min(field + 1, max(0, fieldCount - 1))
        case .up, .character("k"), .backTab: field = max(field - 1, 0)
        case .enter: editor = LineEditor(currentText)
        case .escape, .character("q"): return .close
        default: break
        }
        return .editing
    }

    /// Draws the form: a title, every field with the chosen one highlighted, and the line
    /// being typed at the bottom.
    func draw(in region: SurfaceRegion, titles: [String], values: [String], theme: TableTheme, scroll: inout Int) {
        region.fill(.plain)
        guard region.height > 0 else { return }
        region.put(" edit row \(sourceRow + 1)", at: .zero, style: theme.helpTitle)
        let titleWidth = min(max(4, region.width / 3), titles.map(\.displayWidth).max() ?? 0)
        let footer = region.height >= 3 ? 1 : 0
        let listTop = region.height >= 2 ? 2 : 1
        let listHeight = max(0, region.height - listTop - footer)
        if field < scroll { scroll = field }
        if listHeight > 0 && field >= scroll + listHeight { scroll = field - listHeight + 1 }
        for (i, title) in titles.enumerated().dropFirst(scroll).prefix(listHeight) {
            let y = listTop + i - scroll
            let chosen = i == field
            var label = Label(text: title, alignment: .right, style: theme.helpKey)
            label.truncation = .tail
            label.draw(in: region.region(Rect(x: 1, y: y, width: titleWidth, height: 1)))
            let valueRegion = region.region(Rect(x: titleWidth + 3, y: y, width: region.width - titleWidth - 3, height: 1))
            var value = Label(text: i < values.count ? values[i] : "", style: chosen ? Style(attributes: .reverse) : .plain)
            value.truncation = .tail
            if chosen { valueRegion.fill(Style(attributes: .reverse)) }
            value.draw(in: valueRegion)
        }
        guard footer == 1 else { return }
        let bottom = region.region(Rect(x: 0, y: region.height - 1, width: region.width, height: 1))
        bottom.fill(theme.statusLine)
        if let editor {
            let prefix = " \(field < titles.count ? titles[field] : ""): "
            let x = bottom.put(TerminalText.truncated(prefix, toWidth: max(1, region.width / 3)), at: .zero, style: theme.statusLine)
            editor.draw(in: bottom, x: x, style: theme.statusLine)
        } else {
            bottom.put(" Up/Down choose a field  Enter edit it  Esc done (u undoes, :w writes)", at: .zero, style: theme.statusHint)
        }
    }
}
