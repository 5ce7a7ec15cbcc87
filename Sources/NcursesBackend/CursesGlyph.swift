@preconcurrency import CNcursesw
import Glibc
import TerminalSurface

/// What ncurses is given for one grapheme of a `Surface`: the wide characters of its own cell
/// and, for a wide grapheme, of the continuation cell to its right.
///
/// An ncurses cell (`cchar_t`) holds one spacing character followed by up to four non-spacing
/// ones (`CCHARW_MAX` is 5); `setcchar` silently drops everything from the second spacing
/// character on. So a grapheme is drawn:
/// - **whole**, when it is a base plus zero-width scalars (`e` + U+0301, `❤` + U+FE0F, the
///   keycap `1️⃣`), in its own cell; marks beyond the fourth are left out (they have no width);
/// - **split over its two cells**, when it is a flag (two regional indicators, each one column
///   to glibc): the first indicator in the grapheme's cell, the second in its continuation, so
///   the terminal receives the pair together and nothing lands outside the flag's two columns;
/// - **as one placeholder of its width** otherwise (emoji ZWJ sequences such as `👨‍👩‍👧`, skin-tone
///   modifiers): its first scalar when that alone is as wide
///   as the grapheme (`👨`, `👍`), else U+FFFD. The rest of the cluster is never sent: before,
///   the joiners were appended to the base and the terminal glued them to the next cell's text.
///
/// Where glibc finds a glyph narrower than dtable's width table does (`❤️`: 1 against 2), the
/// continuation gets a blank, so the row keeps its columns.
struct CursesGlyph: Equatable {
    /// The characters of the grapheme's own cell (never empty, no terminating zero).
    var head: [wchar_t]
    /// What the continuation cell shows, for a grapheme of width 2: nil when ncurses fills it
    /// itself (the head is two columns wide to glibc), else the characters to write there.
    var continuation: [wchar_t]?

    /// The most characters one ncurses cell holds (`CCHARW_MAX`).
    static let cellCapacity = 5

    static let replacement = wchar_t(0xFFFD)
    static let blank = wchar_t(0x20)

    /// How `grapheme`, drawn `width` columns wide by the surface (1 or 2), goes to ncurses.
    ///
    /// - Parameter columns: the terminal library's width of one scalar (glibc `wcwidth`; -1 for
    ///   unprintable), the same table ncurses places characters by.
    init(grapheme: Character, width: Int, columns: (Unicode.Scalar) -> Int = CursesGlyph.glibcWidth) {
        let scalars = Array(grapheme.unicodeScalars)
        guard let base = scalars.first else {
            self.init(head: [Self.blank], continuation: width == 2 ? [Self.blank] : nil)
            return
        }
        let baseColumns = columns(base)
        let tail = scalars.dropFirst()
        let holdable = baseColumns >= 0 && baseColumns <= width && tail.allSatisfy { columns($0) == 0 }
        if holdable {
            // Marks past the cell's capacity (a "zalgo" pile) are left out; they have no width.
            let kept = scalars.prefix(Self.cellCapacity).map { wchar_t($0.value) }
            self.init(head: kept, width: width, headColumns: max(1, baseColumns))
        } else if width == 2, scalars.count == 2, scalars.allSatisfy(\.isRegionalIndicator),
                  scalars.allSatisfy({ columns($0) == 1 }) {
            self.init(head: [wchar_t(scalars[0].value)], continuation: [wchar_t(scalars[1].value)])
        } else if baseColumns == width {
            self.init(head: [wchar_t(base.value)], continuation: nil)
        } else {
            self.init(head: [Self.replacement], width: width, headColumns: 1)
        }
    }

    init(head: [wchar_t], continuation: [wchar_t]?) {
        self.head = head
        self.continuation = continuation
    }

    /// A head `headColumns` wide to ncurses in a grapheme `width` wide: a narrower head leaves
    /// a blank in the continuation.
    private init(head: [wchar_t], width: Int, headColumns: Int) {
        self.init(head: head, continuation: width == 2 && headColumns < 2 ? [Self.blank] : nil)
    }

    /// The head of a grapheme that is one printable ASCII character (0x20...0x7E), which is
    /// the character itself (as `init(grapheme:width:)` gives it, without building arrays);
    /// nil for any other grapheme.
    @inline(__always)
    static func printableASCII(_ grapheme: Character) -> wchar_t? {
        let utf8 = grapheme.utf8
        guard utf8.count == 1, let value = utf8.first, value &- 0x20 < 0x5F else { return nil }
        return wchar_t(value)
    }

    /// glibc's `wcwidth`, which needs a UTF-8 `LC_CTYPE` (the terminal selects one).
    static func glibcWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(wcwidth(wchar_t(scalar.value)))
    }
}

extension Unicode.Scalar {
    /// U+1F1E6…U+1F1FF: two of them make a flag.
    var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }
}
