import TerminalSurface

/// The cell a column of a model table shows its values in: a built-in kind or a cell class of
/// your own with its configuration. Given to a column with `DataTableColumn.cell(_:)`:
///
/// ```swift
/// let columns: [DataTableColumn<Process>] = [
///     .init("User", \.user).cell(.avatar),
///     .init("State", \.state).cell(.badge(colors: ["running": .green, "zombie": .red])),
///     .init("CPU", \.cpu).cell(.progress(.percent)),
///     .init("").cell(.buttons(["Stop"]) { _, process in process.stop() }),
///     .init("Command", \.command).cell { (cell: CommandCell, process, _) in cell.command = process.command },
/// ]
/// ```
///
/// The table picks each cell's reuse identifier, sizing cell and configuration from its
/// column: no provider, no switch. The built-in kinds are registered in every table (a
/// registration of your own under the same identifier wins); a class of your own is registered
/// by the table under `reuseIdentifier`. Its closures run on the thread that draws the table.
public struct DataTableColumnCell<T>: Sendable {
    /// The identifier the column's cells are registered and dequeued under.
    public let reuseIdentifier: String
    /// Makes a cell of a class of your own (nil: a built-in kind, already in the registry).
    let makeCell: (@Sendable () -> DataTableCell)?
    /// Configures a dequeued or sizing cell with its value and its row's model.
    let configure: @Sendable (DataTableCell, DataTableValueType, T, CellContext) -> Void

    /// A built-in kind's declaration: cells of `Cell` under its identifier, configured by `configure`.
    init<Cell: BuiltInCellKind>(builtIn _: Cell.Type,
                                configure: @escaping @Sendable (Cell, DataTableValueType, T, CellContext) -> Void) {
        self.reuseIdentifier = Cell.reuseIdentifier
        self.makeCell = nil
        self.configure = { cell, value, model, context in
            // A registration of your own under the kind's identifier may be another class.
            guard let cell = cell as? Cell else { return }
            configure(cell, value, model, context)
        }
    }

    /// Cells of a class of your own, made with `Cell()` and registered under `reuseIdentifier`
    /// (default: the class's name, generic arguments included), configured by `configure` with
    /// the row's model. The column's value, if it has one, is `context.value`.
    public static func custom<Cell: DataTableCell>(
        _ type: Cell.Type = Cell.self, reuseIdentifier: String? = nil,
        configure: @escaping @Sendable (_ cell: Cell, _ model: T, _ context: CellContext) -> Void) -> Self {
        Self(reuseIdentifier: reuseIdentifier ?? String(reflecting: Cell.self), makeCell: { Cell() },
             configure: { cell, _, model, context in
                 guard let cell = cell as? Cell else { return }
                 configure(cell, model, context)
             })
    }

    private init(reuseIdentifier: String, makeCell: (@Sendable () -> DataTableCell)?,
                 configure: @escaping @Sendable (DataTableCell, DataTableValueType, T, CellContext) -> Void) {
        self.reuseIdentifier = reuseIdentifier
        self.makeCell = makeCell
        self.configure = configure
    }
}

// MARK: - The built-in kinds

extension DataTableColumnCell {
    /// The value as a `BadgeCell`: `colors` (matched without regard to case) over the default
    /// ones (green for `done`, red for `failed`, …), drawn as `appearance` says.
    public static func badge(colors: [String: Color] = [:], appearance: BadgeCell.Appearance = .dot) -> Self {
        let colors = BadgeCell.defaultColors.merging(colors) { _, given in given }
        return Self(builtIn: BadgeCell.self) { cell, value, _, _ in
            cell.colors = colors
            cell.appearance = appearance
            cell.configure(with: value)
        }
    }

    /// The value as a `ProgressBarCell` on `scale`: `.fraction` (0 to 1), `.percent` (0 to 100)
    /// or `.maximum(x)`.
    public static func progress(_ scale: ProgressBarCell.Scale, showsPercentage: Bool = true) -> Self {
        Self(builtIn: ProgressBarCell.self) { cell, value, _, _ in
            cell.scale = scale
            cell.showsPercentage = showsPercentage
            cell.configure(with: value)
        }
    }

    /// The value as a `ProgressBarCell` out of `max` (`.progress(max: 100)` reads percentages).
    public static func progress(max: Double) -> Self { progress(.maximum(max)) }

    /// The value as a name with its initials' chip (`AvatarCell`).
    public static var avatar: Self { showingValue(in: AvatarCell.self) }

    /// A row of buttons (`ActionButtonsCell`), `[ Stop ]`: a click, `Enter` on them or `a` on
    /// the row fires one, runs `onTap` with its name and the row's model, then tells the
    /// table's delegate (`dataTable(_:didTapAction:row:sourceRow:)`).
    public static func buttons(_ names: [String],
                               onTap: (@Sendable (_ action: String, _ model: T) -> Void)? = nil) -> Self {
        Self(builtIn: ActionButtonsCell.self) { cell, _, model, _ in
            cell.buttons = names
            guard let onTap else { return }
            for name in names { cell.onTap(name) { onTap(name, model) } }
        }
    }

    /// The value's first line as a title over the rest as a dim detail (`SubtitleCell`).
    public static var subtitle: Self { showingValue(in: SubtitleCell.self) }

    /// The value as a title over `detail(model)`, dim (`SubtitleCell`).
    public static func subtitle(detail: @escaping @Sendable (T) -> String) -> Self {
        Self(builtIn: SubtitleCell.self) { cell, value, model, _ in
            cell.title = value.stringRepresentation
            cell.detail = detail(model)
        }
    }

    /// The value's first line, the rest dim at the trailing edge (`RightDetailCell`).
    public static var rightDetail: Self { showingValue(in: RightDetailCell.self) }

    /// The value, `detail(model)` dim at the trailing edge (`RightDetailCell`).
    public static func rightDetail(detail: @escaping @Sendable (T) -> String) -> Self {
        Self(builtIn: RightDetailCell.self) { cell, value, model, _ in
            cell.text = value.stringRepresentation
            cell.detail = detail(model)
        }
    }

    /// The value's numbers (`3 5 2 8`) as a sparkline (`SparklineCell`).
    public static var sparkline: Self { showingValue(in: SparklineCell.self) }

    /// The value's counts as a histogram from zero (`HistogramCell`).
    public static var histogram: Self { showingValue(in: HistogramCell.self) }

    /// A built-in kind that shows the value as its `configure(with:)` reads it.
    private static func showingValue<Cell: ValueConfiguredCell>(in _: Cell.Type) -> Self {
        Self(builtIn: Cell.self) { cell, value, _, _ in cell.configure(with: value) }
    }
}

/// A built-in kind: a cell class registered in every table under its identifier.
protocol BuiltInCellKind: DataTableCell {
    /// The identifier the kind is registered under in every table.
    static var reuseIdentifier: String { get }
}

/// A built-in kind configured from a value alone.
protocol ValueConfiguredCell: BuiltInCellKind {
    /// Shows `value`.
    func configure(with value: DataTableValueType)
}

extension ActionButtonsCell: BuiltInCellKind {}
extension BadgeCell: ValueConfiguredCell {}
extension ProgressBarCell: ValueConfiguredCell {}
extension AvatarCell: ValueConfiguredCell {}
extension SubtitleCell: ValueConfiguredCell {}
extension RightDetailCell: ValueConfiguredCell {}
extension SparklineCell: ValueConfiguredCell {}
extension HistogramCell: ValueConfiguredCell {}
