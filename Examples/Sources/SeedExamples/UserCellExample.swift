import DataTableKit
import TerminalSurface

/// Seed: SwiftDataTables' custom-cells demo (`UserCardCell`): an avatar, the name over the email,
/// and a status dot; the column declares its cell (the seed's provider of four closures is not
/// needed); rows of automatic height, measured with the cell's sizing cell.
final class UserCell: LayoutCell {
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
        summary: "UserCardCell: avatar, name over email, status dot; declared by its column; automatic heights",
        make: make)

    static func make() -> ExampleTable {
        let columns: [DataTableColumn<User>] = [
            .init("User", sortedBy: { $0.name }).cell { (cell: UserCell, user, _) in
                cell.name = user.name
                cell.email = user.email
                cell.isOnline = user.isOnline
            },
            .init("Role", \.role),
            .init("Age", \.age),
        ]
        var configuration = DataTableConfiguration()
        configuration.rowHeightMode = .automatic(estimated: 2)
        let table = DataTable(data: sampleUsers, columns: columns, options: configuration)
        return ExampleTable(view: table.view, keeping: [table])
    }
}
