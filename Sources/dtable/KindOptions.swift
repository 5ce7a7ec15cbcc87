import DataTableApp
import DataTableKit
import TerminalSurface

/// `--null TOKEN` and `--type COL:KIND[:FORMAT]` (and the config file's `[data]`), resolved
/// against a table's titles into the configuration.
struct KindOptions {
    /// `--null` values (empty: not given).
    var nullTokens: [String]
    /// `--type` values, then the config file's `types` (the command line wins for a column).
    var types: [String]
    /// The config file's `null`, used when `--null` is not given.
    var configNullTokens: [String]?
    /// The config file's `types`.
    var configTypes: [String] = []

    /// Sets `configuration.nullTokens` and `configuration.columnKinds`.
    /// - Throws: `DTableError` naming the option, for an unknown column or kind, or a format
    ///   given to a kind other than date.
    func apply(titles: [String], to configuration: inout DataTableConfiguration) throws {
        if !nullTokens.isEmpty {
            configuration.nullTokens = NullTokens(nullTokens)
        } else if let configNullTokens {
            configuration.nullTokens = NullTokens(configNullTokens)
        }
        var kinds: [Int: ColumnKindSetting?] = [:]
        for spec in configTypes { try Self.resolve(spec, titles: titles, option: "types (config file)", into: &kinds) }
        for spec in types { try Self.resolve(spec, titles: titles, option: "--type", into: &kinds) }
        for (column, setting) in kinds {
            if let setting { configuration.columnKinds[column] = setting } else { configuration.columnKinds[column] = nil }
        }
    }

    /// Resolves one `COL:KIND[:FORMAT]`: the first split whose column exists (titles and date
    /// formats may hold `:`).
    static func resolve(_ spec: String, titles: [String], option: String, into kinds: inout [Int: ColumnKindSetting?]) throws {
        let splits = ColumnKindSpec.splits(of: spec)
        guard let first = splits.first else {
            throw DTableError("\(option): \(TerminalText.quoted(spec, maxWidth: 80)) names no kind; write COL:KIND[:FORMAT] with KIND one of \(ColumnKindSpec.kindList)")
        }
        let chosen = splits.first { (try? ColumnReference.resolve($0.column, in: titles, option: option)) != nil } ?? first
        let column = try ColumnReference.resolve(chosen.column, in: titles, option: option)
        if let format = chosen.format {
            guard chosen.kind == .dateTime else {
                throw DTableError("\(option): a format (\(TerminalText.quoted(format, maxWidth: 40))) is for date columns only, in \(TerminalText.quoted(spec, maxWidth: 80))")
            }
            guard !format.isEmpty else {
                throw DTableError("\(option): empty date format in \(TerminalText.quoted(spec, maxWidth: 80)); write COL:date or COL:date:FORMAT (like %d.%m.%Y)")
            }
            if let problem = DatePattern(format).problem {
                throw DTableError("\(option): \(TerminalText.sanitized(problem)) (in \(TerminalText.quoted(spec, maxWidth: 80)))")
            }
        }
        kinds[column] = chosen.kind.map { ColumnKindSetting(kind: $0, datePattern: chosen.format) }
    }
}
