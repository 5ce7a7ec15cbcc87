import Testing
import TerminalSurface
@testable import DataTableKit

/// A cell a user of the library would write: an initials chip, the name, a status dot.
/// The whole class is the point of the test: about 30 lines, no arithmetic on columns.
final class TeamMemberCell: LayoutCell {
    static let reuseIdentifier = "team-member"
    var name = ""
    var initials = ""
    var online = false

    override func prepareForReuse() {
        super.prepareForReuse()
        name = ""
        initials = ""
        online = false
    }

    func configure(name: String, online: Bool) {
        self.name = name
        self.initials = AvatarCell.initials(of: name)
        self.online = online
    }

    override func layout() -> CellLayout {
        let chip = Style(foreground: .palette(231), background: .palette(25), attributes: .bold)
        let dot = Style(foreground: online ? .palette(34) : .palette(244))
        return .hstack(spacing: 1, [
            .text(initials, style: chip, width: .fixed(4), alignment: .center).background().priority(1),
            .text(name, width: .flexible(minimum: 3)),
            .glyph(prefersASCII ? (online ? "*" : "o") : (online ? "●" : "○"), style: dot).priority(-1),
        ])
    }
}

@Suite struct UserLayoutCellTests {
    typealias R = CellRendering

    @Test func aUserCellLaysOutChipNameAndDot() {
        let cell = TeamMemberCell()
        cell.configure(name: "Grace Hopper", online: true)
        #expect([25, 19, 12, 9, 8, 4, 2].map { R.line(cell, width: $0) } == [
            "| GH  Grace Hopper       ●|", "| GH  Grace Hopper ●|", "| GH  Grac… ●|", "| GH  Gra…|", "| GH  Gr…|", "| GH |", "|GH|",
        ])
        let surface = R.surface(width: 19) { cell.draw(in: $0) }
        #expect(surface[0, 0].style.background == .palette(25))
        #expect(surface[18, 0].style.foreground == .palette(34))
        cell.prefersASCII = true
        cell.online = false
        #expect(R.line(cell, width: 19) == "| GH  Grace Hopper o|")
        #expect(cell.heightThatFits(width: 19) == 1)
        #expect(R.staysInside(cell, width: 7, height: 1))
    }
}
