import TerminalSurface

/// A column as the table lays it out: its title, content width in cells, alignment, the kind
/// of values it holds and its width policy.
public struct TableColumn: Hashable, Sendable {
    /// The header's text.
    public var title: String
    /// Content width in character cells, not counting the gutter after it.
    public var width: Int
    /// Right for numbers, else left (inferred from the values).
    public var alignment: TextAlignment
    /// What the column's values are, inferred from a sample (sorting compares by it), or set
    /// by the user (`isKindSet`).
    public var kind: SortKeyKind
    /// How the column writes its values (decimal separator, date order), inferred with the kind.
    public var format: ValueFormat
    /// Whether `kind` was set by the user (a kind setting, the `t` keys) rather than inferred.
    public var isKindSet: Bool
    /// Whether `width` was set by the user (`<`, `>`): the column no longer widens for the
    /// numbers that come on screen (they are written shorter, see `ExactNumber`).
    public var isWidthSet = false
    /// How the table lays the column out, set on the view (`setWidthPolicy(_:ofColumn:)`); nil:
    /// the configuration's `columnWidthProvider`, else its width mode (see `ColumnWidth`).
    public var widthPolicy: ColumnWidth?

    /// A column of `width` columns.
    public init(title: String, width: Int, alignment: TextAlignment = .left, kind: SortKeyKind = .text,
                format: ValueFormat = .standard, isKindSet: Bool = false) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.kind = kind
        self.format = format
        self.isKindSet = isKindSet
    }
}

