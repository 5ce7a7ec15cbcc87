import DataTableApp
import DataTableCSV
import DataTableKit
import TerminalSurface

/// `--diff` in the viewer: the new version shows at once while the comparison runs on a
/// worker (`CSVTableDiffComparison`), then the compared table: the change column as badges,
/// changed values highlighted (`ChangedValueCell`), `(` and `)` going to the changes
/// (`ProgramCommands+Diff`).
extension DTableCommand {
    /// The badge colours of the change column.
    static let diffBadgeColors: [String: Color] = ["added": .green, "removed": .red, "changed": .yellow]

    /// Shows the comparison of `versions` in the viewer.
    func runDiffViewer(_ launch: Launch, versions: DiffVersions) throws {
        var launch = launch
        launch.cellKinds.badges.append(BadgeSpec(column: ColumnReference(CSVTableDiffDataSource.changeColumnTitle),
                                                 colors: Self.diffBadgeColors))
        let comparison = CSVTableDiffComparison(old: versions.old, new: versions.new, keyColumns: versions.keyColumns)
        let box = DiffComparisonBox(comparison: comparison)
        launch.load = { _ in
            box.comparison.start()
            return box.comparison.live
        }
        try runViewerMode(launch)
        comparison.cancel()
    }

    private struct DiffComparisonBox: @unchecked Sendable { let comparison: CSVTableDiffComparison }

    /// The viewer's table for `--diff`: titled `OLD → NEW`, its changed values highlighted
    /// over the cells the options chose.
    func prepareDiffViewer(_ prepared: inout PreparedTable) {
        guard prepared.table.layer(CSVTableDiffDataSource.self) != nil else { return }
        // The FILEs as given (a compressed file's name, `stdin` for `-`).
        let names = files.map { $0 == "-" ? InputSource.standardInput.displayName : $0 }
        prepared.configuration.title = names.joined(separator: " → ")
        var inner: DataTableCustomCellProvider?
        if case .custom(let provider) = prepared.configuration.cellSizingMode { inner = provider }
        prepared.configuration.cellSizingMode = .custom(provider: DiffCellProvider.make(inner: inner))
    }
}

/// Shows changed values in `ChangedValueCell`s (the old value on a second line when text
/// wraps), every other cell as `inner` (the options' kinds) or as text.
enum DiffCellProvider {
    /// The table a provider's cells belong to, learnt from the first cell configured (the
    /// identifier of a cell is asked by display row: its source row comes from the table).
    final class TableLink {
        weak var view: DataTableView?
    }

    static func make(inner: DataTableCustomCellProvider?) -> DataTableCustomCellProvider {
        let link = TableLink()
        return DataTableCustomCellProvider(
            register: { registry in
                inner?.register(in: registry)
                registry.register(ChangedValueCell.self, forCellReuseIdentifier: ChangedValueCell.reuseIdentifier)
            },
            reuseIdentifierFor: { indexPath in
                if indexPath.column > 0, let view = link.view, let table = view.dataSource.layer(CSVTableDiffDataSource.self),
                   table.diff != nil, indexPath.row < view.viewport.rowCount,
                   table.isChanged(row: view.sourceRow(forDisplayRow: indexPath.row), column: indexPath.column) {
                    return ChangedValueCell.reuseIdentifier
                }
                return inner?.reuseIdentifier(for: indexPath) ?? TextCell.reuseIdentifier
            },
            configure: { cell, value, context in
                if link.view == nil { link.view = context.table }
                guard let cell = cell as? ChangedValueCell else {
                    if let inner { return inner.configure(cell, with: value, context: context) }
                    if let cell = cell as? TextCell {
                        cell.label.text = value.stringRepresentation
                        cell.label.alignment = context.columnAlignment
                        cell.label.isNumeric = context.columnAlignment == .right
                        cell.isHighlighted = context.isHighlighted
                    }
                    return
                }
                let table = context.dataSource.layer(CSVTableDiffDataSource.self)
                cell.text = value.stringRepresentation
                cell.oldText = table?.oldText(row: context.sourceRow, column: context.indexPath.column) ?? ""
                cell.showsOldValue = context.table?.configuration.textLayout == .wrap
                cell.alignment = context.columnAlignment
                cell.isHighlighted = context.isHighlighted
            })
    }
}
