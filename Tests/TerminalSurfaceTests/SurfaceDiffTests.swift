import Testing
import TestSupport
@testable import TerminalSurface

/// The one frame diff of every backend (`SurfaceDiff`): what a terminal is sent for a frame.
@Suite("Surface diff")
struct SurfaceDiffTests {
    static let size = Size(width: 12, height: 4)
    static let red = Style(foreground: .red)

    /// The runs, and the screen `shown` becomes when they are applied.
    static func applied(_ shown: Surface?, _ frame: Surface) -> (runs: [SurfaceRun], screen: Surface) {
        var screen = TerminalScreen()
        if let shown { screen.update(to: shown) { _ in } }
        var written: [SurfaceRun] = []
        screen.update(to: frame) { written.append($0) }
        #expect(written == screen.lastRuns)
        return (written, screen.shown!)
    }

    @Test("The first frame writes every cell, one run per row")
    func firstFrameWritesEverything() {
        let frame = Surface(size: Self.size)
        #expect(SurfaceDiff.runs(from: nil, to: frame) == (0..<4).map { SurfaceRun(y: $0, columns: 0..<12) })
        #expect(SurfaceDiff.runs(from: Surface(size: Size(width: 12, height: 3)), to: frame).count == 4)
    }

    @Test("An unchanged frame writes nothing")
    func unchangedFrameWritesNothing() {
        let frame = Surface(size: Self.size)
        frame.put("東京 e\u{301} 🇯🇵", at: .zero, style: Self.red)
        #expect(SurfaceDiff.runs(from: frame.copy(), to: frame).isEmpty)
        var screen = TerminalScreen()
        screen.update(to: frame) { _ in }
        screen.update(to: frame) { _ in Issue.record("wrote a run of an unchanged frame") }
        #expect(screen.lastCellsWritten == 0)
    }

    @Test("A change of style alone is written")
    func styleChangeIsWritten() {
        let shown = Surface(size: Self.size)
        shown.put("abc", at: Point(x: 2, y: 1), style: .plain)
        let frame = shown.copy()
        frame.setStyle(Rect(x: 3, y: 1, width: 1, height: 1), to: Self.red)
        #expect(SurfaceDiff.runs(from: shown, to: frame) == [SurfaceRun(y: 1, columns: 3..<4)])
    }

    @Test("Adjacent changed cells make one run; a gap starts another")
    func runsAreMaximal() {
        let shown = Surface(size: Self.size)
        let frame = shown.copy()
        frame.put("ab", at: Point(x: 1, y: 0), style: .plain)
        frame.put("c", at: Point(x: 5, y: 0), style: .plain)
        frame.put("zz", at: Point(x: 10, y: 2), style: .plain)
        #expect(SurfaceDiff.runs(from: shown, to: frame)
            == [SurfaceRun(y: 0, columns: 1..<3), SurfaceRun(y: 0, columns: 5..<6), SurfaceRun(y: 2, columns: 10..<12)])
    }

    @Test("A wide grapheme is written whole when either of its cells changed")
    func wideGraphemesAreWrittenWhole() {
        let shown = Surface(size: Self.size)
        shown.put("a東b", at: .zero, style: .plain)
        // Another wide character in the same style: only the head differs.
        let other = shown.copy()
        other.put("京", at: Point(x: 1, y: 0), style: .plain)
        #expect(SurfaceDiff.runs(from: shown, to: other) == [SurfaceRun(y: 0, columns: 1..<3)])
        // Only the continuation's style differs: the head goes with it.
        let restyled = shown.copy()
        restyled.setStyle(Rect(x: 2, y: 0, width: 2, height: 1), to: Self.red)
        #expect(SurfaceDiff.runs(from: shown, to: restyled) == [SurfaceRun(y: 0, columns: 1..<4)])
        // A flag (two regional indicators, one grapheme of two columns).
        let flag = shown.copy()
        flag.put("🇯🇵", at: Point(x: 5, y: 0), style: .plain)
        #expect(SurfaceDiff.runs(from: shown, to: flag) == [SurfaceRun(y: 0, columns: 5..<7)])
    }

    @Test("Runs end at the row's right edge")
    func runsClipAtTheRightEdge() {
        let shown = Surface(size: Self.size)
        let frame = shown.copy()
        frame.put("0123456789東", at: Point(x: 0, y: 3), style: .plain)
        frame.put("xy", at: Point(x: 10, y: 1), style: .plain)
        let runs = SurfaceDiff.runs(from: shown, to: frame)
        #expect(runs == [SurfaceRun(y: 1, columns: 10..<12), SurfaceRun(y: 3, columns: 0..<12)])
        #expect(runs.allSatisfy { $0.columns.upperBound <= Self.size.width })
    }

    @Test("Moving a highlighted row writes only the two rows that changed")
    func movingTheCursorWritesTwoRows() {
        func frame(cursor: Int) -> Surface {
            let surface = Surface(size: Size(width: 20, height: 6))
            for y in 0..<6 { surface.put("row \(y) 東京", at: Point(x: 0, y: y), style: .plain) }
            surface.patchStyle(Rect(x: 0, y: cursor, width: 20, height: 1), with: Style(attributes: .reverse))
            return surface
        }
        let (runs, screen) = Self.applied(frame(cursor: 2), frame(cursor: 3))
        #expect(runs == [SurfaceRun(y: 2, columns: 0..<20), SurfaceRun(y: 3, columns: 0..<20)])
        #expect(screen.cells == frame(cursor: 3).cells)
    }

    // MARK: - Properties over random frames

    static let graphemes: [Character] = ["a", "Z", " ", "-", "é", "e\u{301}", "a\u{308}\u{301}", "東", "京", "🇯🇵",
                                         "👍", "👍🏽", "❤️", "\u{2764}", "1️⃣", "👨‍👩‍👧", "│", "…"]
    static let styles: [Style] = [.plain, Style(foreground: .red), Style(background: .palette(235)),
                                  Style(attributes: .reverse), Style(foreground: .rgb(1, 2, 3), attributes: [.bold, .underline])]

    /// A random frame drawn as widgets draw: fills, text at random places (wide characters,
    /// combining marks, flags, ZWJ sequences), style patches.
    static func randomFrame(_ size: Size, _ random: inout SplitMix64, base: Surface? = nil) -> Surface {
        let surface = base?.copy() ?? Surface(size: size)
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let x = Int.random(in: -2..<size.width, using: &random), y = Int.random(in: 0..<size.height, using: &random)
            let style = styles.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                surface.fill(Rect(x: x, y: y, width: Int.random(in: 1...6, using: &random), height: 2), style: style)
            case 1:
                surface.patchStyle(Rect(x: x, y: y, width: Int.random(in: 1...8, using: &random), height: 1), with: style)
            default:
                let text = String((0..<Int.random(in: 1...8, using: &random)).map { _ in graphemes.randomElement(using: &random)! })
                let clip = Int.random(in: 0..<3, using: &random) == 0
                    ? Rect(x: x + 1, y: 0, width: Int.random(in: 1...5, using: &random), height: size.height) : nil
                surface.put(text, at: Point(x: x, y: y), style: style, clip: clip)
            }
        }
        return surface
    }

    /// The columns of the grapheme at `x` of row `y`: a wide head with its continuation, else the cell.
    static func grapheme(at x: Int, y: Int, in surface: Surface) -> Range<Int> {
        let w = surface.size.width
        if surface[x, y].width == 2 && x + 1 < w && surface[x + 1, y].isContinuation { return x..<(x + 2) }
        if surface[x, y].isContinuation && x > 0 && surface[x - 1, y].width == 2 { return (x - 1)..<(x + 1) }
        return x..<(x + 1)
    }

    @Test("Random frames: the runs bring the shown screen to the frame, write only what changed, and hold wide graphemes whole",
          arguments: 0..<40)
    func randomFramesApplyExactly(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let size = Size(width: Int.random(in: 1...24, using: &random), height: Int.random(in: 1...5, using: &random))
        var screen = TerminalScreen()
        var previous: Surface?
        for _ in 0..<12 {
            let frame = Self.randomFrame(size, &random, base: Int.random(in: 0..<4, using: &random) == 0 ? nil : previous)
            let runs = SurfaceDiff.runs(from: previous, to: frame)
            screen.update(to: frame) { _ in }
            #expect(screen.lastRuns == runs)
            // Applying the runs to the old screen gives the new one.
            #expect(screen.shown!.cells == frame.cells)
            guard let shown = previous else {
                #expect(runs.count == size.height)
                previous = frame
                continue
            }
            // In order, within the rows, apart (a run is maximal), never splitting a grapheme.
            for (a, b) in zip(runs, runs.dropFirst()) {
                #expect(a.y < b.y || (a.y == b.y && a.columns.upperBound < b.x), "\(a) then \(b)")
            }
            var written = Array(repeating: false, count: size.width * size.height)
            for run in runs {
                #expect(run.count > 0 && run.x >= 0 && run.columns.upperBound <= size.width)
                #expect(Self.grapheme(at: run.x, y: run.y, in: frame).lowerBound == run.x)
                #expect(Self.grapheme(at: run.columns.upperBound - 1, y: run.y, in: frame).upperBound == run.columns.upperBound)
                for x in run.columns { written[run.y * size.width + x] = true }
            }
            // A cell is written exactly when its grapheme (in the new frame) has a changed cell.
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let changed = Self.grapheme(at: x, y: y, in: frame).contains { shown[$0, y] != frame[$0, y] }
                    #expect(written[y * size.width + x] == changed, "cell (\(x),\(y)) of \(runs)")
                }
            }
            previous = frame
        }
    }
}
