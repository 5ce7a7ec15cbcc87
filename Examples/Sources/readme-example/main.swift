import DataTableApp
import DataTableKit
import Foundation
import NcursesBackend

struct City {
    var name: String
    var country: String
    var population: Int
}

let cities = [
    City(name: "Zürich", country: "CH", population: 421_878),
    City(name: "東京", country: "JP", population: 13_960_000),
    City(name: "Lagos", country: "NG", population: 15_388_000),
]
var options = DataTableConfiguration()
options.defaultOrdering = DataTableColumnOrder(index: 2, order: .descending)
let table = DataTable(data: cities, columns: [
    .init("City", \.name),
    .init("Country", \.country),
    .init("Population", \.population),
], options: options)

let terminal = try CursesTerminal(colorMode: .auto, environment: ProcessInfo.processInfo.environment)
let application = TableApplication(view: table.view, backend: terminal)
application.run(until: { terminal.terminationSignal != 0 })   // q quits
terminal.shutdown()
