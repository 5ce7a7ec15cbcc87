import DataTableKit

/// How a session's table was opened, for the options of its view (`ViewOptions`) that no key
/// changes: how the input was read, the null tokens, the single wrapped columns, and the
/// stripes it opened with (`z` toggles them).
struct ViewOpening {
    /// The FILE as given (a compressed file's name too), nil for stdin and the demo.
    var file: String?
    /// `--delimiter` as given (`tab` for a tab), nil when guessed.
    var delimiter: String?
    /// `--skip`.
    var skip: Int?
    /// `--no-header`.
    var noHeader = false
    /// `--null`.
    var nullTokens: [String] = []
    /// `--wrap COL`: the single columns wrapped (every column wrapped is the table's text
    /// layout, read from the view).
    var wrappedColumns: [String] = []
    /// `--stripes` / `--no-stripes` as given.
    var stripesGiven: Bool?
    /// Whether the table opened with stripes.
    var openedWithStripes = false
    /// What `--view` left out of the view file it opened (shown on the status line as the table
    /// opens).
    var droppedFromViewFile: [String] = []
}

extension DTableCommand {
    /// The options the table of this command is opened with, `view` showing it.
    func opening(of view: DataTableView, input: InputSource, droppedFromViewFile: [String]) -> ViewOpening {
        var file: String?
        if case .file(let path) = input { file = path }
        return ViewOpening(file: file, delimiter: delimiter.map { $0.byte == UInt8(ascii: "\t") ? "tab" : String(UnicodeScalar($0.byte)) },
                    skip: skip, noHeader: noHeader, nullTokens: nullTokens,
                    wrappedColumns: wraps.compactMap { if case .column(let reference) = $0 { reference.text } else { nil } },
                    stripesGiven: stripes, openedWithStripes: view.configuration.showsAlternatingRowColors,
                    droppedFromViewFile: droppedFromViewFile)
    }
}
