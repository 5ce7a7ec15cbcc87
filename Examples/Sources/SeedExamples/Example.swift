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
        LiveSnapshotExample.example,
    ]

    /// The example named `name`, if there is one.
    static func named(_ name: String) -> Example? { all.first { $0.name == name } }
}

/// A built example: its view, and the objects the view does not own but needs (its delegate,
/// the `DataTable` a closure reads) kept alive as long as the table is shown.
final class ExampleTable {
    let view: DataTableView
    private let owners: [AnyObject]
    /// For live examples: applies the next change of the data now, says what it did and which
    /// display rows flash (`--print` prints the table before and after one, marking those).
    var advance: (() -> (summary: String, flashingRows: Set<Int>))?
    /// For live examples: called on every wake of the run loop in the terminal with the time;
    /// applies a change when one is due and says what it did (shown on the status line).
    var tick: ((ContinuousClock.Instant) -> String?)?

    init(view: DataTableView, keeping owners: [AnyObject] = []) {
        self.view = view
        self.owners = owners
    }
}
