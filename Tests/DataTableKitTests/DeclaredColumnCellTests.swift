import Testing
import TerminalSurface
@testable import DataTableKit

/// Which provider a model table gets from its columns, and what the column provider hands out.
@Suite struct DeclaredColumnCellTests {
    struct Task: Sendable {
        var name: String
        var state: String
        var done: Double
    }

    static let tasks = [Task(name: "build", state: "done", done: 1), Task(name: "test", state: "failed", done: 0.25)]

    @Test func aTableWithoutDeclaredCellsKeepsTheTextProvider() {
        // The text provider is what print mode's fast path and `w` (wrapping) look for.
        let plain = DataTable(data: Self.tasks, columns: [.init("Name", \.name), .init("State", \.state)])
        #expect(plain.view.cellProvider is TextCellProvider)
        let declared = DataTable(data: Self.tasks, columns: [.init("Name", \.name), .init("State", \.state).cell(.badge())])
        #expect(declared.view.cellProvider is ColumnCellProvider<Task>)
        let given = DataTableCustomCellProvider(register: { _ in }, reuseIdentifierFor: { _ in TextCell.reuseIdentifier },
                                                configure: { _, _, _ in })
        var options = DataTableConfiguration()
        options.cellSizingMode = .custom(provider: given)
        let withProvider = DataTable(data: Self.tasks, columns: [.init("State", \.state).cell(.badge())], options: options)
        #expect(withProvider.view.cellProvider === given)
    }

    @Test func identifiersAndSizingCellsComeFromTheColumns() throws {
        final class NameCell: LayoutCell {}
        let table = DataTable(data: Self.tasks, columns: [
            .init("Name", \.name).cell { (_: NameCell, _, _) in },
            .init("State", \.state).cell(.badge()),
            .init("Done", \.done).cell(.progress(.fraction)),
            .init("Note", \.name),
        ])
        let provider = table.view.cellProvider
        let identifiers = (0..<4).map { provider.reuseIdentifier(for: DataTableIndexPath(row: 0, column: $0)) }
        #expect(identifiers == [String(reflecting: NameCell.self), BadgeCell.reuseIdentifier, ProgressBarCell.reuseIdentifier,
                                TextCell.reuseIdentifier])
        #expect(provider.sizingCell(forReuseIdentifier: BadgeCell.reuseIdentifier) == nil)  // the registry's
        let sizing = try #require(table.view.configuredSizingCell(at: DataTableIndexPath(row: 1, column: 2), sourceRow: 1)
            as? ProgressBarCell)
        #expect(sizing.fraction == 0.25)
        #expect(table.view.configuredSizingCell(at: DataTableIndexPath(row: 0, column: 0), sourceRow: 0) is NameCell)
    }
}
