import DataTableKit
import TerminalSurface

/// One line of text being typed, with a cursor: the editing of the prompts (`/`, `&`, `:`) and
/// of the edit form, with the keys of readline and less.
public struct LineEditor: Hashable, Sendable {
    /// The text, as graphemes (the cursor moves by grapheme).
    private var characters: [Character]
    /// Position of the cursor: before `characters[cursor]`, or at the end.
    public private(set) var cursor: Int

    /// An editor holding `text` with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The line's text.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
        }
    }

    /// Whether the line is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// Applies an editing key; returns false for keys it does not edit with (Enter, Esc, ...).
    /// Characters insert at the cursor; Left/Right, Home/Ctrl-A, End/Ctrl-E move; Backspace
    /// and Delete/Ctrl-D delete; Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the
    /// word before the cursor.
    /// - Complexity: O(n) in the line's length.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            characters.insert(c, at: cursor)
            cursor += 1
        case .tab:
            characters.insert("\t", at: cursor)
            cursor += 1
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0 && characters[start - 1] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// Draws the line into `region` from column `x` on row 0: scrolled so the cursor shows, the
    /// cursor as a reversed cell (a reversed blank at the end).
    /// - Complexity: O(n) in the line's length.
    func draw(in region: SurfaceRegion, x: Int, style: Style) {
        let room = region.width - x
        guard room > 0 else { return }
        let widths = characters.map { max(0, String($0).displayWidth) }
        // The first character shown: as far left as leaves room for the cursor's cell.
        var start = cursor
        var used = cursor < characters.count ? max(1, widths[cursor]) : 1
        while start > 0 && used + widths[start - 1] <= room {
            start -= 1
            used += widths[start]
        }
        var column = x
        var index = start
        while index < characters.count && column + widths[index] <= region.width {
            let cellStyle = index == cursor ? style.patched(with: Style(attributes: .reverse)) : style
            column = region.put(String(characters[index]), at: Point(x: column, y: 0), style: cellStyle)
            index += 1
        }
        if cursor == characters.count && column < region.width {
            region.put(" ", at: Point(x: column, y: 0), style: style.patched(with: Style(attributes: .reverse)))
        }
    }
}
