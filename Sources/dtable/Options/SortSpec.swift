import ArgumentParser
import DataTableKit

/// `COL`, `COL:asc` or `COL:desc` (`--sort`): a column and a direction. A title may itself
/// contain `:`; only a known direction after the last `:` is split off, so every text is a
/// sort spec.
struct SortSpec: Equatable {
    var column: ColumnReference
    var ascending = true

    /// The sort key over `titles`.
    /// - Throws: `DTableError` naming `--sort`, for a column that is not there.
    func descriptor(titles: [String]) throws -> SortDescriptor {
        SortDescriptor(column: try column.resolve(in: titles, option: "--sort"), ascending: ascending)
    }
}

extension SortSpec: ExpressibleByArgument {
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
}
