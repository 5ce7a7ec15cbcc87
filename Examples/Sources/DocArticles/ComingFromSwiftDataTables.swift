import DataTableKit

/// ComingFromSwiftDataTables.md, "The quick start, ported".
func comingFromSwiftDataTablesQuickStart() -> DataTableView {
    struct Employee: Identifiable {
        let id: String
        let name: String
        let role: String
    }
    var employees = [Employee(id: "1", name: "Ada Lovelace", role: "Analyst")]

    let columns: [DataTableColumn<Employee>] = [
        .init("Name", \.name),
        .init("Role", \.role),
    ]
    let dataTable = DataTable(data: employees, columns: columns)   // SwiftDataTable(columns:)
    employees.append(Employee(id: "2", name: "Grace Hopper", role: "Admiral"))
    dataTable.apply(employees, animatingDifferences: true)          // setData(_:animatingDifferences:)

    return dataTable.view
}
