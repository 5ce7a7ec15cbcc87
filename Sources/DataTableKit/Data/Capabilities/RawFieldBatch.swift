/// One column's raw fields (CSV quotes included) for a run of consecutive rows, found in one go
/// by `DataTableRawRecords.readRawFields(column:rows:into:)`: a caller reads a whole column a
/// batch at a time with no call per row (sort keys; the frequency of a column).
///
/// The caller owns the storage: `allocate(capacity:)` once per thread, a read per run of at
/// most `capacity` rows, `deallocate()` at the end. Not thread-safe (one batch per thread).
public struct RawFieldBatch {
    /// The rows last read into the batch (source ids); empty before the first read.
    public private(set) var rows: Range<Int> = 0..<0
    /// How many rows a read may ask for.
    public let capacity: Int
    /// Where the offsets count from: the start of the source's bytes.
    @usableFromInline var base: UnsafeRawPointer?
    /// Per row of `rows` (from its first): the offset of the field's first byte, -1 when the
    /// row has fewer fields; then the offset of the byte after the field.
    @usableFromInline let starts: UnsafeMutablePointer<Int>
    @usableFromInline let ends: UnsafeMutablePointer<Int>

    /// A batch with room for `capacity` rows (> 0).
    public static func allocate(capacity: Int) -> RawFieldBatch {
        precondition(capacity > 0, "a batch holds at least one row")
        return RawFieldBatch(capacity: capacity, starts: .allocate(capacity: capacity), ends: .allocate(capacity: capacity))
    }

    /// Frees the storage; the batch must not be used afterwards.
    public func deallocate() {
        starts.deallocate()
        ends.deallocate()
    }

    /// Field `row` (in `rows`): its bytes, quotes included; empty with no base address when the
    /// row has fewer fields, as `DataTableRawRecords.rawField(row:column:)`. Valid as long as
    /// the source lives.
    @inlinable @inline(__always)
    public func field(_ row: Int) -> UnsafeRawBufferPointer {
        let i = row &- rows.lowerBound
        let start = starts[i]
        guard start >= 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base.unsafelyUnwrapped + start, count: ends[i] &- start)
    }

    /// For a source filling the batch: starts a read of `rows` (at most `capacity`) whose
    /// offsets count from `base`; the source then writes each row's offsets
    /// (`fieldStarts[i]`, `fieldEnds[i]` for row `rows.lowerBound + i`; start -1 for a row
    /// with fewer fields).
    public mutating func prepare(rows: Range<Int>, base: UnsafeRawPointer?) -> (fieldStarts: UnsafeMutablePointer<Int>,
                                                                               fieldEnds: UnsafeMutablePointer<Int>) {
        precondition(rows.count <= capacity, "\(rows.count) rows in a batch of \(capacity)")
        self.rows = rows
        self.base = base
        return (starts, ends)
    }
}

extension DataTableRawRecords {
    /// Whether `readRawFields(column:rows:into:)` reads `column` now (asked with no rows).
    func readsRawFieldBatches(column: Int) -> Bool {
        var probe = RawFieldBatch.allocate(capacity: 1)
        defer { probe.deallocate() }
        return readRawFields(column: column, rows: 0..<0, into: &probe)
    }
}
