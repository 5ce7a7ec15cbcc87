import DataTableApp
import DataTableKit
import TerminalSurface
import Testing

/// Layout through the public products: width policies at several terminal widths (the
/// expected widths worked out here from the rules), fixed columns that never grow, bounds and
/// percentages, a model column's `.width(_:)`; grid lines and a header rule drawn by the real
/// controller on the memory backend, a click beside separators; the totals row against sums
/// worked out here, after a filter, and off the UI thread for a large table.
@Suite struct LayoutTests {
    static let names = ["Ada", "Grace", "Linus", "Margaret", "Edsger", "Barbara"]
    static let cities = ["Zürich", "Lagos", "Kraków", "Lima"]

    /// `count` rows of id, name, city, amount.
    static func rows(_ count: Int) -> [[String]] {
        (0..<count).map { i in [String(i + 1), names[i % names.count], cities[(i / 2) % cities.count],
                                String((i * 7919) % 1000 - 300)] }
    }

    static func source(_ count: Int = 24) -> StringRowsDataSource {
        StringRowsDataSource(titles: ["id", "name", "city", "amount"], rows: rows(count))
    }

    /// A table application on a memory backend, its first frame drawn.
    static func application(_ source: DataTableDataSource, width: Int, height: Int = 12,
                            configure: (inout DataTableConfiguration) -> Void = { _ in })
        -> (TableApplication, MemoryBackend) {
        let backend = MemoryBackend(size: Size(width: width, height: height))
        var configuration = DataTableConfiguration()
        configuration.title = "people.csv"
        configure(&configuration)
        let view = DataTableView(dataSource: source, configuration: configuration, size: backend.size)
        let application = TableApplication(view: view, backend: backend)
        application.drawFrame()
        return (application, backend)
    }

    /// Resizes the pretend terminal and lets the application take the event and draw.
    static func resize(_ app: TableApplication, _ backend: MemoryBackend, width: Int) {
        backend.resize(to: Size(width: width, height: backend.size.height))
        _ = app.handlePendingEvents()
        app.drawFrame()
    }

    static func lines(_ backend: MemoryBackend) -> [String] {
        (backend.presented?.lines ?? []).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    // MARK: Widths

    /// id fixed 6, name fill 1, city fill 2, amount 15%: the fills share what is left 1:2, the
    /// division's remainder to the leftmost; every width the row adds up to the screen's.
    @Test(arguments: [60, 100, 160])
    func fillFixedAndPercentageAtSeveralWidths(width: Int) {
        let (app, _) = Self.application(Self.source(), width: width) {
            $0.columnWidthProvider = { column in [.fixed(6), .fill(1), .fill(2), .percentage(15)][column] }
        }
        let amount = width * 15 / 100
        let room = width - 6 - amount - 3  // three gutters
        var name = room / 3, city = room * 2 / 3
        var remainder = room - name - city
        if remainder > 0 { name += 1; remainder -= 1 }
        if remainder > 0 { city += 1 }
        #expect(app.view.layoutColumnWidths == [6, name, city, amount])
        #expect(app.view.layoutColumnWidths.reduce(0, +) + 3 == width)
    }

    /// The same table through resizes of the terminal: the widths follow each width.
    @Test func widthsFollowTheTerminalWhenItIsResized() {
        let (app, backend) = Self.application(Self.source(), width: 60) {
            $0.columnWidthProvider = { column in column == 2 ? .fill() : nil }
        }
        let fitted = app.view.layoutColumnWidths
        for width in [100, 160, 60] {
            Self.resize(app, backend, width: width)
            let city = width - (fitted[0] + fitted[1] + fitted[3]) - 3
            #expect(app.view.layoutColumnWidths == [fitted[0], fitted[1], city, fitted[3]])
        }
    }

    /// Scaling to fill the screen widens the fitted columns in proportion to their widths; a
    /// column of fixed width mode stays as it is.
    @Test func aFixedColumnNeverGrowsWhenColumnsScaleToFill() {
        let (app, _) = Self.application(Self.source(), width: 160) {
            $0.shouldContentWidthScaleToFillFrame = true
            $0.columnWidthModeProvider = { $0 == 0 ? .fixed(width: 5) : nil }
        }
        let widths = app.view.layoutColumnWidths
        #expect(widths[0] == 5)
        #expect(widths.reduce(0, +) + 3 == 160)
        // The others grew in proportion to their content widths: "Margaret" (8), "Zürich" (6),
        // the title "amount" and the sort mark's cell before it (7).
        let content = [8, 6, 7]
        let room = 160 - 5 - 3
        var expected = content.map { room * $0 / content.reduce(0, +) }
        var left = room - expected.reduce(0, +)
        var i = 0
        while left > 0 { expected[i] += 1; left -= 1; i += 1 }
        #expect(Array(widths.dropFirst()) == expected)
    }

    /// Bounds hold around fills and percentages at every width.
    @Test(arguments: [60, 100, 160])
    func minimumsAndMaximumsHold(width: Int) {
        let (app, _) = Self.application(Self.source(), width: width) {
            $0.columnWidthProvider = { column in
                [.fit, .fill().max(20), .fill(), .percentage(10).min(12)][column]
            }
        }
        let widths = app.view.layoutColumnWidths
        let amount = max(12, width * 10 / 100)
        let name = min(20, (width - widths[0] - amount - 3) / 2)
        #expect(widths[3] == amount)
        #expect(widths[1] == name)
        #expect(widths[2] == width - widths[0] - name - amount - 3)
    }

    /// Too narrow for the columns: they keep their widths and the table scrolls sideways.
    @Test func tooNarrowATableScrolls() {
        let (app, _) = Self.application(Self.source(), width: 20) {
            $0.columnWidthProvider = { column in [.fixed(8), .fill(), .fill(), .percentage(50)][column] }
        }
        let widths = app.view.layoutColumnWidths
        #expect(widths[0] == 8 && widths[3] == 10)
        #expect(widths[1] == "Margaret".count && widths[2] == "Kraków".count)  // their contents
        #expect(app.view.viewport.visibleColumns.count < 4)
    }

    /// A width set on the view, by source column, wins over the configuration's.
    @Test func aPolicySetOnTheViewWins() {
        let (app, _) = Self.application(Self.source(), width: 100) {
            $0.columnWidthProvider = { _ in .fixed(10) }
        }
        app.view.setWidthPolicy(.percentage(40), ofColumn: 2)
        #expect(app.view.layoutColumnWidths == [10, 10, 40, 10])
        #expect(app.view.widthPolicy(ofColumn: 2) == .percentage(40))
    }

    struct Process { var pid: Int; var command: String; var cpu: Double }

    /// A model table's columns declare their widths.
    @Test func modelColumnsDeclareTheirWidths() {
        let processes = [Process(pid: 1, command: "launchd", cpu: 0.5), Process(pid: 42, command: "swift-frontend", cpu: 97.25)]
        let table = DataTable(data: processes, columns: [
            .init("PID", \.pid).width(.fixed(7)),
            .init("Command", \.command).width(.fill(1)),
            .init("CPU", \.cpu).width(.fill(2)),
        ], size: Size(width: 80, height: 10))
        let room = 80 - 7 - 2
        var command = room / 3, cpu = room * 2 / 3
        var remainder = room - command - cpu
        if remainder > 0 { command += 1; remainder -= 1 }
        if remainder > 0 { cpu += 1 }
        #expect(table.view.layoutColumnWidths == [7, command, cpu])
    }

    /// `>` and `<` step from the width a fill column is shown at, not from its content's width:
    /// one press is one cell wider or narrower than what the person sees.
    @Test func widenAndNarrowStepFromTheShownWidthOfAFillColumn() {
        let (app, _) = Self.application(Self.source(5), width: 60) {
            $0.columnWidthProvider = { column in column == 1 ? .fill() : nil }
        }
        let shown = app.view.layoutColumnWidths[1]
        #expect(shown > 10)  // far wider than "Margaret"
        app.press("l")
        app.press(">")
        app.drawFrame()
        #expect(app.view.layoutColumnWidths[1] == shown + 1)
        app.press("<")
        app.press("<")
        app.drawFrame()
        #expect(app.view.layoutColumnWidths[1] == shown - 1)
    }

    /// A total wider than its column's numbers widens a fitted column as its numbers would,
    /// and in a fixed column it is written shorter with its value unchanged: never cut with `…`.
    @Test func aTotalIsNeverCut() {
        let rows = (1...30).map { [String($0), "Ada", "Lima", "900000"] }
        let source = StringRowsDataSource(titles: ["id", "name", "city", "amount"], rows: rows)
        let (fitted, fittedBackend) = Self.application(source, width: 60, height: 8) { $0.columnTotals = [3: .sum] }
        fitted.drawFrame()
        let fittedTotals = Self.lines(fittedBackend)[6]
        #expect(fittedTotals.hasSuffix("27,000,000"), "\(fittedTotals)")
        let (fixed, fixedBackend) = Self.application(source, width: 60, height: 8) {
            $0.columnTotals = [3: .sum]
            $0.columnWidthProvider = { $0 == 3 ? .fixed(6) : nil }
        }
        fixed.drawFrame()
        let fixedTotals = Self.lines(fixedBackend)[6]
        #expect(fixedTotals.hasSuffix(" 2.7e7"), "\(Self.lines(fixedBackend))")  // "Total" in the id column may be cut
    }

    // MARK: Grid lines

    @Test func gridLinesSnapshot() {
        let (_, backend) = Self.application(Self.source(5), width: 40, height: 9) {
            $0.gridLines = .grid
            $0.columnWidthProvider = { column in column == 1 ? .fill() : nil }
            $0.unhighlightedAlternatingRowColors = []
        }
        #expect(Self.lines(backend) == [
            " id│name                 │city  │ amount",
            "───┼─────────────────────┼──────┼───────",
            "  1│Ada                  │Zürich│   -300",
            "  2│Grace                │Zürich│    619",
            "  3│Linus                │Lagos │    538",
            "  4│Margaret             │Lagos │    457",
            "  5│Edsger               │Kraków│    376",
            "",
            " people.csv  row 1/5  col 1/4 id ? help",
        ])
    }

    @Test func headerRuleSnapshot() {
        let (_, backend) = Self.application(Self.source(3), width: 40, height: 7) {
            $0.gridLines = .headerRule
            $0.prefersASCII = true
        }
        #expect(Self.lines(backend) == [
            " id name  city    amount",
            "----------------------------------------",
            "  1 Ada   Zürich    -300",
            "  2 Grace Zürich     619",
            "  3 Linus Lagos      538",  // data is never made ASCII, only the table's own glyphs
            "",
            " people.csv  row 1/3  col 1/4 id ? help",
        ])
    }

    /// A click on a cell lands on that cell with separators and a header rule; a click on a
    /// separator lands on none.
    @Test func aClickBesideSeparatorsLandsOnTheRightCell() {
        let (app, _) = Self.application(Self.source(), width: 60) {
            $0.gridLines = .grid
            $0.fixedColumns = DataTableFixedColumns(leftColumns: 1)
        }
        let columns = app.view.viewport.visibleColumns
        let city = columns[2]
        // Row 3 is the fourth line of the body, which starts under the header and its rule.
        _ = app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: city.x, y: 2 + 3))))
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 3, column: 2))
        let separator = city.x + city.width
        _ = app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: separator, y: 2 + 5))))
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 3, column: 2))
        #expect(app.view.indexPath(at: Point(x: columns[1].x + columns[1].width - 1, y: 2)) == DataTableIndexPath(row: 0, column: 1))
        #expect(app.view.indexPath(at: Point(x: columns[1].x, y: 1)) == nil)  // the rule
    }

    // MARK: Totals

    /// The totals row under the body, above the status line: sums, a mean, a count, minimum
    /// and maximum, as worked out here; and again after a filter.
    @Test func totalsFollowTheFilter() {
        let rows = Self.rows(24)
        let (app, backend) = Self.application(Self.source(24), width: 60) {
            $0.columnTotals = [0: .count, 3: .sum]
        }
        let amounts = rows.map { Int($0[3])! }
        #expect(app.view.totalText(ofColumn: 3) == grouped(amounts.reduce(0, +)))
        #expect(app.view.totalText(ofColumn: 0) == "24")
        // The count under id, "Total" in the first column without a total, the sum under amount.
        let totalsLine = Self.lines(backend)[10]
        #expect(totalsLine.hasPrefix(" 24 Total "))
        #expect(totalsLine.hasSuffix(" " + grouped(amounts.reduce(0, +))))

        app.press("&")
        for character in "Lagos" { app.press(character) }
        _ = app.handle(.key(.enter))
        _ = app.view.waitForJob()
        app.drawFrame()
        let lagos = rows.filter { $0[2] == "Lagos" }.map { Int($0[3])! }
        #expect(app.view.totalText(ofColumn: 3) == grouped(lagos.reduce(0, +)))
        #expect(app.view.totalText(ofColumn: 0) == String(lagos.count))
        // The totals row stays above the status line and the filter's notice.
        let shown = Self.lines(backend).first { $0.contains("Total") }
        #expect(shown?.hasSuffix(" " + grouped(lagos.reduce(0, +))) == true)
        #expect(shown?.hasPrefix("  \(lagos.count) Total") == true)
    }

    @Test func meanMinimumAndMaximum() {
        let rows = Self.rows(24)
        let (app, _) = Self.application(Self.source(24), width: 60) { $0.columnTotals = [0: .mean, 3: .minimum, 2: .count] }
        let ids = rows.map { Double($0[0])! }
        #expect(app.view.totalText(ofColumn: 0) == "12.50")
        #expect(ids.reduce(0, +) / Double(ids.count) == 12.5)
        #expect(app.view.totalText(ofColumn: 3) == String(rows.map { Int($0[3])! }.min()!))
        app.view.configuration.columnTotals = [3: .maximum]
        app.drawFrame()
        #expect(app.view.totalText(ofColumn: 3) == String(rows.map { Int($0[3])! }.max()!))
    }

    /// A large table is totalled off the UI thread: the frame does not wait; the totals come
    /// with a later refresh.
    @Test func aLargeTableIsTotalledOffTheUIThread() {
        let count = 60_000
        let (app, _) = Self.application(Self.source(count), width: 60) { $0.columnTotals = [3: .sum] }
        #expect(app.view.isComputingTotals)
        #expect(app.view.totalText(ofColumn: 3) == nil)
        let deadline = ContinuousClock.now + .seconds(30)
        while app.view.isComputingTotals && ContinuousClock.now < deadline { _ = app.view.refreshFromDataSource() }
        let sum = Self.rows(count).reduce(0) { $0 + Int($1[3])! }
        #expect(app.view.totalText(ofColumn: 3) == grouped(sum))
    }

    /// `1234567` as `1,234,567`: groups of three digits taken from the right.
    func grouped(_ n: Int) -> String {
        var digits = String(n.magnitude)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return (n < 0 ? "-" : "") + ([digits] + groups).joined(separator: ",")
    }
}

extension TableApplication {
    /// Sends a character key through the controller.
    fileprivate func press(_ character: Character) { _ = handle(.key(.character(character))) }
}
