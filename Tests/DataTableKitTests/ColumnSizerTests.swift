import Testing
@testable import DataTableKit

@Suite struct ColumnSizerTests {
    func sizing(sampleSize: Int, minWidth: Int, maxWidth: Int) -> DataTableConfiguration {
        var configuration = DataTableConfiguration()
        configuration.columnWidthSampleSize = sampleSize
        configuration.minColumnWidth = minWidth
        configuration.maxColumnWidth = maxWidth
        return configuration
    }

    @Test func widthIsTheWidestOfTitleAndValuesCapped() {
        let source = StringRowsDataSource(titles: ["id", "a much longer title", "text"],
                                          rows: [["1", "x", "日本語"], ["200", "y", String(repeating: "z", count: 100)]])
        let columns = ColumnSizer.columns(of: source, configuration: sizing(sampleSize: 100, minWidth: 1, maxWidth: 40))
        #expect(columns.map(\.width) == [3, 20, 40])  // titles get a column for the sort indicator
        #expect(columns.map(\.alignment) == [.right, .left, .left])
    }

    @Test func emptyColumnsGetTheMinimumWidth() {
        let source = StringRowsDataSource(titles: ["", ""], rows: [["", ""]])
        let columns = ColumnSizer.columns(of: source, configuration: sizing(sampleSize: 10, minWidth: 3, maxWidth: 40))
        #expect(columns.map(\.width) == [3, 3])
        #expect(columns[0].alignment == .left)
    }

    @Test func samplingTakesTheTopAndSpreadsTheRest() {
        let rows = ColumnSizer.sampleRows(count: 1_000_000, sampleSize: 10)
        #expect(rows.count == 10)
        #expect(Array(rows.prefix(5)) == [0, 1, 2, 3, 4])
        #expect(rows.last! == 999_999)
        #expect(ColumnSizer.sampleRows(count: 3, sampleSize: 10) == [0, 1, 2])
    }

    @Test(arguments: [
        ("12", true), ("-3.5", true), ("+7", true), ("1e9", true), (".5", true), ("1,234.50", true),
        ("", false), ("-", false), ("1.2.3", false), ("abc", false), ("12a", false), ("1e", false), ("1,", false), ("2024-01-02", false),
    ])
    func numbersAreRecognised(text: String, isNumber: Bool) {
        #expect(NumberText.isNumber(text) == isNumber)
    }

    @Test func valueAccessors() {
        #expect(DataTableValueType.string("42").intValue == 42)
        #expect(DataTableValueType.int(3).doubleValue == 3)
        #expect(DataTableValueType.double(2.5).stringRepresentation == "2.5")
        #expect(DataTableValueType.double(2).stringRepresentation == "2")
        #expect(DataTableValueType.null.stringRepresentation == "")
        #expect(DataTableValueType.bool(true).intValue == 1)
    }

    @Test func keyBindingsCanBeRebound() {
        var bindings = KeyBindings.standard
        #expect(bindings.command(for: .character("j")) == .moveDown)
        bindings.bind(.character("j"), to: .quit)
        #expect(bindings.command(for: .character("j")) == .quit)
        #expect(bindings.bindings.first { $0.command == .moveDown }!.keys == [.down])
        #expect(Set(TableCommand.allCases).isSubset(of: Set(KeyBindings.standard.bindings.map(\.command))))
    }
}
