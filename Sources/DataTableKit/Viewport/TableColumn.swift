import TerminalSurface

/// A column as the table lays it out: its title, width in cells, alignment and the kind of
/// values it holds.
public struct TableColumn: Hashable, Sendable {
    /// The header's text.
    public var title: String
    /// Content width in character cells, not counting the gutter after it.
    public var width: Int
    /// Right for numbers, else left (inferred from the values).
    public var alignment: TextAlignment
    /// What the column's values are, inferred from a sample (sorting compares by it).
    public var kind: SortKeyKind

    /// A column of `width` columns.
    public init(title: String, width: Int, alignment: TextAlignment = .left, kind: SortKeyKind = .text) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.kind = kind
    }
}

/// Infers a column's kind from sampled values.
public enum ColumnKindInference {
    /// The first kind among integer, decimal, date/time and boolean that reads every non-empty
    /// sample, else text (also for a column with no non-empty sample).
    public static func kind(of samples: [String]) -> SortKeyKind {
        guard !samples.isEmpty else { return .text }
        if samples.allSatisfy({ ValueParsing.integer($0) != nil }) { return .integer }
        if samples.allSatisfy({ ValueParsing.decimal($0) != nil }) { return .decimal }
        if samples.allSatisfy({ ValueParsing.dateTime($0) != nil }) { return .dateTime }
        if samples.allSatisfy({ ValueParsing.boolean($0) != nil }) { return .boolean }
        return .text
    }
}
