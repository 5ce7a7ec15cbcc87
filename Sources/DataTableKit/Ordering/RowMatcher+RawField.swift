/// The test of one field as a file holds it, shared by the row filter and the record scanner.
extension RowMatcher {
    /// The verdict on field `raw`, its bytes as read between delimiters: a field that starts
    /// with `quote` loses its outer quotes and reads `""` as `"` (unquoted into `scratch`, reused
    /// from field to field) before the test; any other field is tested as it is.
    /// - Complexity: O(field length) plus the match.
    @inline(__always)
    func verdict(rawField raw: UnsafeRawBufferPointer, quote: UInt8, scratch: inout [UInt8]) -> Verdict {
        guard raw.first == quote else { return verdict(utf8: raw) }
        scratch.removeAll(keepingCapacity: true)
        var i = 1
        let end = raw.count >= 2 && raw[raw.count - 1] == quote ? raw.count - 1 : raw.count
        while i < end {
            let byte = raw[i]
            scratch.append(byte)
            i += byte == quote && i + 1 < end && raw[i + 1] == quote ? 2 : 1
        }
        return scratch.withUnsafeBytes { verdict(utf8: $0) }
    }
}
