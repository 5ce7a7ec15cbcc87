import DataTableKit
import TerminalSurface

/// Seed: SwiftDataTables' cell-styling demo, through `defaultCellConfiguration` on the default
/// cells: negative amounts red, a style per column, zebra stripes from colour arrays, the sorted
/// column highlighted, a rich-text "URGENT", a number shrunk to fit its column.
///
/// The seed's stale-style trap: a recycled cell keeps the red of the negative number it showed
/// before unless every branch resets it (`else { cell.label.textColor = .label }`). Here the
/// table resets the label before each configuration, so only the negative branch is written.
enum DefaultConfigurationExample {
    static let example = Example(
        name: "default-configuration",
        summary: "defaultCellConfiguration: red negatives, column styles, zebra, sorted column, rich text, shrink",
        make: make)

    /// Columns: date, payee, category, amount, note.
    static let amountColumn = 3, noteColumn = 4

    static func make() -> ExampleTable {
        let columns: [DataTableColumn<Transaction>] = [
            .init("Date", \.date),
            .init("Payee", \.payee),
            .init("Category", \.category),
            .init("Amount", \.amount),
            .init("Note", \.note),
        ]
        var configuration = DataTableConfiguration()
        configuration.unhighlightedAlternatingRowColors = [.default, .palette(236)]
        configuration.highlightedAlternatingRowColors = [.palette(17), .palette(18)]
        configuration.defaultOrdering = DataTableColumnOrder(index: amountColumn, order: .descending)
        configuration.columnWidthModeProvider = { $0 == amountColumn ? .fixed(width: 8) : nil }
        configuration.defaultCellConfiguration = { cell, value, indexPath, isHighlighted in
            switch indexPath.column {
            case 0:
                cell.label.style.attributes.insert(.dim)
            case 1:
                cell.label.style.attributes.insert(.bold)
            case amountColumn:
                cell.label.adjustsTextToFitWidth = true
                if let amount = value.doubleValue, amount < 0 { cell.label.style.foreground = .red }
            case noteColumn:
                let text = value.stringRepresentation
                if text.hasPrefix("URGENT") {
                    cell.label.attributedText = StyledText([
                        (text: "URGENT", style: Style(foreground: .palette(231), background: .red, attributes: .bold)),
                        (text: String(text.dropFirst("URGENT".count)), style: .plain),
                    ])
                }
            default:
                break
            }
            if isHighlighted { cell.label.style.attributes.insert(.underline) }
        }
        let table = DataTable(data: sampleTransactions, columns: columns, options: configuration)
        return ExampleTable(view: table.view, keeping: [table])
    }
}
