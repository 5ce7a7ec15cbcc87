/// Distinct values in one table, with how many rows hold each and the first of them (a thread's
/// one table in `FrequencyAccumulator`, or one of the tables by hash in `FrequencyRounds`).
struct FrequencyPartition {
    /// Every distinct value once; never gives up deduplicating (counts need every id exact).
    var table = TextTable(largeTable: .max)
    var counts: [Int] = []
    var firstRows: [Int] = []
    /// The values that are null (a null token or blank where blanks are null), counted here
    /// until `settleNulls()` moves their rows out.
    var nullIDs: [Int] = []
    /// The sum of the slots read ahead (`intern(_:)`): kept so the reads are made.
    private var slotsRead: UInt64 = 0

    init() {}

    /// A table sized for about `capacity` values of about `averageLength` bytes.
    init(capacity: Int, averageLength: Int) {
        table = TextTable(largeTable: .max, capacity: capacity, averageLength: averageLength)
        counts.reserveCapacity(capacity)
        firstRows.reserveCapacity(capacity)
    }

    var count: Int { counts.count }

    /// `rows` more rows of `value` (hash `hash`), the first of them `firstRow`; returns its id
    /// and whether it was new.
    @inline(__always) @discardableResult
    mutating func add(_ value: UnsafeRawBufferPointer, hash: UInt64, rows: Int, firstRow: Int) -> (id: Int, isNew: Bool) {
        let id = Int(table.intern(value, hash: hash))
        guard id < counts.count else {
            counts.append(rows)
            firstRows.append(firstRow)
            return (id, true)
        }
        counts[id] += rows
        if firstRow < firstRows[id] { firstRows[id] = firstRow }
        return (id, false)
    }

    /// Counts the values `staging` holds (a row each) and empties it. Their home slots are read
    /// first, all at once (`TextTable.homeSlot`): the loads overlap instead of one cache miss
    /// after the other.
    mutating func intern(_ staging: inout FrequencyStaging) {
        var touched: UInt64 = 0
        staging.forEachHash { touched &+= table.homeSlot(hash: $0) }
        slotsRead &+= touched
        staging.drain { value, hash, row in add(value, hash: hash, rows: 1, firstRow: row) }
    }

    /// The rows of the null values (`nullIDs`), taken out of their counts.
    mutating func settleNulls() -> Int {
        var nulls = 0
        for id in nullIDs {
            nulls += counts[id]
            counts[id] = 0
        }
        nullIDs.removeAll()
        return nulls
    }

    /// Calls `body` with every value, its rows and its first row.
    func forEachValue(_ body: (UnsafeRawBufferPointer, Int, Int) -> Void) {
        table.bytes.withUnsafeBytes { arena in
            for id in 0..<counts.count {
                let start = table.offsets[id], end = table.offsets[id + 1]
                body(UnsafeRawBufferPointer(rebasing: arena[start..<end]), counts[id], firstRows[id])
            }
        }
    }

    /// Adds another table's values.
    mutating func merge(_ other: FrequencyPartition) {
        other.forEachValue { value, rows, firstRow in add(value, hash: TextTable.hash(value), rows: rows, firstRow: firstRow) }
    }
}
