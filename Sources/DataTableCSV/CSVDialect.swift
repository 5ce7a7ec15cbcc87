/// The delimiter and quote bytes that shape a CSV text.
///
/// Both bytes are expected to be ASCII; the reader splits UTF-8 text on them
/// and never looks inside multi-byte sequences.
public struct CSVDialect: Sendable, Equatable {
    /// The byte that separates fields within a record.
    public var delimiter: UInt8
    /// The byte that opens and closes a quoted field; doubled inside quotes it stands for itself.
    public var quote: UInt8

    /// Creates a dialect from a delimiter and a quote byte.
    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\"")) {
        self.delimiter = delimiter
        self.quote = quote
    }

    /// Comma-separated values (RFC 4180).
    public static let comma = CSVDialect()
    /// Tab-separated values.
    public static let tab = CSVDialect(delimiter: UInt8(ascii: "\t"))
    /// Semicolon-separated values, common where the comma is the decimal separator.
    public static let semicolon = CSVDialect(delimiter: UInt8(ascii: ";"))
    /// Pipe-separated values.
    public static let pipe = CSVDialect(delimiter: UInt8(ascii: "|"))

    /// Dialect for a file name: ".tsv"/".tab" -> tab, otherwise comma.
    ///
    /// The extension is compared case-insensitively, after a compression suffix (`.gz`, `.bz2`,
    /// `.xz`, `.zst`); `name` may be a bare file name or a path.
    public static func forFileName(_ name: String) -> CSVDialect {
        var lowered = name.lowercased()
        for suffix in [".gz", ".bz2", ".xz", ".zst"] where lowered.hasSuffix(suffix) {
            lowered.removeLast(suffix.count)
            break
        }
        if lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab") {
            return .tab
        }
        return .comma
    }
}
