import DataTableApp
import DataTableKit
import TerminalSurface

/// What each column shows, once the columns are known.
struct ResolvedCellKinds {
    enum Kind {
        case badge(colors: [String: Color])
        case progress(maximum: Double?)
        case avatar
        case sparkline
        case subtitle(detail: Int)
        case rightDetail(detail: Int)
    }

    var kinds: [Int: Kind] = [:]
    var wrapsEveryColumn = false
    var wrappedColumns: Set<Int> = []
    var actionNames: [String] = []

    /// Whether rows need measuring (wrapped text and subtitles can be taller than a line).
    var needsAutomaticRowHeights: Bool {
        wrapsEveryColumn || !wrappedColumns.isEmpty || kinds.values.contains { if case .subtitle = $0 { true } else { false } }
    }

    /// The provider that shows these kinds, through the library's public provider API.
    /// `actionsColumn` is the index of the appended Actions column, if any.
    func makeProvider(actionsColumn: Int?) -> DataTableCustomCellProvider {
        let kinds = self.kinds, actionNames = self.actionNames
        let wrappedColumns = self.wrappedColumns
        return DataTableCustomCellProvider(
            register: { registry in
                registry.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier)
                registry.register(ProgressBarCell.self, forCellReuseIdentifier: ProgressBarCell.reuseIdentifier)
                registry.register(AvatarCell.self, forCellReuseIdentifier: AvatarCell.reuseIdentifier)
                registry.register(SparklineCell.self, forCellReuseIdentifier: SparklineCell.reuseIdentifier)
                registry.register(SubtitleCell.self, forCellReuseIdentifier: SubtitleCell.reuseIdentifier)
                registry.register(RightDetailCell.self, forCellReuseIdentifier: RightDetailCell.reuseIdentifier)
                registry.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier)
            },
            reuseIdentifierFor: { indexPath in
                if indexPath.column == actionsColumn { return ActionButtonsCell.reuseIdentifier }
                switch kinds[indexPath.column] {
                case .badge: return BadgeCell.reuseIdentifier
                case .progress: return ProgressBarCell.reuseIdentifier
                case .avatar: return AvatarCell.reuseIdentifier
                case .sparkline: return SparklineCell.reuseIdentifier
                case .subtitle: return SubtitleCell.reuseIdentifier
                case .rightDetail: return RightDetailCell.reuseIdentifier
                case nil: return TextCell.reuseIdentifier
                }
            },
            configure: { cell, value, context in
                switch cell {
                case let cell as TextCell:
                    cell.label.text = value.stringRepresentation
                    cell.label.alignment = context.columnAlignment
                    cell.label.isNumeric = context.columnAlignment == .right
                    if wrappedColumns.contains(context.indexPath.column) {
                        cell.label.numberOfLines = 0
                        cell.label.lineBreakMode = .byWordWrapping
                    }
                case let cell as BadgeCell:
                    if case .badge(let colors)? = kinds[context.indexPath.column] {
                        cell.colors.merge(colors) { _, new in new }
                    }
                    cell.configure(with: value)
                case let cell as ProgressBarCell:
                    if case .progress(let maximum)? = kinds[context.indexPath.column] {
                        // Without a maximum (`--progress COL`) a value up to 1 is a fraction, a larger one a percentage.
                        cell.scale = maximum.map { .maximum($0) }
                            ?? (abs(ProgressBarCell.number(of: value)?.number ?? 0) > 1 ? .percent : .fraction)
                    }
                    cell.configure(with: value)
                case let cell as AvatarCell:
                    cell.configure(with: value)
                case let cell as SparklineCell:
                    cell.configure(with: value)
                case let cell as SubtitleCell:
                    cell.title = value.stringRepresentation
                    if case .subtitle(let detail)? = kinds[context.indexPath.column] {
                        cell.detail = context.value(ofColumn: detail).stringRepresentation
                    }
                case let cell as RightDetailCell:
                    cell.text = value.stringRepresentation
                    if case .rightDetail(let detail)? = kinds[context.indexPath.column] {
                        cell.detail = context.value(ofColumn: detail).stringRepresentation
                    }
                case let cell as ActionButtonsCell:
                    cell.buttons = actionNames
                default:
                    break
                }
                cell.isHighlighted = context.isHighlighted
            })
    }
}
