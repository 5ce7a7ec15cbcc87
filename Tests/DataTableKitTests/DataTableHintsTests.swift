import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// The library's messages name no program and no option; the program's words (`DataTableHints`)
/// follow them when it gives some.
@Suite struct DataTableHintsTests {
    func view(hints: DataTableHints) -> DataTableView {
        var configuration = DataTableConfiguration()
        configuration.hints = hints
        let source = StringRowsDataSource(titles: ["a", "b"], rows: [["1", "x"], ["2", "y"]])
        return DataTableView(dataSource: source, configuration: configuration, size: Size(width: 40, height: 6))
    }

    @Test func withoutHintsTheMessagesAreTheLibrarysOwn() {
        let view = view(hints: DataTableHints())
        view.toggleSectionAtCursor()
        #expect(view.notice == "no sections")
    }

    @Test func theProgramsWordsFollowInParentheses() {
        let view = view(hints: DataTableHints(groupingRows: "--group-by COL groups rows"))
        view.toggleSectionAtCursor()
        #expect(view.notice == "no sections (--group-by COL groups rows)")
        #expect(DataTableHints.message("no actions", hint: "add buttons") == "no actions (add buttons)")
        #expect(DataTableHints.message("no actions", hint: nil) == "no actions")
    }

    /// Library text never names an option: no help line of a table command holds `--`.
    @Test func noCommandHelpNamesAnOption() {
        for command in TableCommand.allCases {
            #expect(!command.summary.contains("--"), "\(command)")
        }
    }
}
