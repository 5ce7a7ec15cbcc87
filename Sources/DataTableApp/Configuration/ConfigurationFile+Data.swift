import DataTableKit
import TerminalSurface

/// The `[data]` section: which texts are null and the kinds of named columns.
///
/// ```toml
/// [data]
/// null = ["NA", "-", "n/k"]            # replaces the default null tokens
/// types = ["price:decimal", "when:date:%d.%m.%Y"]   # column kinds, applied to every file
/// ```
extension Reader {
    func readData(_ table: TOMLTable, into file: inout ConfigurationFile) throws(ConfigurationError) {
        for entry in table.entries {
            switch entry.key {
            case "null":
                file.nullTokens = try strings(entry, example: "[\"NA\", \"-\"]")
            case "types":
                let specs = try strings(entry, example: "[\"price:decimal\"]")
                for spec in specs where !ColumnKindSpec.namesKind(spec) {
                    throw error(entry.line, "types: \(TerminalText.quoted(spec, maxWidth: 60)) names no kind; write COL:KIND[:FORMAT] with KIND one of \(ColumnKindSpec.kindList)")
                }
                file.types = specs
            default:
                throw unknownKey(entry, in: "data", known: ConfigurationFile.dataKeys)
            }
        }
    }

    /// An array of strings (a single string is taken as an array of one).
    private func strings(_ entry: TOMLEntry, example: String) throws(ConfigurationError) -> [String] {
        switch entry.value {
        case .string(let text): return [text]
        case .array(let elements):
            var result: [String] = []
            for element in elements {
                guard case .string(let text) = element else {
                    throw error(entry.line, "\(entry.key) must be an array of strings (like \(example)), not one holding \(element.phrase)")
                }
                result.append(text)
            }
            return result
        default:
            throw error(entry.line, "\(entry.key) must be an array of strings (like \(example)), not \(entry.value.phrase)")
        }
    }
}

/// `COL:KIND[:FORMAT]` (`types` in the config file, or the program's kind option) split into its parts.
public enum ColumnKindSpec {
    /// The kind names, for messages.
    public static let kindList = "int, decimal, date, bool, text, auto"

    /// The ways to split `spec` into a column reference, a kind and a format: at every `:` that
    /// is followed by a kind name (column titles and date formats may contain `:` too), first
    /// split first. The kind is nil for `auto`.
    public static func splits(of spec: String) -> [(column: String, kind: SortKeyKind?, format: String?)] {
        var result: [(String, SortKeyKind?, String?)] = []
        var index = spec.startIndex
        while let colon = spec[index...].firstIndex(of: ":") {
            let column = String(spec[..<colon])
            let rest = spec[spec.index(after: colon)...]
            let kindText = rest.firstIndex(of: ":").map { rest[..<$0] } ?? rest
            let format = rest.firstIndex(of: ":").map { String(rest[rest.index(after: $0)...]) }
            if !column.isEmpty, let kind = ColumnKindSetting.kind(named: String(kindText)) {
                result.append((column, kind, format))
            }
            index = spec.index(after: colon)
        }
        return result
    }

    /// Whether some split of `spec` names a kind.
    public static func namesKind(_ spec: String) -> Bool { !splits(of: spec).isEmpty }
}
