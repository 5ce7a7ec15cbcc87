import DataTableApp
import DataTableKit
import Glibc

/// `--view FILE`: the options a view file holds join the command line's (those given on the
/// command line win, option by option), each read by the option's own parser, before the table
/// is prepared: everything after it is the same as for the same command line. A value that no
/// longer fits the file (a column gone, a filter that does not parse) is left out and said.
/// See docs/decisions/0149-a-view-file-joins-the-command-line.md.
extension DTableCommand {
    /// `launch()`, with the view file's options merged first when `--view` is given; the input
    /// is then opened here (its titles decide what fits) and handed to the mode as opened.
    /// - Throws: `DTableError` for a view file that cannot be read or is not a view, and what
    ///   `launch()` and opening the input throw.
    mutating func launchWithView() throws -> Launch {
        guard let viewPath else { return try launch() }
        let view = try ViewOptions.load(contentsOfFile: viewPath)
        var dropped = view.dropped
        mergeInput(of: view, viewPath: viewPath, dropped: &dropped)
        let table = try launch().load(nil)
        let titles = (0..<table.columnCount).map { table.title(ofColumn: $0) }
        mergeColumns(of: view, titles: titles, dropped: &dropped)
        var result = try launch()
        let opened = OpenedInput(table: table)
        result.load = { _ in opened.table }
        result.viewDropped = dropped.map { "view \(viewPath): left out \($0)" }
        if result.printing {
            for note in result.viewDropped { reportError("warning: " + note) }
        }
        return result
    }

    /// The input opened once, handed to the mode (it is read on the opening thread).
    private struct OpenedInput: @unchecked Sendable {
        let table: DataTableDataSource
    }

    /// The options that do not name columns: the file (when none is given: `-` reads stdin;
    /// relative to the view file's folder), how it is read, the row filter and search, the null
    /// tokens, stripes.
    private mutating func mergeInput(of view: ViewOptions, viewPath: String, dropped: inout [String]) {
        if files.isEmpty, let file = view.file {
            files = [file.hasPrefix("/") ? file : Self.folder(of: viewPath) + file]
        }
        if delimiter == nil, let text = view.delimiter {
            do { delimiter = try Delimiter(text, option: "delimiter") } catch { dropped.append(error.description) }
        }
        if skip == nil { skip = view.skip }
        if view.noHeader { noHeader = true }
        if nullTokens.isEmpty { nullTokens = view.nullTokens }
        if stripes == nil { stripes = view.stripes }
        if filterPattern == nil, let text = view.filter {
            do { filterPattern = try RowPattern(text, option: "filter") } catch { dropped.append(error.description) }
        }
        if findPattern == nil, let text = view.find {
            do { findPattern = try RowPattern(text, option: "find") } catch { dropped.append(error.description) }
        }
    }

    /// The options that name columns, each kept when it names one of `titles` (and parses).
    private mutating func mergeColumns(of view: ViewOptions, titles: [String], dropped: inout [String]) {
        func kept<Value>(_ key: String, _ text: String, _ read: () throws -> Value) -> Value? {
            do {
                return try read()
            } catch {
                dropped.append("\(key) \(ColumnReference.quoted(text)) (\(Self.reason(error)))")
                return nil
            }
        }
        if columnPattern == nil, let text = view.columns {
            columnPattern = kept("columns", text) {
                let pattern = try ColumnPattern(text, option: "--columns")
                _ = try pattern.matcher(titles: titles)
                return pattern
            }
        }
        if sorts.isEmpty {
            sorts = view.sorts.compactMap { text in
                kept("sort", text) {
                    let spec = SortSpec(argument: text) ?? SortSpec(column: ColumnReference(text))
                    _ = try spec.descriptor(titles: titles)
                    return spec
                }
            }
        }
        if wheres.isEmpty {
            wheres = view.wheres.compactMap { text in
                kept("where", text) {
                    let spec = try ColumnFilterSpec(text, option: "--where")
                    _ = try spec.resolve(titles: titles)
                    return spec
                }
            }
        }
        if groupBy == nil, let text = view.groupBy {
            groupBy = kept("group-by", text) {
                _ = try ColumnReference(text).resolve(in: titles, option: "--group-by")
                return ColumnReference(text)
            }
        }
        if types.isEmpty {
            types = view.types.compactMap { text in
                kept("types", text) {
                    let spec = try KindSpec(text, option: "--type")
                    _ = try spec.resolve(titles: titles, option: "--type")
                    return spec
                }
            }
        }
        if wraps.isEmpty {
            wraps = view.wraps.compactMap { text in
                kept("wrap", text) {
                    let target = WrapTarget(argument: text) ?? .everyColumn
                    if case .column(let column) = target { _ = try column.resolve(in: titles, option: "--wrap") }
                    return target
                }
            }
        }
        if freeze == nil, let count = view.freeze {
            if count <= titles.count { freeze = count } else { dropped.append("freeze = \(count) (the table has \(titles.count) columns)") }
        }
    }

    /// Why a value was refused, short: the message without the option's name and the list of
    /// columns after it.
    static func reason(_ error: Error) -> String {
        var text = "\(error)"
        if text.hasPrefix("--"), let colon = text.firstRange(of: ": ") { text = String(text[colon.upperBound...]) }
        if let semicolon = text.firstRange(of: "; ") { text = String(text[..<semicolon.lowerBound]) }
        return text
    }

    /// `a/b/` for `a/b/v.toml`, "" for `v.toml`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
