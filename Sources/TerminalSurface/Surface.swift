/// An in-memory grid of character cells that everything draws into; never the terminal itself.
///
/// Widgets and cells draw into a `Surface` (usually through a clipped `SurfaceRegion`); a
/// `TerminalBackend` later makes a finished surface visible. Text written here is sanitized:
/// control characters become visible placeholders, so nothing from a data file can reach the
/// terminal as a command.
///
/// `Surface` is a reference type: a frame buffer is shared by the regions that draw into it.
public final class Surface {
    /// Columns by lines.
    /// (`@exclusivity(unchecked)`, as `cells`.)
    @exclusivity(unchecked) public private(set) var size: Size
    /// Row-major cells, `size.width * size.height` of them.
    /// (`@exclusivity(unchecked)`: every write of a frame goes through here (see
    /// docs/decisions/0106). A surface is drawn by one thread at a time, and every writer holds
    /// one access per call.)
    @exclusivity(unchecked) public internal(set) var cells: [SurfaceCell]

    /// A surface of blanks in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    /// A deep copy (the backend keeps one to diff the next frame against).
    ///
    /// The cells are copied now, not shared: a shared buffer would make the next frame's first
    /// write copy the whole screen (copy-on-write) inside the frame build.
    public func copy() -> Surface {
        let other = Surface(size: .zero)
        other.size = size
        other.cells = cells.withUnsafeBufferPointer { Array($0) }
        return other
    }

    /// The whole surface: origin zero, its size.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Changes the size; all cells become blank.
    public func resize(to newSize: Size) {
        size = newSize
        cells = Array(repeating: .blank(), count: newSize.width * newSize.height)
    }

    /// Makes every cell blank with `style`.
    public func clear(style: Style = .plain) {
        for i in cells.indices { cells[i] = .blank(style) }
    }

    /// The cell at column `x`, line `y`.
    public subscript(x: Int, y: Int) -> SurfaceCell {
        precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell (\(x),\(y)) outside \(size)")
        return cells[y * size.width + x]
    }

    /// The whole surface as a region.
    public var region: SurfaceRegion { SurfaceRegion(surface: self, rect: bounds) }

    /// A clipped region of the surface (clipped to its bounds).
    public func region(_ rect: Rect) -> SurfaceRegion {
        SurfaceRegion(surface: self, rect: rect.intersection(bounds))
    }

    // MARK: - Writing (absolute coordinates, always clipped to `clip` ∩ bounds)

    /// Fills `rect` with blanks of `style`.
    public func fill(_ rect: Rect, style: Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // One exclusive access for the whole rectangle, its edges' repair included, never one
        // per cell (docs/decisions/0106).
        let blank = SurfaceCell.blank(style)
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            Self.breakWideGraphemes(crossingEdgesOf: r, in: cells, width: width)
            guard let base = cells.baseAddress else { return }
            withUnsafeBytes(of: blank) { blankBytes in
                for y in r.y..<r.maxY {
                    let row = y * width
                    for x in r.x..<r.maxX {
                        // A cell that already holds the blank, bit for bit, is left alone: the
                        // assignment would retain and release the same grapheme (measured: a
                        // cell write is ~50 instructions of outlined copy and destroy; a frame
                        // fills every row before drawing its cells).
                        let cell = base + row + x
                        if !Self.sameBits(UnsafeRawPointer(cell), blankBytes.baseAddress!, count: blankBytes.count) { cell.pointee = blank }
                    }
                }
            }
        }
    }

    /// Whether `count` bytes at `a` and `b` are equal (8 at a time, then the rest).
    @inline(__always)
    static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var i = 0
        while i &+ 8 <= count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i &+= 8
        }
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i &+= 1
        }
        return true
    }

    /// Lays `patch` over the style of every cell in `rect` (see `Style.patched(with:)`).
    public func patchStyle(_ rect: Rect, with patch: Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let row = y * size.width
            for x in r.x..<r.maxX { cells[row + x].style = cells[row + x].style.patched(with: patch) }
        }
    }

    /// Replaces the style of every cell in `rect`.
    public func setStyle(_ rect: Rect, to style: Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let row = y * size.width
            for x in r.x..<r.maxX { cells[row + x].style = style }
        }
    }

    /// The `Character` of every printable ASCII byte, made once (the fast path below indexes it
    /// instead of building a Character per cell).
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// Writes `text` on one line starting at `point`, clipped to `clip`; returns the column after it.
    ///
    /// Control characters are replaced by placeholders (`TerminalText.sanitized`). A wide
    /// grapheme that would straddle the clip's right edge is drawn as a blank instead.
    /// - Complexity: O(k) in the characters written.
    @discardableResult
    public func put(_ text: String, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        put(text[...], at: point, style: style, clip: clip)
    }

    /// Writes a slice of a string, without copying it (see `put(_:at:style:clip:)` for `String`):
    /// how a cell draws a prefix of its text (a cut field) without allocating.
    @discardableResult
    public func put(_ text: Substring, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        // Fast path: cells hold mostly printable ASCII, read from the contiguous UTF-8 through a
        // Character table (`Substring.withUTF8`: the slice's generic
        // `utf8.withContiguousStorageIfAvailable` is not specialised; docs/decisions/0106).
        var text = text
        let written: Int? = text.withUTF8 { utf8 -> Int? in
            for byte in utf8 where byte < 0x20 || byte > 0x7E { return nil }
            let c = (clip ?? bounds).intersection(bounds)
            var x = point.x
            guard point.y >= c.y, point.y < c.maxY else { return x + utf8.count }
            let first = max(x, c.x), end = min(x + utf8.count, c.maxX)
            guard first < end else { return x + utf8.count }
            let width = size.width
            let row = point.y * width
            let table = Self.asciiCharacters
            cells.withUnsafeMutableBufferPointer { cells in
                // Wide graphemes cut at either end of the written run become blanks.
                Self.breakWideGraphemes(crossingEdgesOf: Rect(x: first, y: point.y, width: end - first, height: 1), in: cells, width: width)
                for i in first..<end {
                    cells[row + i] = SurfaceCell(grapheme: table[Int(utf8[i - x])], width: 1, style: style)
                }
            }
            x += utf8.count
            return x
        }
        if let written { return written }
        return putGraphemes(text, at: point, style: style, clip: clip)
    }

    /// Writes any string-like text (see `put(_:at:style:clip:)` for `String`).
    @discardableResult
    public func put<S: StringProtocol>(_ text: S, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        put(String(text), at: point, style: style, clip: clip)
    }

    /// The general path: sanitizes, then writes grapheme by grapheme.
    ///
    /// One exclusive access to the cells for the whole text, never one per grapheme
    /// (docs/decisions/0106).
    private func putGraphemes(_ text: Substring, at point: Point, style: Style, clip: Rect?) -> Int {
        let c = (clip ?? bounds).intersection(bounds)
        guard point.y >= c.y, point.y < c.maxY else { return point.x + text.displayWidth }
        if !TerminalText.isSafe(text) {
            return putGraphemes(TerminalText.sanitized(String(text))[...], at: point, style: style, clip: c)
        }
        if let end = putScalars(text, at: point, style: style, clip: c) { return end }
        var x = point.x
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            // A whole string iterates faster as a String than as a slice of itself.
            if text.startIndex == text.base.startIndex && text.endIndex == text.base.endIndex {
                for character in text.base {
                    if x >= c.maxX { break }
                    x = Self.put(character, x: x, y: point.y, style: style, clip: c, in: cells, width: width)
                }
            } else {
                for character in text {
                    if x >= c.maxX { break }
                    x = Self.put(character, x: x, y: point.y, style: style, clip: c, in: cells, width: width)
                }
            }
        }
        return x
    }

    /// `putGraphemes` for safe text whose scalars up to the clip's right edge, and the one after
    /// the last written, are each a grapheme of its own (none may join a neighbour; see
    /// `DisplayWidth.joinsFlag`): written scalar by scalar, the same cells as by Characters
    /// without finding grapheme boundaries (names, CJK, most emoji). Nil, having written nothing,
    /// for other text.
    private func putScalars(_ text: Substring, at point: Point, style: Style, clip c: Rect) -> Int? {
        var text = text
        let width = size.width
        return text.withUTF8 { utf8 -> Int? in
            guard let base = utf8.baseAddress else { return point.x }
            let n = utf8.count
            // First pass: every scalar that will be looked at is its own grapheme.
            var i = 0, x = point.x
            while i < n {
                let (v, length) = DisplayWidth.decodeScalar(base, at: i)
                let k = DisplayWidth.kind(of: v)
                if k & DisplayWidth.joinsFlag != 0 { return nil }
                if x >= c.maxX { break }  // the scalar after the last written: it does not join
                x &+= Int(k & DisplayWidth.widthMask)
                i &+= length
            }
            // Second pass: write them, as `put(_:x:y:...)` writes Characters.
            let end = i
            i = 0
            x = point.x
            cells.withUnsafeMutableBufferPointer { cells in
                while i < end && x < c.maxX {
                    let (v, length) = DisplayWidth.decodeScalar(base, at: i)
                    let w = Int(DisplayWidth.kind(of: v) & DisplayWidth.widthMask)
                    // Valid UTF-8 (a String's storage): every decoded value is a scalar.
                    let character = Character(Unicode.Scalar(v).unsafelyUnwrapped)
                    x = Self.put(character, displayWidth: w, x: x, y: point.y, style: style, clip: c, in: cells, width: width)
                    i &+= length
                }
            }
            return x
        }
    }

    /// Writes one grapheme at `(x, y)` within `clip` into the cells held for one exclusive
    /// access; returns the column after it.
    @inline(__always)
    private static func put(_ character: Character, x: Int, y: Int, style: Style, clip c: Rect,
                            in cells: UnsafeMutableBufferPointer<SurfaceCell>, width: Int) -> Int {
        put(character, displayWidth: character.displayWidth, x: x, y: y, style: style, clip: c, in: cells, width: width)
    }

    /// `put(_:x:y:style:clip:in:width:)` for a grapheme `w` columns wide.
    @inline(__always)
    private static func put(_ character: Character, displayWidth w: Int, x: Int, y: Int, style: Style, clip c: Rect,
                            in cells: UnsafeMutableBufferPointer<SurfaceCell>, width: Int) -> Int {
        guard w > 0 else { return x }  // a standalone zero-width cluster draws nothing
        if w == 2 {
            if x >= c.x && x + 1 < c.maxX {
                set(character, width: 2, at: x, y: y, style: style, in: cells, rowWidth: width)
                set(" ", width: 0, at: x + 1, y: y, style: style, in: cells, rowWidth: width)
            } else {
                // Only half of it is inside the clip: show a blank there, never half a glyph.
                if x >= c.x && x < c.maxX { set(" ", width: 1, at: x, y: y, style: style, in: cells, rowWidth: width) }
                if x + 1 >= c.x && x + 1 < c.maxX { set(" ", width: 1, at: x + 1, y: y, style: style, in: cells, rowWidth: width) }
            }
            return x + 2
        }
        if x >= c.x && x < c.maxX { set(character, width: 1, at: x, y: y, style: style, in: cells, rowWidth: width) }
        return x + 1
    }

    /// Stores one cell, first repairing any wide grapheme it cuts in half.
    @inline(__always)
    private static func set(_ character: Character, width: UInt8, at x: Int, y: Int, style: Style,
                            in cells: UnsafeMutableBufferPointer<SurfaceCell>, rowWidth: Int) {
        let i = y * rowWidth + x
        let old = cells[i].width
        // Overwriting the right half of a wide grapheme: its left half becomes a blank.
        if old == 0 && width != 0 && x > 0 { cells[i - 1] = .blank(cells[i - 1].style) }
        // Overwriting the left half: the orphaned continuation becomes a blank.
        if old == 2 && width != 2 && x + 1 < rowWidth { cells[i + 1] = .blank(cells[i + 1].style) }
        cells[i] = SurfaceCell(grapheme: character, width: width, style: style)
    }

    /// Writes one grapheme at `(x, y)` within `clip`; returns the column after it.
    ///
    /// A control character becomes its placeholder(s), as in the string version ("\r\n" is 2 columns).
    @discardableResult
    public func put(_ character: Character, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        put(String(character), at: point, style: style, clip: clip)
    }

    /// Wide graphemes cut by the left or right edge of `r` become blanks, so a fill never leaves half a glyph.
    /// (Within one exclusive access to the cells, `width` the surface's.)
    @inline(__always)
    private static func breakWideGraphemes(crossingEdgesOf r: Rect, in cells: UnsafeMutableBufferPointer<SurfaceCell>, width: Int) {
        for y in r.y..<r.maxY {
            let row = y * width
            if cells[row + r.x].width == 0 && r.x > 0 {
                cells[row + r.x - 1] = .blank(cells[row + r.x - 1].style)
            }
            let last = r.maxX - 1
            if cells[row + last].width == 2 && last + 1 < width {
                cells[row + last + 1] = .blank(cells[row + last + 1].style)
            }
        }
    }
}
