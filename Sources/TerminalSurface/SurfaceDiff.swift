/// Cells of one row that a terminal is sent for a frame: the cells `columns` of row `y`,
/// written left to right.
public struct SurfaceRun: Hashable, Sendable, CustomStringConvertible {
    /// The row.
    public var y: Int
    /// The columns written (never empty).
    public var columns: Range<Int>

    /// The cells `columns` of row `y`.
    public init(y: Int, columns: Range<Int>) {
        self.y = y
        self.columns = columns
    }

    /// The first column written.
    public var x: Int { columns.lowerBound }
    /// How many cells are written.
    public var count: Int { columns.count }
    /// `y:x..<end`.
    public var description: String { "\(y):\(columns)" }
}

/// The frame diff of every backend: which cells of a new frame a terminal must be sent, given
/// the cells it shows. The ncurses backend writes exactly these runs; the memory backend
/// applies them to its screen and counts them (see `TerminalScreen`).
///
/// The rules, one for every backend:
/// - A cell is written when it differs from the cell shown there (`SurfaceCell` equality:
///   grapheme, width and style), so a change of style alone is written too.
/// - A wide grapheme is written whole: when its head or its continuation differs, both are
///   written, head first, in one run (a terminal draws the two columns as one glyph, and a
///   backend may put part of it in the continuation, as ncurses does a flag's second half).
/// - A run is a maximal stretch of written cells of one row: it never crosses the row's end and
///   never starts or ends inside a wide grapheme. A wide head in the last column (the surface's
///   drawing never leaves one) has no continuation to take along, and a continuation without a
///   wide head before it counts as a cell of its own.
/// - With nothing shown yet (`shown` nil) or a frame of another size, every cell is written:
///   one run per row.
/// An unchanged frame writes nothing; applying the runs to the shown cells gives the frame.
/// See docs/decisions/0105-one-surface-diff-for-every-backend.md.
public enum SurfaceDiff {
    /// Hands `body` each run that brings `shown` to `frame`, row by row, left to right.
    /// - Complexity: O(cells); no allocation.
    public static func forEachRun(from shown: Surface?, to frame: Surface, _ body: (SurfaceRun) -> Void) {
        let width = frame.size.width, height = frame.size.height
        guard width > 0 else { return }
        guard let shown, shown.size == frame.size else {
            for y in 0..<height { body(SurfaceRun(y: y, columns: 0..<width)) }
            return
        }
        shown.cells.withUnsafeBufferPointer { oldCells in
            frame.cells.withUnsafeBufferPointer { new in
                guard let old = oldCells.baseAddress, let next = new.baseAddress else { return }
                for y in 0..<height {
                    let row = y * width
                    var start = -1
                    var x = 0
                    while x < width {
                        // A wide head and its continuation are one grapheme: compared, and
                        // written, together.
                        let span = new[row + x].width == 2 && x + 1 < width && new[row + x + 1].isContinuation ? 2 : 1
                        var changed = !same(old + row + x, next + row + x)
                        if span == 2 && !changed { changed = !same(old + row + x + 1, next + row + x + 1) }
                        if changed {
                            if start < 0 { start = x }
                        } else if start >= 0 {
                            body(SurfaceRun(y: y, columns: start..<x))
                            start = -1
                        }
                        x += span
                    }
                    if start >= 0 { body(SurfaceRun(y: y, columns: start..<width)) }
                }
            }
        }
    }

    /// The runs that bring `shown` to `frame`, in the order `forEachRun` gives them.
    public static func runs(from shown: Surface?, to frame: Surface) -> [SurfaceRun] {
        var runs: [SurfaceRun] = []
        forEachRun(from: shown, to: frame) { runs.append($0) }
        return runs
    }

    /// Whether two cells are equal: the same bits (the usual case for a cell left alone, as
    /// cheap as a compare of a few words), else `==`.
    @inline(__always)
    private static func same(_ a: UnsafePointer<SurfaceCell>, _ b: UnsafePointer<SurfaceCell>) -> Bool {
        Surface.sameBits(UnsafeRawPointer(a), UnsafeRawPointer(b), count: MemoryLayout<SurfaceCell>.size) || a.pointee == b.pointee
    }
}
