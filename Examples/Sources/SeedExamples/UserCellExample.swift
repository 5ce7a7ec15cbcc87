import DataTableKit
import TerminalSurface

/// Seed: SwiftDataTables' custom-cells demo (`UserCardCell`): an avatar, the name over the email,
/// and a status dot; a provider with all four closures; rows of automatic height.
final class UserCell: LayoutCell {
    static let reuseIdentifier = "UserCell"

    var name = ""
    var email = ""
    var isOnline = false

    override func prepareForReuse() {
        super.prepareForReuse()
        name = ""
        email = ""
        isOnline = false
    }

    override func layout() -> CellLayout {
        guard !name.isEmpty else { return .empty }
        let palette = AvatarCell.defaultPalette
        let chip = Style(foreground: .palette(231), background: palette[Int(AvatarCell.stableHash(name) % UInt64(palette.count))],
                         attributes: .bold)
        let dot = prefersASCII ? (isOnline ? "*" : "o") : (isOnline ? "●" : "○")
        return .hstack(spacing: 1, [
            .glyph(" \(AvatarCell.initials(of: name)) ", style: chip),
            .vstack([
                .text(name, style: Style(attributes: .bold), width: .flexible),
                .text(email, style: Style(attributes: .dim), width: .flexible),
            ]),
            .glyph(dot, style: Style(foreground: isOnline ? .green : .brightBlack)),
        ])
    }
}

enum UserCellExample {
    static let example = Example(
        name: "user-cell",
        summary: "UserCardCell: avatar, name over email, status dot; four-closure provider; automatic heights",
        make: make)

    static func make() -> ExampleTable {
        let columns: [DataTableColumn<User>] = [
            .init("User", sortedBy: { $0.name }),
            .init("Role", \.role),
            .init("Age", \.age),
        ]
        let provider = DataTableCustomCellProvider(
            register: { registry in
                registry.register(UserCell.self, forCellReuseIdentifier: UserCell.reuseIdentifier)
            },
            reuseIdentifierFor: { indexPath in
                indexPath.column == 0 ? UserCell.reuseIdentifier : TextCell.reuseIdentifier
            },
            configure: { cell, value, context in
                if let cell = cell as? UserCell, let user = context.model(as: User.self) {
                    cell.name = user.name
                    cell.email = user.email
                    cell.isOnline = user.isOnline
                } else if let cell = cell as? TextCell {
                    cell.label.text = value.stringRepresentation
                    cell.label.alignment = context.columnAlignment
                }
            },
            sizingCellFor: { identifier in identifier == UserCell.reuseIdentifier ? UserCell() : TextCell() })
        var configuration = DataTableConfiguration()
        configuration.cellSizingMode = .custom(provider: provider)
        configuration.rowHeightMode = .automatic(estimated: 2)
        let table = DataTable(data: sampleUsers, columns: columns, options: configuration)
        return ExampleTable(view: table.view, keeping: [table])
    }
}
