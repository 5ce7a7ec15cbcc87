extension CSVReader {
    /// Splits a UTF-8 byte buffer into records of decoded fields, one record per call.
    ///
    /// The scanner never copies the input: unquoted fields and quoted fields without
    /// doubled quotes become strings straight from their byte range; only fields that
    /// need unescaping go through a reused scratch buffer.
    struct Scanner {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let delimiter: UInt8
        private let quote: UInt8
        /// The next byte to read.
        private var position: Int
        /// How many records have been returned so far.
        private var recordIndex = 0
        /// The field count of the previous record, used to size the next one.
        private var widthHint = 0
        /// Holds the unescaped bytes of a quoted field that cannot be taken verbatim.
        private var scratch: [UInt8] = []
        /// Fields whose bytes in the input (quotes included) are longer than this are cut: only
        /// their first `fieldLimit` bytes become text, followed by `cutMarker`. The rest is
        /// scanned, never copied. `Int.max`: never.
        var fieldLimit = Int.max
        /// The fields of the last record that were cut at `fieldLimit`, by position.
        private(set) var cutColumns: [Int] = []
        /// Set by the cut-string makers, moved into `cutColumns` by `nextRecord`.
        private var fieldWasCut = false

        /// Whether some field held invalid UTF-8 that was replaced by U+FFFD.
        private(set) var sawInvalidUTF8 = false
        /// The record index whose quote was still open at the end of input, if any.
        private(set) var unterminatedQuoteRow: Int?

        private static let lineFeed = UInt8(ascii: "\n")
        private static let carriageReturn = UInt8(ascii: "\r")

        /// Creates a scanner over `bytes`, skipping a leading UTF-8 byte order mark.
        init(_ bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) {
            self.bytes = bytes
            self.delimiter = dialect.delimiter
            self.quote = dialect.quote
            let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            self.position = hasBOM ? 3 : 0
        }

        /// Returns the next record, or `nil` at the end of input.
        ///
        /// A record ends at LF, CRLF, a lone CR, or the end of input; the line break is consumed.
        /// - Complexity: O(m) in the record's byte count.
        mutating func nextRecord() -> [String]? {
            guard position < bytes.count else { return nil }
            var fields: [String] = []
            fields.reserveCapacity(widthHint)
            cutColumns.removeAll()
            while true {
                if position < bytes.count && bytes[position] == quote {
                    fields.append(scanQuotedField())
                } else {
                    fields.append(scanUnquotedField())
                }
                if fieldWasCut {
                    cutColumns.append(fields.count - 1)
                    fieldWasCut = false
                }
                // The field stopped at a delimiter, a line break, or the end of input.
                guard position < bytes.count else { break }
                let stop = bytes[position]
                position += 1
                if stop == delimiter { continue }
                if stop == Self.carriageReturn && position < bytes.count && bytes[position] == Self.lineFeed {
                    position += 1
                }
                break
            }
            recordIndex += 1
            widthHint = fields.count
            return fields
        }

        /// Finds the first delimiter, CR or LF at or after `start`.
        ///
        /// - Returns: The index of that byte (or the end index), and the bitwise OR of the bytes
        ///   skipped, which is below 0x80 exactly when they are all ASCII.
        /// - Complexity: O(k) in the bytes skipped.
        @inline(__always)
        private func scanUnquotedText(from start: Int) -> (end: Int, byteUnion: UInt8) {
            let delimiter = self.delimiter
            let end = bytes.count
            var index = start
            var union: UInt8 = 0
            while index < end {
                let byte = bytes[index]
                if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                union |= byte
                index += 1
            }
            return (index, union)
        }

        /// Reads a field that does not start with a quote; quotes inside it are literal.
        private mutating func scanUnquotedField() -> String {
            let start = position
            let (end, union) = scanUnquotedText(from: start)
            position = end
            if end - start > fieldLimit { return makeCutString(start..<end, rawCount: end - start) }
            return makeString(start..<end, byteUnion: union)
        }

        /// Reads a field that starts with a quote, unescaping doubled quotes.
        ///
        /// Line breaks inside the quotes stay in the field. Text after the closing quote up to the
        /// next delimiter or line break is appended literally. Without a closing quote the field
        /// runs to the end of input and the record is remembered in ``unterminatedQuoteRow``.
        private mutating func scanQuotedField() -> String {
            let end = bytes.count
            let quote = self.quote
            let opening = position
            var index = position + 1
            var segmentStart = index
            var union: UInt8 = 0
            var usesScratch = false
            while true {
                while index < end {
                    let byte = bytes[index]
                    if byte == quote { break }
                    union |= byte
                    index += 1
                }
                if index == end {
                    unterminatedQuoteRow = recordIndex
                    position = end
                    guard usesScratch else {
                        if end - opening > fieldLimit { return makeCutString(segmentStart..<end, rawCount: end - opening) }
                        return makeString(segmentStart..<end, byteUnion: union)
                    }
                    appendToScratch(segmentStart..<end)
                    if end - opening > fieldLimit { return makeCutScratchString(rawCount: end - opening) }
                    return makeScratchString(byteUnion: union)
                }
                if index + 1 < end && bytes[index + 1] == quote {
                    // A doubled quote: keep one and go on inside the quotes.
                    if !usesScratch {
                        scratch.removeAll(keepingCapacity: true)
                        usesScratch = true
                    }
                    union |= quote
                    appendToScratch(segmentStart..<(index + 1))
                    index += 2
                    segmentStart = index
                    continue
                }
                // The closing quote; anything up to the next delimiter or line break is literal.
                let closing = index
                let (trailingEnd, trailingUnion) = scanUnquotedText(from: closing + 1)
                position = trailingEnd
                let rawCount = trailingEnd - opening
                if !usesScratch && trailingEnd == closing + 1 {
                    if rawCount > fieldLimit { return makeCutString(segmentStart..<closing, rawCount: rawCount) }
                    return makeString(segmentStart..<closing, byteUnion: union)
                }
                if !usesScratch {
                    scratch.removeAll(keepingCapacity: true)
                }
                appendToScratch(segmentStart..<closing)
                appendToScratch((closing + 1)..<trailingEnd)
                if rawCount > fieldLimit { return makeCutScratchString(rawCount: rawCount) }
                return makeScratchString(byteUnion: union | trailingUnion)
            }
        }

        /// Appends the input bytes in `range` to the scratch buffer; with a `fieldLimit`, only up
        /// to that many bytes (and 3 more, to finish a character cut there).
        private mutating func appendToScratch(_ range: Range<Int>) {
            var range = range
            if fieldLimit != Int.max {
                let room = max(0, fieldLimit + 3 - scratch.count)
                range = range.lowerBound..<(range.lowerBound + min(range.count, room))
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }

        /// The text of a field cut at `fieldLimit`: the first bytes of `range` up to the limit (not
        /// splitting a character), then `cutMarker`. `rawCount` is the field's size in the input.
        /// - Complexity: O(`fieldLimit`), whatever the field's size.
        private mutating func makeCutString(_ range: Range<Int>, rawCount: Int) -> String {
            let prefix = UnsafeBufferPointer(rebasing: bytes[range])
            let kept = Self.characterBoundary(in: prefix, atMost: fieldLimit)
            let text = UnsafeBufferPointer(rebasing: prefix[0..<kept])
            if !UTF8Validation.isValid(text) { sawInvalidUTF8 = true }
            fieldWasCut = true
            return String(decoding: text, as: UTF8.self) + Self.cutMarker(shown: kept, of: rawCount)
        }

        /// `makeCutString` for a field unescaped into the scratch buffer (which holds its start).
        private mutating func makeCutScratchString(rawCount: Int) -> String {
            let limit = fieldLimit
            fieldWasCut = true
            return scratch.withUnsafeBufferPointer { buffer in
                let kept = Self.characterBoundary(in: buffer, atMost: limit)
                let text = UnsafeBufferPointer(rebasing: buffer[0..<kept])
                if !UTF8Validation.isValid(text) { sawInvalidUTF8 = true }
                return String(decoding: text, as: UTF8.self) + Self.cutMarker(shown: kept, of: rawCount)
            }
        }

        /// What follows the start of a cut field: "… [64 KiB of 500 MiB shown]".
        static func cutMarker(shown: Int, of total: Int) -> String {
            "… [\(ByteSize.formatted(shown)) of \(ByteSize.formatted(total)) shown]"
        }

        /// The largest count ≤ `limit` of bytes of `buffer` that does not end inside a UTF-8
        /// character (`limit` itself when the bytes there are not valid UTF-8).
        static func characterBoundary(in buffer: UnsafeBufferPointer<UInt8>, atMost limit: Int) -> Int {
            guard limit < buffer.count else { return buffer.count }
            var end = limit
            // Back up over continuation bytes (10xxxxxx) to the start of the character at `limit`.
            while end > 0 && limit - end < 3 && buffer[end] & 0xC0 == 0x80 { end -= 1 }
            return buffer[end] & 0xC0 == 0x80 ? limit : end
        }

        /// Decodes the input bytes in `range`, whose bitwise OR is `byteUnion`.
        ///
        /// Invalid UTF-8 becomes U+FFFD and sets ``sawInvalidUTF8``; ASCII skips validation.
        /// - Complexity: O(m) in the byte count.
        @inline(__always)
        private mutating func makeString(_ range: Range<Int>, byteUnion: UInt8) -> String {
            if range.isEmpty { return "" }
            let utf8 = UnsafeBufferPointer(rebasing: bytes[range])
            if byteUnion >= 0x80 && !UTF8Validation.isValid(utf8) {
                sawInvalidUTF8 = true
            }
            return String(decoding: utf8, as: UTF8.self)
        }

        /// Decodes the scratch buffer, whose bitwise OR is `byteUnion`, like ``makeString(_:byteUnion:)``.
        ///
        /// - Complexity: O(m) in the byte count.
        private mutating func makeScratchString(byteUnion: UInt8) -> String {
            if byteUnion >= 0x80 && !scratch.withUnsafeBufferPointer(UTF8Validation.isValid) {
                sawInvalidUTF8 = true
            }
            return String(decoding: scratch, as: UTF8.self)
        }
    }
}
