/// A field's text from its raw bytes, as `CSVReader` reads it: the one unquoting of raw CSV
/// fields (sort keys, filter, search, summary, print).
extension CSVFieldCursor {
    /// Appends the text of `field` (raw bytes, quotes included) to `out`: a field that does not
    /// start with `quote` as it stands; one that does loses its opening quote, reads a doubled
    /// quote as one, loses the quote that closes it and keeps what follows that as it stands;
    /// without a closing quote it runs to the end. Runs between quotes are copied whole.
    /// - Complexity: O(bytes of the field).
    @inlinable
    package static func appendUnquoted(_ field: UnsafeRawBufferPointer, quote: UInt8, to out: inout [UInt8]) {
        let n = field.count
        guard n > 0, field[0] == quote else {
            out.append(contentsOf: field)
            return
        }
        var i = 1
        while i < n {
            var j = i
            while j < n && field[j] != quote { j &+= 1 }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[i..<j]))
            guard j < n else { return }
            if j &+ 1 < n && field[j &+ 1] == quote {
                out.append(quote)
                i = j &+ 2
                continue
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[(j &+ 1)...]))
            return
        }
    }

    /// `appendUnquoted(_:quote:to:)` with this cursor's quote.
    @inlinable
    package func appendUnquoted(_ field: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        Self.appendUnquoted(field, quote: quote, to: &out)
    }
}
