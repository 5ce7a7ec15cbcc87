import TerminalSurface

extension TableController {
    /// The keys after `Y` and the formats they copy the rows in, as the status line lists them.
    static let copyFormatKeys: [(key: Character, format: TableFormat)] = [
        ("c", .csv), ("t", .tsv), ("j", .json), ("l", .jsonl), ("m", .markdown), ("h", .html),
    ]

    /// The key after `Y`: copies the marked rows (none marked: the cursor row) in the format
    /// it names, or cancels (Esc, any other key).
    func chooseCopyFormat(_ key: Key) -> Response {
        guard case .character(let c) = key, let choice = Self.copyFormatKeys.first(where: { $0.key == c }) else {
            view.notice = "nothing copied"
            return .redraw
        }
        view.copyRows(as: choice.format)
        return .redraw
    }
}
