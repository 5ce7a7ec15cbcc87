import DataTableApp
import TerminalSurface

/// The cell-kind options of the command line (`--badge`, `--progress`, `--avatar`,
/// `--subtitle`, `--right-detail`, `--sparkline`, `--wrap`, `--action`) as parsed, before
/// their columns are looked up in the file's header.
struct CellKindOptions {
    var badges: [BadgeSpec] = []
    var progressBars: [ProgressSpec] = []
    var avatars: [ColumnReference] = []
    var subtitles: [DetailSpec] = []
    var rightDetails: [DetailSpec] = []
    var sparklines: [ColumnReference] = []
    var wraps: [WrapTarget] = []
    /// `--action NAME[=COMMAND]`: the buttons, in order.
    var actions: [ActionSpec] = []
    /// Badge colours from the config file (under `--badge`'s own pairs).
    var extraBadgeColors: [String: Color] = [:]

    var isEmpty: Bool {
        badges.isEmpty && progressBars.isEmpty && avatars.isEmpty && subtitles.isEmpty && rightDetails.isEmpty
            && sparklines.isEmpty && wraps.isEmpty && actions.isEmpty
    }

    /// The title of the column the action buttons get.
    static let actionsColumnTitle = "Actions"

    /// The column kinds with their columns resolved against `titles`.
    /// - Throws: `DTableError` naming the option and listing the columns, for an unknown column.
    func resolve(titles: [String]) throws -> ResolvedCellKinds {
        var result = ResolvedCellKinds()
        for spec in badges {
            result.kinds[try spec.column.resolve(in: titles, option: "--badge")] =
                .badge(colors: extraBadgeColors.merging(spec.colors) { _, new in new })
        }
        for spec in progressBars {
            result.kinds[try spec.column.resolve(in: titles, option: "--progress")] = .progress(maximum: spec.maximum)
        }
        for column in avatars { result.kinds[try column.resolve(in: titles, option: "--avatar")] = .avatar }
        for column in sparklines { result.kinds[try column.resolve(in: titles, option: "--sparkline")] = .sparkline }
        for (option, specs) in [("--subtitle", subtitles), ("--right-detail", rightDetails)] {
            for spec in specs {
                let detail = try spec.detail.resolve(in: titles, option: option)
                result.kinds[try spec.column.resolve(in: titles, option: option)] =
                    option == "--subtitle" ? .subtitle(detail: detail) : .rightDetail(detail: detail)
            }
        }
        for target in wraps {
            switch target {
            case .everyColumn: result.wrapsEveryColumn = true
            case .column(let column): result.wrappedColumns.insert(try column.resolve(in: titles, option: "--wrap"))
            }
        }
        result.actionNames = actions.map(\.name)
        return result
    }
}
