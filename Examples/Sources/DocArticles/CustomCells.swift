import DataTableKit
import TerminalSurface

/// CustomCells.md, "Columns declare their cells": the model.
enum CustomCellsDeclared {
    struct Process: Sendable {
        var pid: Int
        var user: String
        var state: String
        var cpu: Double        // percent of a core: 0.8 is 0.8%
        var command: String
        var arguments: String

        func stop() {}
    }

    /// CustomCells.md, "A cell of your own".
    final class CommandCell: LayoutCell {
        var command = "", arguments = ""

        override func prepareForReuse() {
            super.prepareForReuse()
            command = ""
            arguments = ""
        }

        override func layout() -> CellLayout {
            .hstack(spacing: 1, [
                .glyph(command, style: Style(attributes: .bold)),
                .text(arguments, style: Style(attributes: .dim)),
            ])
        }
    }

    /// CustomCells.md, "Columns declare their cells".
    static func processTable(_ processes: [Process]) -> DataTable<Process> {
        let columns: [DataTableColumn<Process>] = [
            .init("PID", \.pid),
            .init("User", \.user).cell(.avatar),
            .init("State", \.state).cell(.badge(colors: ["running": .green, "sleeping": .palette(244), "zombie": .red])),
            .init("CPU", \.cpu).cell(.progress(.percent)),
            .init("Command", \.command).cell { (cell: CommandCell, process, _) in
                cell.command = process.command
                cell.arguments = process.arguments
            },
            .init("").cell(.buttons(["Stop"]) { _, process in process.stop() }),
        ]
        let table = DataTable(data: processes, columns: columns)
        return table
    }

    /// CustomCells.md, "Replacing a built-in kind".
    final class PlainButtonsCell: ActionButtonsCell {
        override func layout() -> CellLayout {
            .hstack(spacing: 1, buttons.map { .glyph("<\($0)>").tag($0) })
        }
    }

    /// CustomCells.md, "Replacing a built-in kind".
    static func replacingABuiltInKind(_ table: DataTable<Process>) {
        table.view.registry.register(PlainButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier)
    }
}

/// CustomCells.md, "A provider": the same kind of table through a provider's closures.
/// (A struct, so a test can call `makeUserTable` as the article shows it.)
struct CustomCellsProvider {
    struct User {
        var name: String
        var email: String
        var status: String
        var logins: Int
    }

    /// Avatar chip, name, and a status dot: a user cell in ~30 lines.
    final class UserCell: LayoutCell {
        static let reuseIdentifier = "user"
        var name = ""
        var status = ""

        override func prepareForReuse() {
            super.prepareForReuse()
            name = ""
            status = ""
        }

        override func layout() -> CellLayout {
            let chipColor = AvatarCell.defaultPalette[Int(AvatarCell.stableHash(name) % UInt64(AvatarCell.defaultPalette.count))]
            let chip = Style(foreground: .palette(231), background: chipColor, attributes: .bold)
            let dot = Style(foreground: BadgeCell.defaultColors[status.lowercased()] ?? .default)
            return .hstack(spacing: 1, [
                .text(AvatarCell.initials(of: name), style: chip, width: .fixed(4), alignment: .center).background().priority(1),
                .text(name, width: .flexible(minimum: 3)),
                .glyph(prefersASCII ? "*" : "●", style: dot).priority(-1),
            ])
        }
    }

    func makeUserTable(_ users: [User]) -> DataTable<User> {
        var options = DataTableConfiguration()
        options.defaultOrdering = DataTableColumnOrder(index: 2, order: .descending)
        options.cellSizingMode = .custom(provider: DataTableCustomCellProvider(
            register: { $0.register(UserCell.self, forCellReuseIdentifier: UserCell.reuseIdentifier) },
            reuseIdentifierFor: { $0.column == 0 ? UserCell.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { cell, value, context in
                if let cell = cell as? UserCell, let user = context.model(as: User.self) {
                    cell.name = user.name
                    cell.status = user.status
                } else if let cell = cell as? TextCell {
                    cell.label.text = value.stringRepresentation
                    cell.label.alignment = context.columnAlignment
                }
            }))
        options.defaultCellConfiguration = { cell, value, _, isHighlighted in
            if let logins = value.intValue, logins == 0 { cell.label.style = Style(attributes: .dim) }
            if isHighlighted { cell.label.style.attributes.insert(.bold) }
        }
        return DataTable(data: users, columns: [
            .init("User", \.name),
            .init("Email", \.email),
            .init("Logins", \.logins),
        ], options: options)
    }
}
