/// What `:w` asks for: where to write, whether over a file another program changed, and
/// whether to quit afterwards.
public struct DataTableWriteRequest: Equatable, Sendable {
    /// `:w FILE`: another file (nil: the table's own file, or the program's output).
    public var path: String?
    /// `:w!`: write even over a version of the file that someone else saved, a file that
    /// exists (`:w! FILE`) or a read-only file.
    public var overwrites: Bool
    /// `:wq`, `:x`, or `w` when asked about quitting.
    public var quitsAfter: Bool

    /// A request to write `path` (nil: the table's own file).
    public init(path: String? = nil, overwrites: Bool = false, quitsAfter: Bool = false) {
        self.path = path
        self.overwrites = overwrites
        self.quitsAfter = quitsAfter
    }
}
