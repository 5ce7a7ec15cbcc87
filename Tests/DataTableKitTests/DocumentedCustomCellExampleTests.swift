import Testing
import TestSupport
// The documented example uses the public API only: no @testable here.
import DataTableKit
import TerminalSurface

// MARK: - The DocC article "Custom cells" example, verbatim from here to the next MARK.

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

// MARK: - End of the documented example.

/// Expects `document` (a path from the package root: README.md or an article of the DocC
/// catalog) to show, character for character, the code of `testFile` between its
/// "verbatim from here to the next MARK." line and its "End of the documented example" MARK.
func expectDocumentShowsExample(of testFile: String, in document: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
    let root = String(testFile[..<(testFile.utf8Range(of: "/Tests/")?.lowerBound ?? testFile.endIndex)])
    let source = try #require(SnapshotFile.readFile(testFile), sourceLocation: sourceLocation)
    let readme = try #require(SnapshotFile.readFile(root + "/" + document), sourceLocation: sourceLocation)
    let start = try #require(source.utf8Range(of: "verbatim from here to the next MARK.\n"), sourceLocation: sourceLocation)
    let end = try #require(source.utf8Range(of: "// MARK: - End of the documented" + " example."), sourceLocation: sourceLocation)
    let example = String(source[start.upperBound..<end.lowerBound]).trimmingNewlines
    let name = testFile.split(separator: "/").last.map(String.init) ?? testFile
    #expect(readme.utf8Range(of: example) != nil, "\(document) no longer shows the example of \(name)", sourceLocation: sourceLocation)
}

@Suite struct DocumentedCustomCellExampleTests {
    /// The "Custom cells" article shows the code between the MARKs above, character for character.
    @Test func theArticleShowsThisExampleVerbatim() throws {
        try expectDocumentShowsExample(of: #filePath, in: "Sources/DataTableKit/DataTableKit.docc/CustomCells.md")
    }

    let users = [
        User(name: "Ada Lovelace", email: "ada@example.com", status: "active", logins: 12),
        User(name: "Grace Hopper", email: "grace@example.com", status: "pending", logins: 40),
        User(name: "Linus Torvalds", email: "linus@example.com", status: "failed", logins: 0),
    ]

    @Test func theExampleTableRendersWithTheUserCell() {
        let table = makeUserTable(users)
        table.view.setSize(Size(width: 52, height: 6))
        let surface = Surface(size: Size(width: 52, height: 6))
        table.view.render(into: surface)
        #expect(Snapshot.text(of: surface, includeStyles: false) == """
            |User                  Email             ▼Logins     |
            | GH  Grace Hopper   ● grace@example.com      40     |
            | AL  Ada Lovelace   ● ada@example.com        12     |
            | LT  Linus Torvalds ● linus@example.com       0     |
            |                                                    |
            | row 1/3  col 1/3 User                       ? help |

            """)
        // Sorted by logins, descending: the model of each displayed row follows the sort.
        #expect(table.model(at: 0).name == "Grace Hopper")
        #expect(table.model(at: 2).name == "Linus Torvalds")
        #expect(table.selectedModel?.name == "Grace Hopper")
        let dot = (0..<52).first { surface[$0, 1].grapheme == "●" }
        #expect(dot.map { surface[$0, 1].style.foreground } == BadgeCell.defaultColors["pending"])
    }
}

extension String {
    /// Where `needle` first occurs, compared byte for byte (no Foundation).
    func utf8Range(of needle: String) -> Range<String.Index>? {
        let hay = Array(utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty, hay.count >= pattern.count else { return nil }
        for i in 0...(hay.count - pattern.count) where hay[i] == pattern[0] && Array(hay[i..<i + pattern.count]) == pattern {
            let lower = utf8.index(startIndex, offsetBy: i)
            return lower..<utf8.index(lower, offsetBy: pattern.count)
        }
        return nil
    }

    var trimmingNewlines: String {
        var s = Substring(self)
        while s.first == "\n" { s = s.dropFirst() }
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
