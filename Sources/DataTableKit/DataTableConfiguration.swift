/// How a table looks and behaves; set before the table is shown.
public struct DataTableConfiguration: Sendable {
    /// Columns are never narrower than this (content cells).
    public var minColumnWidth = 1
    /// Columns sized from content are capped at this width; longer values are truncated with `…`.
    public var maxColumnWidth = 40
    /// Rows sampled to size columns: the first half from the top, the rest spread evenly.
    public var columnWidthSampleSize = 1000
    /// Whether the status line (footer) is shown below the rows.
    public var showsStatusLine = true
    /// The name the status line shows (a file name, "stdin", "demo").
    public var title = ""
    public var theme = TableTheme.colored
    public var keyBindings = KeyBindings.standard

    public init() {}
}
