/// The field texts that mean "no value": they count as empty for kind inference and sorting
/// (nulls sort last in both directions) and are shown as written, dimmed.
///
/// The default set is what R, pandas, Excel and databases write for a missing value: the empty
/// field, `NA`, `N/A`, `n/a`, `NULL`, `null`, `None`, `NaN`, `nan`, `#N/A`, and `-` only in a
/// column whose other values are numbers (elsewhere `-` is a value). A user's list (a
/// program's option, `null = [...]` in the config file) replaces the set; the empty field is always
/// null, so a list of only `''` leaves only it. Surrounding spaces and tabs are ignored; the match
/// is exact otherwise (case included: `na` is not in the default set). A blank field (spaces
/// and tabs only) is null in numeric, date and boolean columns and a value in text columns.
///
/// Matching costs no allocation: a bitmask of the tokens' lengths turns most fields away with
/// one test, and the rest are compared byte for byte with the few tokens of their length.
public struct NullTokens: Hashable, Sendable {
    /// Tokens that are null in every column (the empty field is implied).
    public let tokens: [String]
    /// Tokens that are null only in numeric columns (the default set's `-`).
    public let numericOnlyTokens: [String]

    /// Token bytes and whether each is numeric-only, concatenated.
    private let bytes: [UInt8]
    private let entries: [Entry]
    /// Bit n set when some token is n bytes long (tokens of 64 bytes or more: bit 63).
    private let lengthMask: UInt64

    private struct Entry: Hashable, Sendable {
        var start: Int
        var count: Int
        var numericOnly: Bool
    }

    /// A set of `tokens` (null everywhere) and `numericOnlyTokens` (null in numeric columns).
    /// Empty strings are dropped: the empty field is always null.
    public init(_ tokens: [String], numericOnly numericOnlyTokens: [String] = []) {
        self.tokens = tokens.filter { !$0.isEmpty }
        self.numericOnlyTokens = numericOnlyTokens.filter { !$0.isEmpty }
        var bytes: [UInt8] = [], entries: [Entry] = [], mask: UInt64 = 0
        for (token, numericOnly) in self.tokens.map({ ($0, false) }) + self.numericOnlyTokens.map({ ($0, true) }) {
            let utf8 = Array(token.utf8)
            entries.append(Entry(start: bytes.count, count: utf8.count, numericOnly: numericOnly))
            bytes += utf8
            mask |= 1 << UInt64(min(utf8.count, 63))
        }
        self.bytes = bytes
        self.entries = entries
        self.lengthMask = mask
    }

    /// The default set (see the type's documentation).
    public static let standard = NullTokens(
        ["NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A"], numericOnly: ["-"])

    /// Only the empty field (a list of only `''`).
    public static let emptyOnly = NullTokens([])

    /// Whether `field` (unquoted content) is null: empty, blank when `blankIsNull`, or one of
    /// the tokens; numeric-only tokens count when `numeric`.
    /// - Complexity: O(field length) at most, no allocation.
    @inline(__always)
    public func isNull(_ field: UnsafeRawBufferPointer, numeric: Bool, blankIsNull: Bool = true) -> Bool {
        var i = 0, end = field.count
        if end == 0 { return true }
        while i < end, field[i] == 0x20 || field[i] == 0x09 { i += 1 }
        if i == end { return blankIsNull }
        while field[end - 1] == 0x20 || field[end - 1] == 0x09 { end -= 1 }
        let n = end - i
        guard lengthMask & (1 << UInt64(min(n, 63))) != 0 else { return false }
        return matches(field, from: i, count: n, numeric: numeric)
    }

    /// Whether `text` is null (see `isNull(_:numeric:blankIsNull:)`).
    public func isNull(_ text: String, numeric: Bool, blankIsNull: Bool = true) -> Bool {
        var text = text
        return text.withUTF8 { isNull(UnsafeRawBufferPointer($0), numeric: numeric, blankIsNull: blankIsNull) }
    }

    /// Whether `field` is a numeric-only token (`-` in the default set): null in a numeric
    /// column, a value elsewhere. Kind inference sets these aside to decide.
    @inline(__always)
    public func isNumericOnlyToken(_ field: UnsafeRawBufferPointer) -> Bool {
        isNull(field, numeric: true) && !isNull(field, numeric: false)
    }

    private func matches(_ field: UnsafeRawBufferPointer, from i: Int, count n: Int, numeric: Bool) -> Bool {
        // Through buffer pointers: iterating the arrays would retain them, per field, on every
        // thread that reads fields.
        bytes.withUnsafeBufferPointer { tokenBytes in
            entries.withUnsafeBufferPointer { entries in
                for entry in entries where entry.count == n && (numeric || !entry.numericOnly) {
                    var k = 0
                    while k < n, tokenBytes[entry.start + k] == field[i + k] { k += 1 }
                    if k == n { return true }
                }
                return false
            }
        }
    }
}
