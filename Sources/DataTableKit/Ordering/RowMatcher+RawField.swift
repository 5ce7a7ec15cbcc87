/// The test of one field as a file holds it, shared by the row filter and the record scanner.
extension RowMatcher {
    /// The verdict on field `raw`, its bytes as read between delimiters: a field that starts
    /// with `quote` loses its outer quotes and reads `""` as `"` (`CSVFieldCursor.withUnquoted`:
    /// in place when no quote is inside, else in `scratch`, reused from field to field) before
    /// the test; any other field is tested as it is.
    /// - Complexity: O(field length) plus the match.
    @inline(__always)
    func verdict(rawField raw: UnsafeRawBufferPointer, quote: UInt8, scratch: inout [UInt8]) -> Verdict {
        CSVFieldCursor.withUnquoted(raw, quote: quote, scratch: &scratch) { verdict(utf8: $0) }
    }
}
