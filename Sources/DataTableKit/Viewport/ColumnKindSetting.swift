/// A kind the user set for a column (`COL:KIND[:FORMAT]`, the `t` keys), winning over
/// inference.
public struct ColumnKindSetting: Hashable, Sendable {
    /// The kind the column's values are read and sorted as.
    public var kind: SortKeyKind
    /// An explicit strftime-style date pattern (`%d.%m.%Y`), for `date` only; nil: inferred.
    public var datePattern: String?

    /// `kind`, with a date pattern for dates.
    public init(kind: SortKeyKind, datePattern: String? = nil) {
        self.kind = kind
        self.datePattern = datePattern
    }

    /// The names a kind setting accepts, and the kind each means (`auto`: nil,
    /// the inferred kind).
    public static let names: [(name: String, kind: SortKeyKind?)] = [
        ("int", .integer), ("integer", .integer), ("decimal", .decimal), ("number", .decimal),
        ("date", .dateTime), ("datetime", .dateTime), ("bool", .boolean), ("boolean", .boolean),
        ("text", .text), ("auto", nil),
    ]

    /// Reads a kind name (case-insensitive): `.some(nil)` for `auto`, nil when unknown.
    public static func kind(named name: String) -> SortKeyKind?? {
        let lower = name.lowercased()
        guard let entry = names.first(where: { $0.name == lower }) else { return nil }
        return .some(entry.kind)
    }
}

extension SortKeyKind {
    /// The kind's name in a kind setting, the status line and the help (`int`, `decimal`, `date`, `bool`, `text`).
    public var name: String {
        switch self {
        case .integer: return "int"
        case .decimal: return "decimal"
        case .dateTime: return "date"
        case .boolean: return "bool"
        case .text: return "text"
        }
    }

    /// What a value the kind cannot read is called on the status line ("3 values are not numbers").
    var strayDescription: String {
        switch self {
        case .integer, .decimal: return "numbers"
        case .dateTime: return "dates"
        case .boolean: return "booleans"
        case .text: return "text"
        }
    }
}
