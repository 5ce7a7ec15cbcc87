/// A data source that loads in the background or changes while shown (a file being indexed,
/// stdin arriving, a file changed on disk): the capability the view resolves once, when it is
/// made, into the part that watches its source (`SourceWatch`), and polls a few times a second.
///
/// A source without it is whole from the start and never changes by itself.
public protocol DataTableLoading: DataTableDataSource {
    /// Progress of a source that loads in the background; nil when everything is there.
    var loadState: DataTableLoadState? { get }
    /// A warning about the data for the status line (a file that changed, repaired input).
    var notice: String? { get }
    /// Looks for changes of the underlying data (called by the run loop a few times a second).
    func checkForChanges()
}

extension DataTableLoading {
    /// nil: everything is there from the start.
    public var loadState: DataTableLoadState? { nil }
    /// Default: nothing to say.
    public var notice: String? { nil }
    /// Default: the data never changes.
    public func checkForChanges() {}
}

/// How far a data source that loads in the background has got.
public struct DataTableLoadState: Hashable, Sendable {
    /// 0...1, or nil when the total is unknown (a stream still arriving).
    public var fraction: Double?
    /// Whether all rows are known.
    public var isComplete: Bool
    /// What it is doing, for the status line ("indexing", "reading stdin").
    public var verb: String
    /// Bytes loaded so far, shown when the fraction is unknown.
    public var loadedBytes: Int?

    /// Progress: `fraction` done (nil: unknown), what is being done and how much was read.
    public init(fraction: Double?, isComplete: Bool, verb: String = "loading", loadedBytes: Int? = nil) {
        self.fraction = fraction
        self.isComplete = isComplete
        self.verb = verb
        self.loadedBytes = loadedBytes
    }

    /// "indexing 42%" or "reading stdin 12.3 MB".
    public var summary: String {
        if let fraction { return "\(verb) \(Int(saturating: fraction * 100))%" }
        let bytes = loadedBytes ?? 0
        let tenths = bytes / 100_000
        return "\(verb) \(tenths / 10).\(tenths % 10) MB"
    }
}
