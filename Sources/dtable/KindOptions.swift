import DataTableApp
import DataTableKit

/// `--null TOKEN` and `--type COL:KIND[:FORMAT]` (and the config file's `[data]`), resolved
/// against a table's titles into the configuration.
struct KindOptions {
    /// `--null` values (empty: not given).
    var nullTokens: [String]
    /// `--type` values (the command line wins over the config file for a column).
    var types: [KindSpec]
    /// The config file's `null`, used when `--null` is not given.
    var configNullTokens: [String]?
    /// The config file's `types`.
    var configTypes: [String] = []

    /// The option config file types are named by in messages.
    static let configTypesOption = "types (config file)"

    /// Sets `configuration.nullTokens` and `configuration.columnKinds`.
    /// - Throws: `DTableError` naming the option, for an unknown column, or a format given to a
    ///   kind other than date; `OptionValueError` for a config file type that names no kind.
    func apply(titles: [String], to configuration: inout DataTableConfiguration) throws {
        if !nullTokens.isEmpty {
            configuration.nullTokens = NullTokens(nullTokens)
        } else if let configNullTokens {
            configuration.nullTokens = NullTokens(configNullTokens)
        }
        var kinds: [Int: ColumnKindSetting?] = [:]
        for text in configTypes {
            let (column, setting) = try KindSpec(text, option: Self.configTypesOption).resolve(titles: titles, option: Self.configTypesOption)
            kinds[column] = setting
        }
        for spec in types {
            let (column, setting) = try spec.resolve(titles: titles, option: "--type")
            kinds[column] = setting
        }
        for (column, setting) in kinds {
            if let setting { configuration.columnKinds[column] = setting } else { configuration.columnKinds[column] = nil }
        }
    }
}
