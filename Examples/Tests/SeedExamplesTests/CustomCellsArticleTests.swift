import DataTableKit
import Testing
import TerminalSurface
@testable import DocArticles

/// The "Custom cells" article's provider example (compiled in DocArticles, matched to the
/// article by `ArticleCodeTests`) draws what the article says: the user cell, sorted by logins.
@Suite struct CustomCellsArticleTests {
    typealias User = CustomCellsProvider.User

    @Test func theProviderExampleRendersTheUserCell() {
        let users = [
            User(name: "Ada Lovelace", email: "ada@example.com", status: "active", logins: 12),
            User(name: "Grace Hopper", email: "grace@example.com", status: "pending", logins: 40),
            User(name: "Linus Torvalds", email: "linus@example.com", status: "failed", logins: 0),
        ]
        let table = CustomCellsProvider().makeUserTable(users)
        table.view.setSize(Size(width: 52, height: 6))
        let surface = Surface(size: Size(width: 52, height: 6))
        table.view.render(into: surface)
        #expect(LiveDataTests.text(of: surface) == """
            User                  Email             ▼Logins     
             GH  Grace Hopper   ● grace@example.com      40     
             AL  Ada Lovelace   ● ada@example.com        12     
             LT  Linus Torvalds ● linus@example.com       0     
                                                                
             row 1/3  col 1/3 User                       ? help 
            """)
        // Sorted by logins, descending: the model of each displayed row follows the sort.
        #expect(table.model(at: 0).name == "Grace Hopper")
        #expect(table.model(at: 2).name == "Linus Torvalds")
        #expect(table.selectedModel?.name == "Grace Hopper")
        let dot = (0..<52).first { surface[$0, 1].grapheme == "●" }
        #expect(dot.map { surface[$0, 1].style.foreground } == BadgeCell.defaultColors["pending"])
    }
}
