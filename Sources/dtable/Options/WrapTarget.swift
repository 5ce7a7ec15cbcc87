import ArgumentParser

/// What `--wrap` wraps: every column (`*`, what a bare `--wrap` becomes before parsing; see
/// `DTableCommand.expandingBareWrap`), or one column.
enum WrapTarget: ExpressibleByArgument, Equatable {
    case everyColumn
    case column(ColumnReference)

    init?(argument: String) {
        self = argument == "*" ? .everyColumn : .column(ColumnReference(argument))
    }
}
