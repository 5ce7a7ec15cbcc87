import DataTableKit
import Glibc

/// Reading the config file: DataTableCSV is the module that reads files; DataTableKit only
/// parses the text.
extension ConfigurationFile {
    /// The file at `path`, or nil when there is none; errors name `path`. `[keys]` may name the
    /// program's commands, `commandNames`.
    public static func load(contentsOfFile path: String, commandNames: [String] = []) throws(ConfigurationError) -> ConfigurationFile? {
        guard let text = try TOMLDocument.text(ofFile: path) else { return nil }
        return try ConfigurationFile(parsing: text, fileName: path, commandNames: commandNames)
    }
}
