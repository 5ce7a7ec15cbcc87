import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// One snapshot per configuration option that changes the screen, rendered through the real
/// controller on the memory backend.
@Suite struct ConfigurationSnapshotTests {
    /// `id,name,city,amount,note`: notes long enough to wrap and truncate.
    static func notes(rows: Int = 12) -> StringRowsDataSource {
        let notes = ["ships on Friday after the review", "", "blocked by infra", "waiting on the vendor to reply",
                     "ok", "see ticket 4521 for the details"]
        let people = TableFixtures.people(rows: rows)
        return StringRowsDataSource(titles: people.titles + ["note"], rows: people.rows.enumerated().map { i, row in
            row + [notes[i % notes.count]]
        })
    }

    func render(_ source: DataTableDataSource = notes(), width: Int = 50, height: Int = 10, colors: Int = 256,
                keys: [Key] = [], _ configure: (inout DataTableConfiguration) -> Void) -> MemoryBackend {
        let (app, backend) = TableFixtures.application(source, size: Size(width: width, height: height), colorCount: colors,
                                                      configure: configure)
        for key in keys { app.press(key) }
        app.view.waitForJob()
        app.drawFrame()
        return backend
    }

    @Test func fixedColumnWidth() {
        expectSnapshot(render { $0.columnWidthMode = .fixed(width: 6) }, "config-fixed-width", styles: false)
    }

    @Test func percentileWidthTruncatesTheLongestValues() {
        expectSnapshot(render {
            $0.columnWidthMode = .fitContentText(strategy: .percentileMeasured(percentile: 0.5, sampleSize: 100))
        }, "config-percentile-width", styles: false)
    }

    @Test func maxColumnWidthStillFitsTheHeader() {
        let source = StringRowsDataSource(titles: ["id", "a rather long title"], rows: [["1", "x"], ["2", "a long value here"]])
        expectSnapshot(render(source) { $0.maxColumnWidth = 5 }, "config-max-width-header-fits", styles: false)
    }

    @Test func columnsScaleToFillTheScreen() {
        let source = StringRowsDataSource(titles: ["id", "name"], rows: [["1", "Ada"], ["2", "Grace"]])
        expectSnapshot(render(source, width: 30, height: 5) { $0.shouldContentWidthScaleToFillFrame = true },
                       "config-scale-to-fill", styles: false)
    }

    @Test func frozenColumnsStayWhileScrollingRight() {
        let backend = render(width: 40, keys: [.character("$")]) {
            $0.fixedColumns = DataTableFixedColumns(leftColumns: 1, rightColumns: 0)
        }
        expectSnapshot(backend, "config-frozen-left-scrolled", styles: false)
        let both = render(width: 40, keys: [.right, .right]) {
            $0.fixedColumns = DataTableFixedColumns(leftColumns: 1, rightColumns: 1)
        }
        expectSnapshot(both, "config-frozen-left-and-right", styles: false)
    }

    @Test func singleLineTruncationModes() {
        expectSnapshot(render(width: 40) { $0.textLayout = .singleLine(truncation: .head); $0.maxColumnWidth = 12 },
                       "config-truncate-head", styles: false)
        expectSnapshot(render(width: 40) { $0.textLayout = .singleLine(truncation: .middle); $0.maxColumnWidth = 12 },
                       "config-truncate-middle", styles: false)
    }

    @Test func wrappedTextWithAutomaticRowHeights() {
        expectSnapshot(render(width: 44, height: 12) {
            $0.textLayout = .wrap
            $0.maxColumnWidth = 14
            $0.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 8)
        }, "config-wrap-automatic-heights")
    }

    @Test func fixedRowHeightOfTwoLines() {
        expectSnapshot(render(width: 44, height: 10) {
            $0.textLayout = .wrap
            $0.maxColumnWidth = 14
            $0.rowHeightMode = .fixed(lines: 2)
        }, "config-fixed-two-lines", styles: false)
    }

    @Test func defaultCellConfigurationStylesCellsAndNothingLeaksOnReuse() {
        let configure: (inout DataTableConfiguration) -> Void = {
            $0.defaultCellConfiguration = { cell, value, indexPath, _ in
                if let amount = value.intValue, indexPath.column == 3 {
                    if amount < 0 { cell.label.style = Style(foreground: .palette(160), attributes: .bold) }
                    cell.label.adjustsTextToFitWidth = true
                }
                if indexPath.column == 1 && value.stringRepresentation == "Ada" {
                    cell.backgroundStyle = Style(background: .palette(22))
                    cell.border = .left
                }
                if indexPath.column == 2 {
                    cell.label.attributedText = StyledText(String(value.stringRepresentation.prefix(1)), style: Style(attributes: .underline))
                        + StyledText(String(value.stringRepresentation.dropFirst()))
                }
            }
        }
        expectSnapshot(render(TableFixtures.people(rows: 40), configure), "config-default-cell-configuration")
        // Scrolled: recycled cells show other values; a style set for one value must not stay.
        expectSnapshot(render(TableFixtures.people(rows: 40), keys: [.pageDown, .down], configure),
                       "config-default-cell-configuration-scrolled")
    }

    @Test func compactNumbersWhenTheColumnIsTooNarrow() {
        let source = StringRowsDataSource(titles: ["n"], rows: [["1234567"], ["-4500000"], ["12345"], ["7"]])
        expectSnapshot(render(source, width: 20, height: 7) {
            $0.columnWidthMode = .fixed(width: 5)
            $0.defaultCellConfiguration = { cell, _, _, _ in cell.label.adjustsTextToFitWidth = true }
        }, "config-compact-numbers", styles: false)
    }

    @Test func alternatingRowColoursAndTheHighlightedSortColumn() {
        expectSnapshot(render(keys: [.right, .right, .right, .character("]")]) {
            $0.unhighlightedAlternatingRowColors = [.palette(17), .palette(18), .palette(19)]
            $0.highlightedAlternatingRowColors = [.palette(52), .palette(53)]
        }, "config-alternating-colours")
    }

    @Test func noSortIndicatorNoFooter() {
        expectSnapshot(render(keys: [.character("[")]) {
            $0.shouldShowHeaderSortingIndicator = false
            $0.shouldShowFooter = false
        }, "config-no-indicator-no-footer", styles: false)
    }

    @Test func defaultOrderingSortsOnOpen() {
        expectSnapshot(render {
            $0.defaultOrdering = DataTableColumnOrder(index: 3, order: .descending)
        }, "config-default-ordering", styles: false)
    }

    @Test func unsortableColumnsAndSearchTurnedOffSayWhy() {
        let backend = render(width: 80, keys: [.character("]")]) { $0.isColumnSortable = { $0 != 0 } }
        #expect(backend.presented!.lines.last!.contains("id cannot be sorted"))
        let noSearch = render(width: 80, keys: [.character("/")]) { $0.shouldShowSearchSection = false }
        #expect(noSearch.presented!.lines.last!.contains("search is turned off"))
    }

    @Test func builtInCellKindsThroughACustomProvider() {
        let source = StringRowsDataSource(titles: ["name", "status", "done", "trend", "actions"], rows: [
            ["Ada Lovelace", "active", "74", "1 5 2 8 3", ""],
            ["Grace Hopper", "failed", "25", "9 8 7 6 5", ""],
            ["Linus", "pending", "100", "1 1 2 3 5 8", ""],
        ])
        let provider = DataTableCustomCellProvider(
            register: {
                $0.register(AvatarCell.self, forCellReuseIdentifier: AvatarCell.reuseIdentifier)
                $0.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier)
                $0.register(ProgressBarCell.self, forCellReuseIdentifier: ProgressBarCell.reuseIdentifier)
                $0.register(SparklineCell.self, forCellReuseIdentifier: SparklineCell.reuseIdentifier)
                $0.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier)
            },
            reuseIdentifierFor: {
                [AvatarCell.reuseIdentifier, BadgeCell.reuseIdentifier, ProgressBarCell.reuseIdentifier,
                 SparklineCell.reuseIdentifier, ActionButtonsCell.reuseIdentifier][$0.column]
            },
            configure: { cell, value, _ in
                switch cell {
                case let cell as AvatarCell: cell.configure(with: value)
                case let cell as BadgeCell: cell.configure(with: value)
                case let cell as ProgressBarCell: cell.scale = .percent; cell.configure(with: value)
                case let cell as SparklineCell: cell.configure(with: value)
                case let cell as ActionButtonsCell: cell.buttons = ["Edit", "Delete"]
                default: break
                }
            })
        expectSnapshot(render(source, width: 90, height: 6) { $0.cellSizingMode = .custom(provider: provider) },
                       "config-built-in-kinds")
        expectSnapshot(render(source, width: 90, height: 6) {
            $0.cellSizingMode = .custom(provider: provider)
            $0.prefersASCII = true
        }, "config-built-in-kinds-ascii", styles: false)
    }

    @Test func printingLeavesTheViewAsItWas() {
        let (app, _) = TableFixtures.application(Self.notes(), size: Size(width: 30, height: 8))
        app.press(.character("$"))
        let view = app.view
        let (left, size) = (view.viewport.leftColumn, view.size)
        var lines: [String] = []
        TablePrinter(width: 60).print(view) { lines.append($0) }
        #expect(lines.first?.hasPrefix(" id name") == true, "printed from the first column: \(lines.prefix(1))")
        #expect(view.size == size && view.viewport.leftColumn == left)
    }
}

