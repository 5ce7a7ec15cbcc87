import DataTableKit

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
        var scratch: [UInt8] = []
        for row in 0..<count {
            if row & 0x3FFF == 0 {
                if isCancelled() { return nil }
                progress(row)
            }
            let record = reader.record(row)
            let content = RowHash.hash(record)
            if keyColumns.isEmpty {
                hashes[row] = content
            } else {
                contents![row] = content
                var h: UInt64 = 0
                for column in keyColumns {
                    let field = CSVFileDataSource.field(column, in: record, dialect: source.dialect)
                    h = withUnquoted(field, quote: source.dialect.quote, scratch: &scratch) {
                        RowHash.hash($0, seed: h &+ RowHash.k1)
                    }
                }
                hashes[row] = h
            }
        }
        progress(count)
        return CSVRowKeys(hashes: hashes, contents: contents, keyColumns: keyColumns)
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
