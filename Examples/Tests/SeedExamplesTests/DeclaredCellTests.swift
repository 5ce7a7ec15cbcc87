import DataTableApp
import DataTableKit
import Synchronization
import Testing
import TerminalSurface
@testable import DocArticles

/// Columns that declare their cells (`DataTableColumn.cell(_:)`): a table of five kinds with
/// no provider and no switch, through the public products only, drawn by the real controller
/// on the in-memory backend.
@Suite struct DeclaredCellTests {
    /// The "Custom cells" article's model, cell and table.
    typealias Process = CustomCellsDeclared.Process

    static let processes = [
        Process(pid: 101, user: "Ada Lovelace", state: "running", cpu: 42.5, command: "swift-build", arguments: "-c release"),
        Process(pid: 202, user: "Grace Hopper", state: "sleeping", cpu: 0.8, command: "vim", arguments: "notes.md"),
        Process(pid: 303, user: "Linus Torvalds", state: "zombie", cpu: 100, command: "make", arguments: "-j2"),
    ]

    /// The table on a memory terminal of `size`, one frame drawn by the application.
    static func draw<T>(_ table: DataTable<T>, size: Size = Size(width: 100, height: 6)) -> (TableApplication, MemoryBackend) {
        let backend = MemoryBackend(size: size)
        let application = TableApplication(view: table.view, backend: backend)
        application.drawFrame()
        return (application, backend)
    }

    /// The article's table: avatar, badge, progress, a cell of its own and buttons, declared per column.
    @Test func aTableOfFiveKindsDeclaredPerColumn() throws {
        let table = CustomCellsDeclared.processTable(Self.processes)
        let (_, backend) = Self.draw(table)
        let screen = try #require(backend.presented)
        #expect(screen.lines == [
            " PID User                State                  CPU Command",
            " 101  AL  Ada Lovelace   ● running  ████▎       43% swift-build -c release [ Stop ]",
            " 202  GH  Grace Hopper   ● sleeping ▏            1% vim notes.md           [ Stop ]",
            " 303  LT  Linus Torvalds ● zombie   ██████████ 100% make -j2               [ Stop ]",
            "",
            " row 1/3  col 1/6 PID                                                                        ? help",
        ])
        // Each kind drew itself: the declared badge colour, the custom cell's bold command.
        let dot = try #require((0..<100).first { screen[$0, 1].grapheme == "●" })
        #expect(screen[dot, 1].style.foreground == .green)
        #expect(screen[dot, 3].style.foreground == .red)
        let command = try #require(screen.line(1).firstRange(of: "swift-build"))
        #expect(screen[screen.line(1).distance(from: screen.line(1).startIndex, to: command.lowerBound), 1].style.attributes.contains(.bold))
    }

    /// The taps the Stop buttons' closure heard.
    final class TapLog: Sendable {
        let taps = Mutex<[String]>([])
    }

    @Test func aClickOnADeclaredButtonRunsItsClosureWithTheRowsModel() throws {
        let log = TapLog()
        let table = DataTable(data: Self.processes, columns: [
            .init("PID", \.pid),
            .init("").cell(.buttons(["Stop"]) { action, process in log.taps.withLock { $0.append("\(action) \(process.pid)") } }),
        ])
        let (application, backend) = Self.draw(table, size: Size(width: 20, height: 5))
        let line = try #require(backend.presented).line(2)
        let stop = try #require(line.firstRange(of: "Stop"))
        let x = line.distance(from: line.startIndex, to: stop.lowerBound)
        application.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: x, y: 2))))
        application.handle(.mouse(MouseEvent(kind: .release(.left), position: Point(x: x, y: 2))))
        #expect(log.taps.withLock { $0 } == ["Stop 202"])
    }

    @Test func aCellTypeOfYourOwnIsMeasuredByItsSizingCell() throws {
        /// Two lines: the command over its arguments.
        final class TwoLineCommandCell: LayoutCell {
            var command = "", arguments = ""
            override func prepareForReuse() {
                super.prepareForReuse()
                command = ""
                arguments = ""
            }
            override func layout() -> CellLayout { .vstack([.text(command), .text(arguments, style: Style(attributes: .dim))]) }
        }
        var options = DataTableConfiguration()
        options.rowHeightMode = .automatic(estimated: 1)
        let table = DataTable(data: Self.processes, columns: [
            .init("PID", \.pid),
            .init("Command", \.command).cell { (cell: TwoLineCommandCell, process, _) in
                cell.command = process.command
                cell.arguments = process.arguments
            },
        ], options: options)
        let (_, backend) = Self.draw(table, size: Size(width: 30, height: 9))
        let screen = try #require(backend.presented)
        #expect(Array(screen.lines.prefix(7)) == [
            " PID Command",
            " 101 swift-build",
            "     -c release",
            " 202 vim",
            "     notes.md",
            " 303 make",
            "     -j2",
        ])
        #expect(table.view.rowSizingStatistics.sizingMeasurements > 0)
        // The cells on screen came from the reuse pool; the sizing cell is the registry's.
        #expect(table.view.registry.isRegistered(String(reflecting: TwoLineCommandCell.self)))
    }

    /// A badge of the program's own: the status shouted.
    final class ShoutingBadgeCell: LayoutCell {
        var text = ""
        override func prepareForReuse() {
            super.prepareForReuse()
            text = ""
        }
        override func layout() -> CellLayout { .glyph(text.uppercased() + "!") }
    }

    @Test func aRegistrationOfYourOwnOverridesABuiltInKind() throws {
        // Every table has the built-in kinds registered.
        let plain = DataTable(data: Self.processes, columns: [.init("PID", \.pid)])
        for identifier in [TextCell.reuseIdentifier, BadgeCell.reuseIdentifier, ProgressBarCell.reuseIdentifier,
                           AvatarCell.reuseIdentifier, ActionButtonsCell.reuseIdentifier, SubtitleCell.reuseIdentifier,
                           RightDetailCell.reuseIdentifier, SparklineCell.reuseIdentifier, HistogramCell.reuseIdentifier] {
            #expect(plain.view.registry.isRegistered(identifier), "\(identifier)")
        }

        // A declared `.buttons` column shows the program's class registered under the kind's identifier.
        let table = DataTable(data: Self.processes, columns: [
            .init("PID", \.pid),
            .init("").cell(.buttons(["Stop"])),
        ])
        CustomCellsDeclared.replacingABuiltInKind(table)  // the article's PlainButtonsCell
        let (_, backend) = Self.draw(table, size: Size(width: 20, height: 5))
        #expect(try #require(backend.presented).line(1) == " 101 <Stop>")

        // A provider naming a built-in identifier without registering it gets the built-in kind;
        // one registering its own class under it gets its own.
        func providerTable(registering: Bool) -> DataTable<Process> {
            var options = DataTableConfiguration()
            options.cellSizingMode = .custom(provider: DataTableCustomCellProvider(
                register: { if registering { $0.register(ShoutingBadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier) } },
                reuseIdentifierFor: { $0.column == 1 ? BadgeCell.reuseIdentifier : TextCell.reuseIdentifier },
                configure: { cell, value, _ in
                    (cell as? BadgeCell)?.configure(with: value)
                    (cell as? ShoutingBadgeCell)?.text = value.stringRepresentation
                    (cell as? TextCell)?.label.text = value.stringRepresentation
                }))
            return DataTable(data: Self.processes, columns: [.init("PID", \.pid), .init("State", \.state)], options: options)
        }
        let builtIn = try #require(Self.draw(providerTable(registering: false), size: Size(width: 20, height: 5)).1.presented)
        #expect(builtIn.line(1) == "101  ● running")
        let own = try #require(Self.draw(providerTable(registering: true), size: Size(width: 20, height: 5)).1.presented)
        #expect(own.line(1) == "101  RUNNING!")
    }

    @Test func aProgressScaleIsNeverGuessed() throws {
        struct Load: Sendable { var cpu: Double }
        let table = DataTable(data: [Load(cpu: 0.8)], columns: [
            .init("percent", \.cpu).cell(.progress(.percent)),
            .init("fraction", \.cpu).cell(.progress(.fraction)),
            .init("of 2", \.cpu).cell(.progress(max: 2)),
        ], options: {
            var options = DataTableConfiguration()
            options.columnWidthMode = .fixed(width: 14)
            return options
        }())
        let (_, backend) = Self.draw(table, size: Size(width: 50, height: 4))
        let row = try #require(backend.presented).line(1)
        // 0.8 on the percent scale is a sliver and 1%; on the fraction scale 80%; out of 2, 40%.
        #expect(row == "▏           1% ███████▎   80% ███▋       40%")
    }

    @Test func aProviderInTheConfigurationWinsOverTheColumns() throws {
        var options = DataTableConfiguration()
        options.cellSizingMode = .custom(provider: DataTableCustomCellProvider(
            register: { _ in },
            reuseIdentifierFor: { _ in TextCell.reuseIdentifier },
            configure: { cell, value, _ in (cell as? TextCell)?.label.text = "<\(value.stringRepresentation)>" }))
        let table = DataTable(data: Self.processes, columns: [.init("State", \.state).cell(.badge())], options: options)
        let screen = try #require(Self.draw(table, size: Size(width: 20, height: 5)).1.presented)
        #expect(screen.line(1) == "<runnin…")  // the provider's text, cut to the column
    }
}
