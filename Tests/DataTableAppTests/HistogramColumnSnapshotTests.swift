import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A column of histogram cells on screen.
@Suite struct HistogramColumnSnapshotTests {
    @Test func histogramColumnSnapshot() {
        let source = StringRowsDataSource(titles: ["column", "histogram"], rows: [
            ["progress", "13 13 13 13 13 13 13 10"],
            ["price", "1 3 9 20 31 20 9 3 1 0 0 1"],
            ["status", "40 22 9 5 1"],
            ["empty", ""],
        ])
        let provider = DataTableCustomCellProvider(
            register: { $0.register(HistogramCell.self, forCellReuseIdentifier: HistogramCell.reuseIdentifier) },
            reuseIdentifierFor: { $0.column == 1 ? HistogramCell.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { cell, value, _ in
                switch cell {
                case let cell as HistogramCell: cell.configure(with: value)
                case let cell as TextCell: cell.label.text = value.stringRepresentation
                default: break
                }
            })
        let (_, backend) = TableFixtures.application(source, size: Size(width: 40, height: 7), title: "histograms") {
            $0.cellSizingMode = .custom(provider: provider)
        }
        expectSnapshot(backend, "histogram-cell")
    }
}
