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

    /// Inserts pasted text at the cursor as one edit, the cursor after it. The line is one line:
    /// line breaks (CR, LF, CR LF, ...) become spaces, and those at the end of the paste (a copied
    /// line's own) are dropped. Other characters, tabs included, go in as they are.
    /// - Complexity: O(n + m) for a paste of m characters into a line of n.
    public mutating func insert(pasted text: String) {
        var pasted = Array(text)
        while let last = pasted.last, last.isNewline { pasted.removeLast() }
        for index in pasted.indices where pasted[index].isNewline { pasted[index] = " " }
        characters.insert(contentsOf: pasted, at: cursor)
        cursor += pasted.count
    }

    /// Applies an editing key; returns false for keys it does not edit with (Enter, Esc, ...).
    /// Characters insert at the cursor; Left/Right, Home/Ctrl-A, End/Ctrl-E move; Backspace
    /// and Delete/Ctrl-D delete; Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the
    /// word before the cursor.
    /// - Complexity: O(1) amortized for a character typed or deleted at the end of the line and
    ///   for moving the cursor by one; O(n) in the line's length for edits before its end and
    ///   for Ctrl-W over a long word.
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
    /// - Complexity: O(w) in the room's width, not the line's length: only the characters that
    ///   can show around the cursor are measured (zero-width ones count as one, so the walk
    ///   stops within the room).
    func draw(in region: SurfaceRegion, x: Int, style: Style) {
        let room = region.width - x
        guard room > 0 else { return }
        func width(_ index: Int) -> Int { max(0, String(characters[index]).displayWidth) }
        // The first character shown: as far left as leaves room for the cursor's cell.
        var start = cursor
        var used = cursor < characters.count ? max(1, width(cursor)) : 1
        var looked = 0
        while start > 0 && looked < room {
            let previous = width(start - 1)
            guard used + previous <= room else { break }
            start -= 1
            used += previous
            looked += 1
        }
        var column = x
        var index = start
        while index < characters.count && column + width(index) <= region.width && index - start <= room {
            let cellStyle = index == cursor ? style.patched(with: Style(attributes: .reverse)) : style
            column = region.put(String(characters[index]), at: Point(x: column, y: 0), style: cellStyle)
            index += 1
        }
        if cursor == characters.count && column < region.width {
            region.put(" ", at: Point(x: column, y: 0), style: style.patched(with: Style(attributes: .reverse)))
        }
    }
}
