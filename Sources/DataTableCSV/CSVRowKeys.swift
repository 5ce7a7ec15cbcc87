import DataTableKit
import Synchronization

/// What tells the rows of one version of a CSV file from those of another: an identity per
/// row, unique within the version, and (when rows are keyed by columns) a hash of each row's
/// content to see which of them changed.
///
/// By content (no key columns): a row's identity is the hash of its bytes (the line end
/// left out, so a file whose line ends changed has the same rows). By key columns: the hash
/// of those fields' values (quotes removed, so `"7"` and `7` are the same key). Either way,
/// rows with the same hash are told apart by their occurrence: the second `a,b` of a file is
/// another row than the first (`disambiguated`), and matches the second `a,b` of the new
/// version.
public struct CSVRowKeys: Sendable {
    /// One identity per data row, unique within the file.
    public let identities: [UInt64]
    /// The hash of each row's bytes when rows are keyed by columns (nil: the identity is the
    /// content).
    public let contents: [UInt64]?
    /// The key columns (0-based; empty: by content).
    public let keyColumns: [Int]

    /// Keys of rows given their hashes (`identities` before disambiguation).
    init(hashes: [UInt64], contents: [UInt64]?, keyColumns: [Int]) {
        self.identities = Self.disambiguated(hashes)
        self.contents = contents
        self.keyColumns = keyColumns
    }

    /// `hashes` with each repeat made distinct by its occurrence number: the first of equal
    /// hashes keeps it, the k-th becomes a mix of it and k, the same in every version.
    ///
    /// The hashes are uniform already, so an open-addressing table indexed by their low bits
    /// counts occurrences (a `Set<UInt64>` hashed each of them again: SipHash per row).
    /// - Complexity: O(n) expected, one probe sequence per row.
    static func disambiguated(_ hashes: [UInt64]) -> [UInt64] {
        var capacity = 16
        while capacity < hashes.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [UInt64](repeating: 0, count: capacity)
        var counts = [UInt32](repeating: 0, count: capacity)  // 0: the slot is free
        var result = hashes
        for (i, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while counts[slot] != 0 && slots[slot] != hash { slot = (slot + 1) & mask }
            let occurrence = counts[slot]
            slots[slot] = hash
            counts[slot] = occurrence &+ 1
            if occurrence > 0 {
                result[i] = RowHash.finalize((hash ^ (UInt64(occurrence) &* RowHash.k2)) &+ RowHash.k1)
            }
        }
        return result
    }

    /// The keys of the first `rowCount` rows of `source` (all rows when nil): by content, or by
    /// the values of `keyColumns`. Reads the mapping on the calling thread (a worker);
    /// `progress` hears the rows done now and then; nil when `isCancelled` said so.
    /// - Complexity: O(bytes of the rows).
    public static func compute(of source: CSVFileDataSource, keyColumns: [Int] = [], rowCount: Int? = nil,
                               isCancelled: () -> Bool = { false }, progress: (Int) -> Void = { _ in }) -> CSVRowKeys? {
        let count = min(rowCount ?? source.rowCount, source.rowCount)
        guard let reader = source.makeRawRecordReader(rowCount: count) else { return nil }
        var hashes = [UInt64](repeating: 0, count: count)
        var contents: [UInt64]? = keyColumns.isEmpty ? nil : [UInt64](repeating: 0, count: count)
        let hasher = Hasher(reader: reader, keyColumns: keyColumns, contentColumns: nil, quote: source.dialect.quote)
        let done = hashes.withUnsafeMutableBufferPointer { hashes in
            withOptionalBuffer(&contents) { contents in
                hasher.hash(rows: 0..<count, hashes: hashes, contents: contents, isCancelled: isCancelled, progress: progress)
            }
        }
        guard done else { return nil }
        progress(count)
        return CSVRowKeys(hashes: hashes, contents: contents, keyColumns: keyColumns)
    }

    /// The keys of every row of `source` as `compute(of:keyColumns:rowCount:isCancelled:progress:)`
    /// gives them, in `parts` ranges of rows hashed on both cores (`BackgroundWork.forEachPart`),
    /// with a row's content read as the values of `contentColumns` when given: their fields
    /// unquoted, each hashed with its position in that list, so that versions which quote or
    /// order their columns differently, or have other columns besides, compare by those values
    /// (a column past a row's end, or -1, reads as empty). `progress` hears the share done.
    /// - Complexity: O(bytes of the rows) / parts.
    public static func compute(of source: CSVFileDataSource, keyColumns: [Int], contentColumns: [Int]?, parts: Int,
                               isCancelled: @Sendable () -> Bool, progress: @Sendable (Double) -> Void) -> CSVRowKeys? {
        let count = source.rowCount
        guard let reader = source.makeRawRecordReader(rowCount: count) else { return nil }
        var hashes = [UInt64](repeating: 0, count: count)
        let keepsContents = !keyColumns.isEmpty
        var contents: [UInt64]? = keepsContents ? [UInt64](repeating: 0, count: count) : nil
        let hasher = Hasher(reader: reader, keyColumns: keyColumns, contentColumns: contentColumns, quote: source.dialect.quote)
        let partCount = max(1, min(parts, count / 4096))
        let failed = Mutex(false)
        hashes.withUnsafeMutableBufferPointer { hashes in
            withOptionalBuffer(&contents) { contents in
                let buffers = UncheckedBuffers(hashes: hashes, contents: contents)
                BackgroundWork.forEachPart(partCount) { part in
                    let rows = (count * part / partCount)..<(count * (part + 1) / partCount)
                    let ok = hasher.hash(rows: rows, hashes: buffers.hashes, contents: buffers.contents, isCancelled: isCancelled,
                                         progress: { done in if part == 0 { progress(Double(done - rows.lowerBound) / Double(max(1, rows.count))) } })
                    if !ok { failed.withLock { $0 = true } }
                }
            }
        }
        guard !failed.withLock({ $0 }) else { return nil }
        return CSVRowKeys(hashes: hashes, contents: contents, keyColumns: keyColumns)
    }

    /// Buffers written by several parts at once, each its own rows.
    private struct UncheckedBuffers: @unchecked Sendable {
        let hashes: UnsafeMutableBufferPointer<UInt64>
        let contents: UnsafeMutableBufferPointer<UInt64>?
    }

    /// Calls `body` with `array`'s buffer, or nil when there is no array.
    private static func withOptionalBuffer<R>(_ array: inout [UInt64]?,
                                              _ body: (UnsafeMutableBufferPointer<UInt64>?) -> R) -> R {
        guard array != nil else { return body(nil) }
        return array!.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Hashes rows of one version: a row's key (its content, or its key columns' values) and,
    /// when keyed, its content.
    struct Hasher: @unchecked Sendable {
        let reader: RawRecordReader
        let keyColumns: [Int]
        /// For each field position, its place among the content columns (-1: not one); nil:
        /// the content is the record's bytes.
        let contentSlots: [Int]?
        let quote: UInt8

        init(reader: RawRecordReader, keyColumns: [Int], contentColumns: [Int]?, quote: UInt8) {
            self.reader = reader
            self.keyColumns = keyColumns
            self.quote = quote
            contentSlots = contentColumns.map { columns in
                var slots = [Int](repeating: -1, count: (columns.max() ?? -1) + 1)
                for (place, column) in columns.enumerated() where column >= 0 { slots[column] = place }
                return slots
            }
        }

        /// Hashes `rows` into `hashes` (and `contents` when keyed); false when cancelled.
        func hash(rows: Range<Int>, hashes: UnsafeMutableBufferPointer<UInt64>, contents: UnsafeMutableBufferPointer<UInt64>?,
                  isCancelled: () -> Bool, progress: (Int) -> Void) -> Bool {
            var scratch: [UInt8] = []
            for row in rows {
                if row & 0x3FFF == 0 {
                    if isCancelled() { return false }
                    progress(row)
                }
                let record = reader.record(row)
                let content = contentSlots.map { contentHash(row, slots: $0, scratch: &scratch) } ?? RowHash.hash(record)
                if keyColumns.isEmpty {
                    hashes[row] = content
                } else {
                    contents?[row] = content
                    var h: UInt64 = 0
                    for column in keyColumns {
                        let field = CSVFieldCursor(delimiter: reader.delimiter, quote: quote).field(column, in: record)
                        h = withUnquoted(field, quote: quote, scratch: &scratch) {
                            RowHash.hash($0, seed: h &+ RowHash.k1)
                        }
                    }
                    hashes[row] = h
                }
            }
            return true
        }

        /// The hash of a row's content columns' values: each non-empty value hashed with its
        /// place, summed (so the order of the fields in the file does not matter).
        private func contentHash(_ row: Int, slots: [Int], scratch: inout [UInt8]) -> UInt64 {
            var h: UInt64 = 0
            _ = reader.firstField(ofRow: row) { column, field in
                guard column < slots.count else { return true }
                let place = slots[column]
                if place >= 0, !field.isEmpty {
                    h &+= withUnquoted(field, quote: quote, scratch: &scratch) {
                        $0.isEmpty ? 0 : RowHash.hash($0, seed: UInt64(place + 1) &* RowHash.k2)
                    }
                }
                return false
            }
            return RowHash.finalize(h)
        }
    }

    /// Calls `body` with a field's value without its quotes (`"a""b"` → `a"b`), an unquoted
    /// field as it is; `scratch` holds the unquoted bytes.
    static func withUnquoted<R>(_ field: UnsafeRawBufferPointer, quote: UInt8, scratch: inout [UInt8],
                                _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard field.count >= 2, field.first == quote else { return body(field) }
        scratch.removeAll(keepingCapacity: true)
        var i = 1
        let end = field.last == quote ? field.count - 1 : field.count
        while i < end {
            let byte = field[i]
            scratch.append(byte)
            i += byte == quote && i + 1 < end && field[i + 1] == quote ? 2 : 1
        }
        return scratch.withUnsafeBytes(body)
    }
}
