import DataTableKit

/// One seed example, ported: a name for the command line, what it ports, and how to build its table.
struct Example: Sendable {
    /// The name on the command line (`user-cell`).
    let name: String
    /// The seed it ports and what it shows, one line.
    let summary: String
    /// Builds the example's table (a new one each time).
    let make: @Sendable () -> ExampleTable

    /// Every example, in the order `--list` shows them.
    static let all: [Example] = [
        UserCellExample.example,
        ActionButtonsExample.example,
        StatusBadgeExample.example,
        ProductCellExample.example,
        DefaultConfigurationExample.example,
        TypedModelExample.example,
        TableStylesExample.example,
        ReusableViewExample.example,
    ]

    /// The example named `name`, if there is one.
    static func named(_ name: String) -> Example? { all.first { $0.name == name } }
}

/// A built example: its view, and the objects the view does not own but needs (its delegate,
/// the `DataTable` a closure reads) kept alive as long as the table is shown.
final class ExampleTable {
    let view: DataTableView
    private let owners: [AnyObject]

    init(view: DataTableView, keeping owners: [AnyObject] = []) {
        self.view = view
        self.owners = owners
    }
}
