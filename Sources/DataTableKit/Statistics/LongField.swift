import Crypto
import Glibc

/// How the statistics keep a field they count (the frequency table's values, the summary's
/// distinct texts): whole up to `limit` bytes; a longer one as a key of about 1 KiB, so what a
/// statistic keeps per value is bounded whatever the file holds.
///
/// A key is the value's first bytes (at most `limit`, cut at a UTF-8 character boundary),
/// then `0xFF` (never in UTF-8), then the value's length and SHA-256 (its identity: two long
/// values are counted as one only when both are equal), then the value read as a number or
/// date in the column's kind when it reads as one (bins place it). A key is longer than
/// `limit`, a kept whole value is not: stored bytes are a key exactly when longer than
/// `limit`. The value is shown as its first bytes and `…`; a filter on it (Enter in the
/// frequency table) keeps the fields of the same length and SHA-256 (`ColumnFilter`'s
/// `LongFieldKey`s), the rows that were counted. See docs/decisions/0083-long-values-in-statistics.md.
enum LongField {
    /// Values longer than this many bytes are kept as a key. A kept value is at least as long
    /// as the widest line a terminal shows (a line of 300 columns of CJK text is 900 bytes), so
    /// the frequency table shows the same cut text either way.
    static let limit = 1024
    /// The marker after the first bytes, the length (8 bytes), the SHA-256 (32).
    static let identitySize = 1 + 8 + 32
    /// A flag and a double: the value read in the column's kind.
    static let valueSize = 1 + 8

    /// Whether stored bytes are a key (else a value kept whole).
    @inline(__always) static func isKey(_ stored: UnsafeRawBufferPointer) -> Bool { stored.count > limit }

    /// The identity of `content` (longer than `limit`): its length and SHA-256, as a filter
    /// compares it.
    static func identity(ofContent content: UnsafeRawBufferPointer) -> LongFieldKey {
        var builder = Builder()
        builder.append(content)
        return builder.identity
    }

    /// Stored bytes (a value or a key) as text: a key's first bytes and `…`. Invalid UTF-8 is
    /// repaired.
    static func text(_ stored: UnsafeRawBufferPointer) -> String {
        guard isKey(stored) else { return String(decoding: stored, as: UTF8.self) }
        return String(decoding: prefix(ofKey: stored), as: UTF8.self) + "…"
    }

    /// A field's content as a statistic shows it: whole up to `limit` bytes, else its first
    /// bytes and `…` (the smallest and largest values of a summary, read again from the file).
    static func shownText(ofContent content: UnsafeRawBufferPointer) -> String {
        guard content.count > limit else { return String(decoding: content, as: UTF8.self) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: content[0..<prefixLength(content)]), as: UTF8.self) + "…"
    }

    /// The value a key holds (nil: none), read in the column's kind when it was counted.
    static func value(ofKey key: UnsafeRawBufferPointer) -> Double? {
        let at = key.count - valueSize
        guard key[at] == 1 else { return nil }
        return Double(bitPattern: key.loadUnaligned(fromByteOffset: at + 1, as: UInt64.self))
    }

    /// The identity part of a key (length and SHA-256).
    static func identity(ofKey key: UnsafeRawBufferPointer) -> LongFieldKey {
        let start = key.count - valueSize - identitySize + 1
        return LongFieldKey(identity: Array(key[start..<(start + identitySize - 1)]),
                            text: text(key))
    }

    /// A key's first bytes.
    static func prefix(ofKey key: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: key[0..<(key.count - identitySize - valueSize)])
    }

    /// How many of `bytes`' first bytes a key keeps: `limit`, less the start of a UTF-8
    /// character cut there.
    static func prefixLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        var end = min(limit, bytes.count)
        guard end < bytes.count else { return end }
        // Back over continuation bytes (10xxxxxx) to the start of the character cut, at most 3.
        var back = 0
        while back < 3, end > 0, bytes[end] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        return end
    }

    /// Takes a field's content in pieces, keeping its first `limit + 1` bytes and hashing all.
    struct Builder {
        /// The first bytes (up to `limit + 1`: one more tells a long value).
        private(set) var head: [UInt8] = []
        private var sha = SHA256()
        /// Bytes taken.
        private(set) var length = 0
        /// Whether more than `limit` bytes were taken.
        var isLong: Bool { head.count > LongField.limit }

        init() { head.reserveCapacity(LongField.limit + 1) }

        mutating func append(_ bytes: UnsafeRawBufferPointer) {
            if head.count <= LongField.limit {
                let take = min(bytes.count, LongField.limit + 1 - head.count)
                head.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<take]))
            }
            sha.update(bufferPointer: bytes)
            length += bytes.count
        }

        mutating func append(byte: UInt8) {
            withUnsafeBytes(of: byte) { append($0) }
        }

        /// What was taken as a statistic shows it: its first bytes and `…` when it is long.
        var shownText: String {
            head.withUnsafeBytes { head in
                guard head.count > LongField.limit else { return String(decoding: head, as: UTF8.self) }
                return String(decoding: UnsafeRawBufferPointer(rebasing: head[0..<LongField.prefixLength(head)]), as: UTF8.self) + "…"
            }
        }

        /// The length (8 bytes, little-endian) and SHA-256 of what was taken.
        var identityBytes: [UInt8] {
            withUnsafeBytes(of: UInt64(length).littleEndian) { Array($0) } + Array(sha.finalize())
        }

        /// The length and SHA-256 of what was taken, and its first bytes as text.
        var identity: LongFieldKey {
            let text = head.withUnsafeBytes { head in
                String(decoding: UnsafeRawBufferPointer(rebasing: head[0..<LongField.prefixLength(head)]), as: UTF8.self) + "…"
            }
            return LongFieldKey(identity: identityBytes, text: text)
        }

        /// The key of what was taken (longer than `limit`).
        func key(value: Double?) -> [UInt8] {
            var key = head.withUnsafeBytes { Array($0[0..<LongField.prefixLength($0)]) }
            key.append(0xFF)
            key += identityBytes
            key.append(value == nil ? 0 : 1)
            withUnsafeBytes(of: (value ?? 0).bitPattern) { key += $0 }
            return key
        }
    }

    /// Reads a CSV field that starts with `quote` as the CSV reader unquotes it (the opening
    /// quote dropped, a doubled quote read as one, the closing quote dropped and anything
    /// after it kept), without copying the content whole: memory stays bounded by `limit`
    /// whatever the field's length. A content of at most `limit` bytes goes to `short`; a
    /// longer one to `long`, as a builder that has taken it all (for its `key`) and the
    /// content itself when it lies in one piece in `field` (no doubled quote: it may read as a
    /// number, a date, or blank).
    /// - Complexity: O(field length).
    static func unquoting<R>(_ field: UnsafeRawBufferPointer, quote: UInt8, short: (UnsafeRawBufferPointer) -> R,
                             long: (Builder, UnsafeRawBufferPointer?) -> R) -> R {
        guard let base = field.baseAddress, field.count > 1 else { return short(UnsafeRawBufferPointer(rebasing: field[0..<0])) }
        let n = field.count
        var builder = Builder()
        var i = 1
        var firstQuote: Int?
        while i < n {
            let q = memchr(base + i, Int32(quote), n - i).map { base.distance(to: UnsafeRawPointer($0)) } ?? n
            if firstQuote == nil { firstQuote = q }
            builder.append(UnsafeRawBufferPointer(rebasing: field[i..<q]))
            if q == n { break }
            if q + 1 < n, field[q + 1] == quote {
                builder.append(byte: quote)
                i = q + 2
                continue
            }
            // The closing quote: what follows it is kept as it stands.
            builder.append(UnsafeRawBufferPointer(rebasing: field[(q + 1)..<n]))
            break
        }
        guard builder.isLong else { return builder.head.withUnsafeBytes { short($0) } }
        // The content lies in one piece when no quote is doubled: none, or only the last byte.
        let end = firstQuote ?? n
        let onePiece = end >= n - 1 ? UnsafeRawBufferPointer(rebasing: field[1..<end]) : nil
        return long(builder, onePiece)
    }
}

/// A value too long for a statistic to keep whole (over 1 KiB: see `LongField`), as a filter
/// keeps it: by its length and SHA-256. `text` is how it is shown: its first bytes and `…`.
public struct LongFieldKey: Hashable, Sendable {
    /// The value's length (8 bytes, little-endian) and SHA-256 (32 bytes).
    let identity: [UInt8]
    /// The value's first bytes and `…`.
    public let text: String

    /// Equal when the values are (text is only how they are shown).
    public static func == (a: LongFieldKey, b: LongFieldKey) -> Bool { a.identity == b.identity }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
