import DataTableKit

/// Layout.md, "Width policies": policies in the configuration and on the view.
func layoutWidthPolicies(source: DataTableDataSource) {
    var configuration = DataTableConfiguration()
    configuration.columnWidthProvider = { column in
        switch column {
        case 0: return .fixed(6)
        case 1: return .fill(1)
        case 2: return .fill(2).max(40)
        default: return .percentage(15).min(8)
        }
    }
    let view = DataTableView(dataSource: source, configuration: configuration)
    view.setWidthPolicy(.fit, ofColumn: 3)
}

/// A process as Layout.md's model table takes it.
struct LayoutProcess {
    var pid: Int
    var command: String
    var cpu: Double
}

/// Layout.md, "Width policies": a model table's columns.
func layoutModelColumns(processes: [LayoutProcess]) {
    let table = DataTable(data: processes, columns: [
        .init("PID", \.pid).width(.fixed(7)),
        .init("Command", \.command).width(.fill(1)),
        .init("CPU", \.cpu).width(.fill(2)),
    ])
    _ = table
}

/// Layout.md, "A totals row".
func layoutTotals(source: DataTableDataSource) {
    var configuration = DataTableConfiguration()
    configuration.gridLines = .grid
    configuration.columnTotals = [0: .count, 3: .sum, 4: .mean]
    let view = DataTableView(dataSource: source, configuration: configuration)
    let shown = view.totalText(ofColumn: 3)  // "12,345", as the row shows it
    _ = shown
}
