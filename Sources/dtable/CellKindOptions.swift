import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

/// The cell-kind options of the command line (`--badge`, `--progress`, `--avatar`,
/// `--subtitle`, `--right-detail`, `--sparkline`, `--wrap`, `--action`) as written, before
/// their column names are looked up in the file's header.
struct CellKindOptions {
    var badges: [String] = []
    var progressBars: [String] = []
    var avatars: [String] = []
    var subtitles: [String] = []
    var rightDetails: [String] = []
    var sparklines: [String] = []
    /// `--wrap` values: `*` for every column (a bare `--wrap`), else a column.
    var wraps: [String] = []
    /// `--action NAME[=COMMAND]`: the button names, in order.
    var actions: [String] = []
    /// Badge colours from the config file (under `--badge`'s own pairs).
    var extraBadgeColors: [String: Color] = [:]

    var isEmpty: Bool {
        badges.isEmpty && progressBars.isEmpty && avatars.isEmpty && subtitles.isEmpty && rightDetails.isEmpty
            && sparklines.isEmpty && wraps.isEmpty && actions.isEmpty
    }

    /// The title of the column the action buttons get.
    static let actionsColumnTitle = "Actions"

    /// The column kinds with their columns resolved against `titles`.
    /// - Throws: `DTableError` naming the option and listing the columns, for an unknown column
    ///   or a malformed value.
    func resolve(titles: [String]) throws -> ResolvedCellKinds {
        var result = ResolvedCellKinds()
        func column(_ reference: Substring, _ option: String) throws -> Int {
            try ColumnReference.resolve(String(reference), in: titles, option: option)
        }
        for spec in badges {
            let (name, rest) = Self.split(spec, at: ":")
            var colors: [String: Color] = [:]
            if let rest {
                for pair in rest.split(separator: ",") {
                    let (value, colorName) = Self.split(String(pair), at: "=")
                    guard let colorName, let color = ConfigurationFile.color(named: colorName), !value.isEmpty else {
                        let names = ConfigurationFile.colorNames.map(\.name).joined(separator: ", ")
                        throw DTableError("--badge \(TerminalText.excerpt(spec, maxWidth: 80)): expected VALUE=COLOUR pairs after the column, like done=green,failed=red (colours: \(names), 0-255 or #rrggbb)")
                    }
                    colors[value.lowercased()] = color
                }
            }
            result.kinds[try column(name[...], "--badge")] = .badge(colors: extraBadgeColors.merging(colors) { _, new in new })
        }
        for spec in progressBars {
            let (name, rest) = Self.split(spec, at: ":")
            var maximum: Double?
            if let rest {
                guard let value = Double(rest), value > 0 else {
                    throw DTableError("--progress \(TerminalText.excerpt(spec, maxWidth: 80)): the maximum after ':' must be a positive number")
                }
                maximum = value
            }
            result.kinds[try column(name[...], "--progress")] = .progress(maximum: maximum)
        }
        for spec in avatars { result.kinds[try column(spec[...], "--avatar")] = .avatar }
        for spec in sparklines { result.kinds[try column(spec[...], "--sparkline")] = .sparkline }
        for (option, specs) in [("--subtitle", subtitles), ("--right-detail", rightDetails)] {
            for spec in specs {
                let (name, rest) = Self.split(spec, at: ":")
                guard let rest, !rest.isEmpty else {
                    throw DTableError("\(option) \(TerminalText.excerpt(spec, maxWidth: 80)): expected COL:DETAIL_COL (the column and the one shown as its detail)")
                }
                let detail = try column(rest[...], option)
                result.kinds[try column(name[...], option)] = option == "--subtitle" ? .subtitle(detail: detail) : .rightDetail(detail: detail)
            }
        }
        for spec in wraps {
            if spec == "*" { result.wrapsEveryColumn = true } else { result.wrappedColumns.insert(try column(spec[...], "--wrap")) }
        }
        for spec in actions {
            let (name, _) = Self.split(spec, at: "=")
            guard !name.isEmpty else { throw DTableError("--action \(TerminalText.excerpt(spec, maxWidth: 80)): the action needs a name, like --action Delete") }
            result.actionNames.append(name)
        }
        return result
    }

    /// `a:b` as (`a`, `b`), `a` as (`a`, nil); only the first separator splits.
    static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

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
                    if case .progress(let maximum)? = kinds[context.indexPath.column] { cell.maximum = maximum }
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

/// A column named on the command line: a header title, or a 1-based index.
enum ColumnReference {
    /// The 0-based column `reference` names: a title (exactly, then ignoring case; see
    /// `ColumnTitleLookup`), else a 1-based number.
    /// - Throws: `DTableError`, one line: the option, the reference and the columns (titles made
    ///   safe for the terminal, at most `ColumnTitleLookup.listedTitleLimit` of them).
    static func resolve(_ reference: String, in titles: [String], option: String) throws -> Int {
        switch ColumnTitleLookup.match(reference, in: titles) {
        case .found(let index):
            return index
        case .ambiguous(let matches):
            let which = ColumnTitleLookup.listing(titles, columns: matches) { "\($0 + 1) \($1)" }
            throw DTableError("\(option): \(quotedReference(reference)) could be any of \(which); write the title exactly or use the number")
        case .missing:
            if let number = Int(reference), number >= 1, number <= titles.count { return number - 1 }
            let listing = titles.isEmpty ? "the table has no columns"
                                         : "the columns are: " + ColumnTitleLookup.listing(titles) { "\($0 + 1) \($1)" }
            throw DTableError("\(option): no column \(quotedReference(reference)); \(listing)")
        }
    }

    /// A column as the user wrote it, for a message: quoted, made safe, at most 80 columns.
    static func quotedReference(_ reference: String) -> String {
        TerminalText.quoted(reference, maxWidth: 80)
    }
}

extension DTableCommand {
    /// A bare `--wrap` (no `=COL`) means every column: it becomes `--wrap=*` before parsing,
    /// since an option's value cannot be optional in swift-argument-parser. `--wrap COL` with a
    /// space is read as `--wrap=COL` unless COL is an existing file (then it is the input).
    /// Arguments after `--` are left alone.
    static func expandingBareWrap(_ arguments: [String], fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> [String] {
        var result: [String] = []
        var afterTerminator = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { afterTerminator = true }
            guard !afterTerminator && argument == "--wrap" else {
                result.append(argument)
                continue
            }
            if index < arguments.count, !arguments[index].hasPrefix("-"), !fileExists(arguments[index]) {
                result.append("--wrap=" + arguments[index])
                index += 1
            } else {
                result.append("--wrap=*")
            }
        }
        return result
    }
}
