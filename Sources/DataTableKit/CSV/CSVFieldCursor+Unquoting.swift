/// A field's content from its raw bytes, for the fields the cursor finds: the one unquoting of
/// the raw-byte paths (sort keys, filter, search, the summary, the kind sample).
extension CSVFieldCursor {
    /// Appends the content of `field` (raw bytes, quotes included) to `out`: a field that does
    /// not start with `quote` as it stands; one that does loses its opening quote and its last
    /// byte when that is a quote, and reads a doubled quote inside as one. Any other quote is
    /// kept, so every byte of the content stands in the field in the same order, only doubled
    /// quotes collapsing: a literal without the quote byte found in the content is found in the
    /// raw bytes (what `RecordScanner`'s byte search relies on). On a field whose quotes are
    /// regular this is the reader's text; `CSVRawRecord.decode` reads irregular ones as the
    /// reader does (docs/decisions/0100-one-csv-field-cursor.md).
    /// - Complexity: O(bytes of the field); runs between quotes are copied whole.
    @inlinable
    package static func appendUnquoted(_ field: UnsafeRawBufferPointer, quote: UInt8, to out: inout [UInt8]) {
        let n = field.count
        guard n > 0, field[0] == quote else {
            out.append(contentsOf: field)
            return
        }
        let end = n >= 2 && field[n &- 1] == quote ? n &- 1 : n
        var i = 1
        while i < end {
            var j = i
            while j < end && field[j] != quote { j &+= 1 }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[i..<j]))
            guard j < end else { return }
            // A quote: kept once, its double (when it has one) skipped.
            out.append(quote)
            i = j &+ 1 < end && field[j &+ 1] == quote ? j &+ 2 : j &+ 1
        }
    }

    /// Calls `body` with the content of `field` as `appendUnquoted(_:quote:to:)` reads it: the
    /// bytes between the quotes as they stand (no copy) when no quote is among them, else the
    /// content appended to `scratch` (emptied first).
    /// - Complexity: O(bytes of the field).
    @inlinable @inline(__always)
    package static func withUnquoted<Result>(_ field: UnsafeRawBufferPointer, quote: UInt8, scratch: inout [UInt8],
                                             _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let n = field.count
        guard n > 0, field[0] == quote else { return body(field) }
        let end = n >= 2 && field[n &- 1] == quote ? n &- 1 : n
        var i = 1
        while i < end && field[i] != quote { i &+= 1 }
        if i == end { return body(UnsafeRawBufferPointer(rebasing: field[1..<end])) }
        scratch.removeAll(keepingCapacity: true)
        appendUnquoted(field, quote: quote, to: &scratch)
        return scratch.withUnsafeBytes(body)
    }

    /// `appendUnquoted(_:quote:to:)` with this cursor's quote.
    @inlinable
    package func appendUnquoted(_ field: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        Self.appendUnquoted(field, quote: quote, to: &out)
    }
}
