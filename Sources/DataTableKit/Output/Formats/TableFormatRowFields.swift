/// One row's fields for a `TableFormatWriter`, gathered without a String per field: slices of
/// the record's raw bytes where a field's text is its bytes (a plain field, a quoted one without
/// doubled quotes), decoded bytes in one reused buffer otherwise. Reused row after row: the
/// buffers keep their capacity.
struct TableFormatRowFields {
    /// Where a field's bytes are: `decoded` (true) or the record, and the range there.
    private struct Part {
        var decoded: Bool
        var start: Int
        var end: Int
    }

    private var decoded: [UInt8] = []
    private var parts: [Part] = []
    private var pointers: [UnsafeRawBufferPointer] = []
    /// The record's fields as `CSVRawRecord.split` finds them (the caller splits into it).
    var recordFields: [CSVRawRecord.Field] = []

    /// Empties the row (keeping the capacity).
    mutating func removeAll() {
        decoded.removeAll(keepingCapacity: true)
        parts.removeAll(keepingCapacity: true)
    }

    /// Adds an empty field.
    mutating func appendEmpty() { parts.append(Part(decoded: true, start: decoded.count, end: decoded.count)) }

    /// Adds `text`'s bytes as the next field.
    mutating func append(_ text: String) {
        let start = decoded.count
        decoded.append(contentsOf: text.utf8)
        parts.append(Part(decoded: true, start: start, end: decoded.count))
    }

    /// Adds the text of `field` of `record` (quote `quote`) as the next field.
    @inline(__always)
    mutating func append(_ field: CSVRawRecord.Field, of record: UnsafeRawBufferPointer, quote: UInt8) {
        switch field.kind {
        case .plain:
            parts.append(Part(decoded: false, start: field.start, end: field.end))
        case .quoted where !field.hasDoubledQuotes:
            parts.append(Part(decoded: false, start: field.start + 1, end: field.end - 1))
        default:
            let start = decoded.count
            CSVRawRecord.decode(field, in: record, quote: quote, into: &decoded)
            parts.append(Part(decoded: true, start: start, end: decoded.count))
        }
    }

    /// Calls `body` with the fields' bytes in order (slices of `record` or of the decoded
    /// buffer, valid during the call).
    @inline(__always)
    mutating func withFields<R>(record: UnsafeRawBufferPointer, _ body: ([UnsafeRawBufferPointer]) -> R) -> R {
        var fields = pointers
        pointers = []
        defer { pointers = fields }
        fields.removeAll(keepingCapacity: true)
        return decoded.withUnsafeBytes { buffer in
            for part in parts {
                fields.append(UnsafeRawBufferPointer(rebasing: (part.decoded ? buffer : record)[part.start..<part.end]))
            }
            return body(fields)
        }
    }
}
