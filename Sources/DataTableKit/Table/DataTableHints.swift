/// What a program tells its users about turning on what a table finds missing (sections,
/// actions, lines to skip, the limit on buffered input). The library names no program and no
/// option, so these words come from the program; each is added to the library's own message,
/// and nil adds nothing.
public struct DataTableHints: Sendable {
    /// How rows are grouped into sections, after "no sections" in parentheses.
    public var groupingRows: String?
    /// How rows get action buttons, after "no actions" in parentheses.
    public var addingActions: String?
    /// How the first `n` lines are skipped before the header, after a preamble's hint.
    public var skippingLines: (@Sendable (_ n: Int) -> String)?
    /// How the limit on buffered input is changed, after "stopped reading … at the … limit".
    public var changingBufferLimit: String?
    /// The program's name, as titles show it (the help screen's "NAME: keys"); nil: none.
    public var programName: String?

    /// Hints with the given words; by default none.
    public init(groupingRows: String? = nil, addingActions: String? = nil,
                skippingLines: (@Sendable (_ n: Int) -> String)? = nil, changingBufferLimit: String? = nil,
                programName: String? = nil) {
        self.groupingRows = groupingRows
        self.addingActions = addingActions
        self.skippingLines = skippingLines
        self.changingBufferLimit = changingBufferLimit
        self.programName = programName
    }

    /// `message`, then `hint` in parentheses when there is one.
    public static func message(_ message: String, hint: String?) -> String {
        hint.map { "\(message) (\($0))" } ?? message
    }
}
