import ArgumentParser
import DataTableKit

/// `COL`, `COL:asc` or `COL:desc` (`--sort`): a column and a direction. A title may itself
/// contain `:`; only a known direction after the last `:` is split off, so every text is a
/// sort spec.
struct SortSpec: ExpressibleByArgument, Equatable {
    var column: ColumnReference
    var ascending: Bool

    init(column: ColumnReference, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }

    init?(argument: String) {
        if let colon = argument.lastIndex(of: ":") {
            let direction = argument[argument.index(after: colon)...].lowercased()
            if ["asc", "ascending", "desc", "descending"].contains(direction) {
                self.init(column: ColumnReference(String(argument[..<colon])), ascending: !direction.hasPrefix("desc"))
                return
            }
        }
        self.init(column: ColumnReference(argument))
    }

    /// The sort key over `titles`.
    /// - Throws: `DTableError` naming `--sort`, for a column that is not there.
    func descriptor(titles: [String]) throws -> SortDescriptor {
        SortDescriptor(column: try column.resolve(in: titles, option: "--sort"), ascending: ascending)
    }
}
