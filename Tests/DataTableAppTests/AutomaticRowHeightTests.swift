import Testing
import TerminalSurface
import TestSupport
import DataTableApp
@testable import DataTableKit

/// A cell that shows a value's `|`-separated parts on lines of their own.
final class LinesCell: DataTableCell {
    var lines: [String] = []
    override func prepareForReuse() {
        super.prepareForReuse()
        lines = []
    }
    override func draw(in region: SurfaceRegion) {
        super.draw(in: region)
        for (y, line) in lines.enumerated() { region.put(line, at: Point(x: 0, y: y), style: backgroundStyle) }
    }
    override func heightThatFits(width: Int) -> Int { max(1, lines.count) }
}

/// Column 1 in `LinesCell`s, the rest as text.
func linesProvider() -> DataTableCustomCellProvider {
    DataTableCustomCellProvider(
        register: { $0.register(LinesCell.self, forCellReuseIdentifier: "lines") },
        reuseIdentifierFor: { $0.column == 1 ? "lines" : TextCell.reuseIdentifier },
        configure: { cell, value, context in
            if let cell = cell as? LinesCell {
                cell.lines = value.stringRepresentation.split(separator: "|").map(String.init)
            } else if let cell = cell as? TextCell {
                cell.label.text = value.stringRepresentation
            }
        },
        sizingCellFor: { _ in LinesCell() })
}

/// `rows` rows of `id,lines`, row i having 1 + i % 3 lines.
func multiLineRows(_ rows: Int) -> StringRowsDataSource {
    StringRowsDataSource(titles: ["id", "lines"], rows: (0..<rows).map { i in
        [String(i), (0...(i % 3)).map { "r\(i)l\($0)" }.joined(separator: "|")]
    })
}

@Suite struct AutomaticRowHeightTests {
    func application(rows: Int, prefetch: Int = 4, size: Size = Size(width: 30, height: 12)) -> TableApplication {
        TableFixtures.application(multiLineRows(rows), size: size) {
            $0.cellSizingMode = .custom(provider: linesProvider())
            $0.rowHeightMode = .automatic(estimated: 1, prefetchWindow: prefetch)
        }.0
    }

    @Test func rowsAreAsTallAsTheirTallestCell() {
        let (app, backend) = TableFixtures.application(multiLineRows(10), size: Size(width: 20, height: 9)) {
            $0.cellSizingMode = .custom(provider: linesProvider())
            $0.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 2)
            $0.adoptColors(0)
        }
        #expect(Snapshot.text(of: backend.presented!, includeStyles: false) == """
            | id lines           |
            |0   r0l0            |
            |1   r1l0            |
            |    r1l1            |
            |2   r2l0            |
            |    r2l1            |
            |    r2l2            |
            |3   r3l0            |
            | row 1/10  col 1/2 i|

            """)
        #expect(app.view.viewport.visibleRows == 0..<4)  // row 3 is cut after its first line
        #expect(app.view.rowHeights.height(ofRow: 2) == 3)
    }

    @Test func scrollingAHundredThousandRowsMeasuresOnlyWhatWasNearTheScreen() {
        let prefetch = 4
        let app = application(rows: 100_000, prefetch: prefetch)
        let view = app.view
        let body = view.viewport.bodySize.height
        var deepest = 0
        for _ in 0..<3_000 {
            app.press(.down)
            deepest = max(deepest, view.viewport.topRow + body)
        }
        for _ in 0..<300 {
            app.press(.pageDown)
            deepest = max(deepest, view.viewport.topRow + body)
        }
        let stats = view.rowSizingStatistics
        // At most every row from the top to a screen's height of rows below the deepest top,
        // plus the prefetch below that; at least the rows that were on screen.
        #expect(stats.rowsMeasured <= deepest + prefetch)
        #expect(stats.rowsMeasured >= view.viewport.visibleRows.upperBound)
        #expect(stats.sizingMeasurements == stats.rowsMeasured * 2)
        // A jump to the end measures one screen there, not the rows in between.
        let before = stats.rowsMeasured
        app.press(.character("G"))
        #expect(view.rowSizingStatistics.rowsMeasured - before <= 2 * (body + prefetch) + 1)
        #expect(view.viewport.cursor.row == 99_999)
        #expect(view.viewport.fullyVisibleRows.contains(99_999))
        #expect(view.rowSizingStatistics.rowsMeasured < 10_000)
    }

    @Test func fixedHeightsMeasureNothing() {
        let (app, _) = TableFixtures.application(multiLineRows(1_000), size: Size(width: 30, height: 12)) {
            $0.cellSizingMode = .custom(provider: linesProvider())
            $0.rowHeightMode = .fixed(lines: 2)
        }
        for _ in 0..<50 { app.press(.pageDown) }
        #expect(app.view.rowSizingStatistics == RowSizingStatistics())
        #expect(app.view.viewport.visibleRows.count == 5)  // 10 body lines / 2
    }

    @Test func heightsAreCachedByRowIdentityAcrossSorts() {
        let app = application(rows: 200)
        let view = app.view
        let measured = view.rowSizingStatistics.rowsMeasured
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        view.sort(by: [SortDescriptor(column: 0, ascending: true)])
        app.drawFrame()
        // Back in the first order: the same rows, answered from the cache.
        #expect(view.rowSizingStatistics.rowsMeasured == measured)
        #expect(view.rowSizingStatistics.cacheHits > 0)
        #expect(view.rowHeights.height(ofRow: 2) == 3)
    }

    @Test func aWidthChangeMeasuresAgain() {
        let app = application(rows: 200)
        let view = app.view
        let generation = view.rowHeightGeneration
        let measured = view.rowSizingStatistics.rowsMeasured
        view.setWidth(12, ofColumn: 1)
        app.drawFrame()
        #expect(view.rowHeightGeneration == generation + 1)
        #expect(view.rowSizingStatistics.rowsMeasured == 2 * measured)
    }

    @Test func theTopRowStaysPutWhenHeightsAboveItChange() {
        let app = application(rows: 500)
        let view = app.view
        for _ in 0..<30 { app.press(.pageDown) }
        let top = view.viewport.topRow
        let cursor = view.viewport.cursor.row
        view.setWidth(9, ofColumn: 1)  // every height is thrown away
        app.drawFrame()
        #expect(view.viewport.topRow == top)
        #expect(view.viewport.cursor.row == cursor)
    }

    @Test func theCursorStaysOnScreenWhenRowsTurnOutTaller() {
        let app = application(rows: 500, prefetch: 0)
        let view = app.view
        // Down past the bottom with only estimates known below: the frame measures and scrolls.
        for _ in 0..<40 { app.press(.down) }
        #expect(view.viewport.fullyVisibleRows.contains(view.viewport.cursor.row))
    }

    @Test func rowHeightChangesAreToldToTheDelegate() {
        final class Recorder: DataTableDelegate {
            var heightChanges = 0
            func dataTableDidChangeRowHeights(_ view: DataTableView) { heightChanges += 1 }
        }
        let app = application(rows: 100)
        let recorder = Recorder()
        app.view.delegate = recorder
        app.press(.pageDown)
        #expect(recorder.heightChanges >= 1)
    }

    @Test func aWrappedColumnCutByTheScreenEdgeWrapsAtTheWidthShown() {
        let source = StringRowsDataSource(titles: ["id", "note"], rows: [["1", "one two three four five six seven eight"]])
        let (app, backend) = TableFixtures.application(source, size: Size(width: 16, height: 8), colorCount: 0) {
            $0.textLayout = .wrap
            $0.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 4)
        }
        // The note column is 39 wide; 12 of it show: every word stays visible.
        #expect(Snapshot.text(of: backend.presented!, includeStyles: false) == """
            | id note        |
            |  1 one two     |
            |    three four  |
            |    five six    |
            |    seven eight |
            |                |
            |                |
            | row 1/1  col 1/|

            """)
        // Scrolling sideways changes what is shown: measured again.
        let generation = app.view.rowHeightGeneration
        app.press(.right)
        #expect(app.view.rowHeightGeneration > generation)
    }

    @Test func scrollingAHundredThousandRowsOfWrappedTextMeasuresBoundedly() {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        let source = StringRowsDataSource(titles: ["id", "note"], rows: (0..<100_000).map { i in
            [String(i), (0..<(1 + i % 7)).map { words[($0 + i) % words.count] }.joined(separator: " ")]
        })
        let prefetch = 8
        let (app, _) = TableFixtures.application(source, size: Size(width: 24, height: 14)) {
            $0.textLayout = .wrap
            $0.maxColumnWidth = 14
            $0.rowHeightMode = .automatic(estimated: 1, prefetchWindow: prefetch)
        }
        let view = app.view
        let body = view.viewport.bodySize.height
        var deepest = 0
        for _ in 0..<2_000 {
            app.press(.pageDown)
            deepest = max(deepest, view.viewport.topRow + body)
        }
        let stats = view.rowSizingStatistics
        #expect(view.viewport.topRow > 5_000)
        #expect(stats.rowsMeasured <= deepest + prefetch)
        #expect(stats.rowsMeasured >= view.viewport.visibleRows.upperBound)
        #expect(stats.rowsMeasured < 100_000 / 2)
        // Some rows really are taller: the wrapped notes.
        #expect(view.viewport.visibleRowLayout.contains { $0.height > 1 })
    }
}

