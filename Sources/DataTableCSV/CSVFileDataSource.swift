import CRowScan
import DataTableKit
import Glibc
import Synchronization

/// A CSV file opened lazily: mapped, indexed row by row on a background thread, and parsed only
/// for the rows that are shown.
///
/// The first rows are indexed before `init` returns, so the first frame never waits for the
/// file; `rowCount` grows while the background indexer publishes more. A regular file is
/// indexed on every core (`IndexingPlan`): the first part in order, publishing rows as it goes,
/// the others ahead on workers (`SpeculativeRowScan`), appended when the first part reaches them.
/// Memory: about 4 bytes per row (the offset index) plus the parsed-row cache, whatever the file
/// size.
public final class CSVFileDataSource: DataTableLoading, DataTableRawRecords, @unchecked Sendable {
    /// The file shown.
    public let path: String
    /// The delimiter and quote, given or sniffed.
    public let dialect: CSVDialect
    /// Whether the first record holds the titles.
    public let hasHeader: Bool
    /// Fields of the widest record seen: the header and the first 64 KB at first, the whole
    /// file once `startIndexing` or `indexAll` has counted every record's fields
    /// (`widestRecordFields`); the columns past the header's are titled "column N".
    public var columnCount: Int { max(initialColumnCount, widestRecordFields.load(ordering: .acquiring)) }
    /// The columns of the header and the first 64 KB.
    let initialColumnCount: Int
    /// The most fields of any record, counted after indexing (0 until then).
    let widestRecordFields = Atomic<Int>(0)
    /// The offset of the header (or first) record: past the BOM, an Excel `sep=` line and the
    /// lines `skipLines` skipped.
    public let headerStart: Int
    /// When the first lines do not split like the rest (a title or notes above the header): how
    /// many look like a preamble, and how many lines to skip then (these and `skipLines`).
    let preamble: (lines: Int, skip: Int)?
    /// The program's words after the notices (how to skip lines, how to change the limit). Set
    /// before the table reads the source.
    public var hints = DataTableHints()
    /// Whether the file starts with a UTF-8 byte order mark (EF BB BF).
    public let hasByteOrderMark: Bool
    /// The offset of the first data record: past the BOM and the header record (with its terminator).
    let dataStart: Int
    let file: MappedFile
    /// Start offsets of data records, then (when indexing finishes) the end of the last record.
    let index = RowOffsetIndex()
    /// Writing back to `path`: expects the version opened (then the one last written), so a
    /// save by another program meanwhile is not overwritten. Nil for a stream.
    public let writeTarget: CSVWriteTarget?
    private let titles: [String]

    /// Bytes the indexer has scanned (including the header).
    private let indexedBytes = Atomic<Int>(0)
    private let indexingFinished = Atomic<Bool>(false)
    let indexingCancelled = Atomic<Bool>(false)
    private let fieldCountFinished = Atomic<Bool>(false)
    /// Wall time the whole index took, in nanoseconds (0 until finished).
    private let indexNanoseconds = Atomic<Int>(0)
    /// Scanner state between chunks (writer thread only).
    private var scanState = RowIndexerState()
    /// How the file is indexed: first bytes, chunks, parts.
    let plan: IndexingPlan
    /// Bytes scanned ahead by the workers and not yet appended to the index (progress only).
    private let bytesScannedAhead = Atomic<Int>(0)

    /// Parsed rows by row id: only rows that were drawn or sampled. At `rowCacheLimit` (the
    /// screen needs a few hundred at most) each row added drops the oldest (`noteCachedRow`). UI thread only.
    private var rowCache: [Int: [String]] = [:]
    /// The columns of cached rows whose values are cut (`displayFieldLimit`), for rows that have any.
    private var cutColumnsCache: [Int: [Int]] = [:]
    private let rowCacheLimit = 4096
    /// The rows of `rowCache` in the order they were added, a ring from `oldestCachedRow` once full.
    private var cachedRowOrder: [Int] = []
    private var oldestCachedRow = 0
    /// Typed values of rows in `rowCache`, and those of the row last asked for: a frame asks for
    /// every column of a row in turn. Measured: hashing the row and parsing the field's number
    /// on every cell of every frame was ~8% of a frame build.
    private var valueCache: [Int: [DataTableValueType]] = [:]
    private var lastValueRow = -1
    private var lastValues: [DataTableValueType] = []
    /// Records longer than `longRecordBytes` that were drawn or sampled, read by field
    /// (`LongRecord`). Cleared at `longRecordLimit`. UI thread only.
    private var longRecords: [Int: LongRecord] = [:]
    private let longRecordLimit = 256

    /// Records longer than this are not parsed whole for the screen: their fields are found
    /// when shown (`LongRecord`), so a frame costs its visible cells whatever the record's
    /// columns (a million, say).
    public static let longRecordBytes = 64 << 10
    /// Bytes of one record the screen reads at most: fields past them show a marker saying so
    /// (`text`, `fields` and the raw readers still read the whole record).
    public static let displayRecordLimit = 16 << 20

    /// Fields longer than this (in the file's bytes) are shown cut: `value` and the titles hold
    /// their first 64 KiB and a marker ("… [64 KiB of 500 MiB shown]"), so a huge field costs
    /// the screen no more memory than a long one. `text`, `fields` and the raw readers (sort,
    /// search, filter, writing, commands) read it whole.
    public static let displayFieldLimit = 64 << 10

    /// Bytes per chunk of the field count pass.
    static let chunkBytes = IndexingPlan.standard.chunkBytes

    /// Opens and maps `path`, reads its header and indexes the first rows.
    /// Throws `MappedFile.OpenError.notRegular` for FIFOs and devices (the caller streams those).
    public convenience init(path: String, dialect: CSVDialect? = nil, hasHeader: Bool = true) throws {
        try self.init(file: MappedFile(path: path), dialect: dialect, hasHeader: hasHeader)
    }

    /// Reads a stream (stdin, a FIFO) through an unlinked temporary file in `temporaryDirectory`,
    /// indexed as it grows: the first rows show as soon as they arrive. Reading stops when the
    /// file and its row index reach `bufferLimit` bytes (`notice` then says so); a record cut
    /// there is dropped, the rows before it stay. `name` is how messages call the stream, as is
    /// (`stdin`, or a FIFO's path quoted with `TerminalText.quoted`). Returns once the header
    /// has arrived (or the stream ended): `waiting` is told so before it waits for it.
    public convenience init(streamingFrom fd: Int32, name: String, dialect: CSVDialect? = nil, hasHeader: Bool = true,
                            skipLines: Int = 0, dialectFileName: String? = nil,
                            temporaryDirectory: String = "/tmp", bufferLimit: Int = Int.max,
                            waiting: (@Sendable (String) -> Void)? = nil) throws {
        let file = try MappedFile(streamingFrom: fd, name: name, temporaryDirectory: temporaryDirectory,
                                  bufferLimit: bufferLimit)
        waiting?("waiting for the first lines of \(file.displayName)")
        // The header and a first screen: 64 KB, the end of the stream, or a quarter of a second;
        // then at least one whole record (the header, after a `sep=` line and skipped lines)
        // unless the stream ends first. A stream whose first 64 KB are binary is refused there.
        file.waitForBytes(1 << 16, milliseconds: 250)
        while true {
            let length = file.length, complete = file.isComplete
            // Read after `complete`: the copier refuses before it marks the stream complete.
            if let reason = file.binaryRefusal { throw MappedFile.OpenError.system("\(file.displayName) \(reason)") }
            if complete || Self.holdsHeader(file.bytes(0..<length), skipLines: skipLines, quote: (dialect ?? .comma).quote) { break }
            // No record starts in what was scanned: it costs the copier's limit no index.
            file.noteIndexed(upTo: length, indexMemory: 0)
            usleep(2000)
        }
        try self.init(file: file, dialect: dialect, hasHeader: hasHeader, skipLines: skipLines, dialectFileName: dialectFileName)
    }

    /// Whether the start of a stream holds its whole header record (after the BOM, a `sep=`
    /// line and `skipLines` lines).
    static func holdsHeader(_ bytes: UnsafeRawBufferPointer, skipLines: Int, quote: UInt8) -> Bool {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes.count < 3 && [0xEF, 0xBB, 0xBF].starts(with: bytes) { return false }
        if CSVPreamble.mayBecomeSeparatorLine(bytes, from: bom) { return false }
        let afterSeparator = CSVPreamble.excelSeparatorLine(bytes, from: bom)?.end ?? bom
        let start = CSVPreamble.offset(afterLines: skipLines, in: bytes, from: afterSeparator)
        if skipLines > 0 && CSVPreamble.lineCount(UnsafeRawBufferPointer(rebasing: bytes[afterSeparator..<start])) < skipLines { return false }
        return Self.endOfFirstRecord(UnsafeRawBufferPointer(rebasing: bytes[start...]), quote: quote) + start < bytes.count
    }

    /// `skipLines` lines after the BOM and an Excel `sep=` line are skipped before the header;
    /// `dialectFileName` is the name whose extension may choose tab (`.tsv`) when no dialect is
    /// given (default: the file's path).
    init(file: MappedFile, dialect givenDialect: CSVDialect?, hasHeader: Bool, skipLines: Int = 0,
         dialectFileName: String? = nil, plan: IndexingPlan = .standard) throws {
        let path = file.path
        self.path = path
        self.file = file
        self.plan = plan
        self.writeTarget = file.openedStamp.map { CSVWriteTarget(path: path, expecting: $0) }
        let all = file.bytes(0..<file.length)
        let bomLength = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.hasByteOrderMark = bomLength == 3
        // Before the header: Excel's `sep=X` line, then the lines to skip.
        let separatorLine = CSVPreamble.excelSeparatorLine(all, from: bomLength)
        let headerStart = CSVPreamble.offset(afterLines: skipLines, in: all, from: separatorLine?.end ?? bomLength)
        self.headerStart = headerStart
        let sample = file.bytes(headerStart..<min(file.length, headerStart + (1 << 16)))
        if let message = CSVPreamble.archiveMessage(all, decompressed: file.compressionFormat != nil) { throw MappedFile.OpenError.system("\(file.displayName) \(message)") }
        if let reason = BinarySniffer.reasonIfBinary(sample) { throw MappedFile.OpenError.system("\(file.displayName) \(reason)") }
        var preambleLines: Int?
        let dialect: CSVDialect
        if let givenDialect {
            dialect = givenDialect
        } else if let delimiter = separatorLine?.delimiter {
            dialect = CSVDialect(delimiter: delimiter)
        } else {
            let sniffed = CSVDialect.sniffWithPreamble(sample, fileName: dialectFileName ?? path)
            dialect = sniffed.dialect
            if sniffed.preambleBytes > 0 {
                let lines = CSVPreamble.lineCount(UnsafeRawBufferPointer(rebasing: sample[..<sniffed.preambleBytes]))
                preambleLines = lines
            }
        }
        self.dialect = dialect
        self.hasHeader = hasHeader
        self.preamble = preambleLines.map { ($0, $0 + skipLines) }

        // The header is the whole first record (however long); a sample of the following 64 KB
        // gives the column count.
        var titles: [String] = []
        var headerEnd = headerStart
        if hasHeader {
            headerEnd = Self.endOfFirstRecord(file.bytes(headerStart..<file.length), quote: dialect.quote) + headerStart
            file.bytes(headerStart..<headerEnd).withMemoryRebound(to: UInt8.self) { buffer in
                var scanner = CSVReader.Scanner(buffer, dialect: dialect)
                scanner.fieldLimit = Self.displayFieldLimit
                titles = scanner.nextRecord() ?? []
            }
        }
        var sampleRecords: [[String]] = []
        file.bytes(headerEnd..<min(file.length, headerEnd + (1 << 16))).withMemoryRebound(to: UInt8.self) { buffer in
            var scanner = CSVReader.Scanner(buffer, dialect: dialect)
            scanner.fieldLimit = Self.displayFieldLimit
            while sampleRecords.count < 1000, let record = scanner.nextRecord() { sampleRecords.append(record) }
        }
        let columns = sampleRecords.reduce(titles.count) { max($0, $1.count) }
        self.initialColumnCount = columns
        self.titles = (0..<columns).map { i in
            i < titles.count && !titles[i].isEmpty ? titles[i] : "column \(i + 1)"
        }
        // A stream may end right after its header for now; its first row starts there anyway.
        if headerEnd < file.length || !file.isComplete { index.append(headerEnd) }
        self.dataStart = headerEnd
        indexedBytes.store(headerEnd, ordering: .relaxed)
        indexNext(bytes: plan.initialBytes)
    }

    deinit {
        indexingCancelled.store(true, ordering: .relaxed)
        file.abandon()
    }

    /// Starts indexing the rest of the file on a background thread.
    public func startIndexing() {
        guard !indexingFinished.load(ordering: .acquiring) else {
            // Indexed while opening (a small file): its records' fields are still to be counted.
            BackgroundWork.start { [self] in countFieldsOfEveryRecord() }
            return
        }
        let start = ContinuousClock.now
        BackgroundWork.start { [self] in
            indexRest()
            let elapsed = ContinuousClock.now - start
            indexNanoseconds.store(Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000), ordering: .releasing)
            if !indexingCancelled.load(ordering: .relaxed) { countFieldsOfEveryRecord() }
        }
    }

    /// Indexes everything now, on this thread (print mode, tests), then counts every record's
    /// fields (`columnCount` then covers the widest row) unless `countingFields` is false
    /// (benchmarks timing the index alone; `countFieldsOfEveryRecord()` does it later).
    public func indexAll(countingFields: Bool = true) {
        indexRest()
        if countingFields { countFieldsOfEveryRecord() }
    }

    /// Indexes what is left on this thread (and, for a regular file, the workers of the plan's
    /// parts) until the end or cancellation.
    private func indexRest() {
        if !file.isStream && !indexingFinished.load(ordering: .acquiring) {
            let parts = plan.parts(of: indexedBytes.load(ordering: .relaxed)..<file.length)
            if parts.count > 1 { indexInParts(parts) }
        }
        while !indexingFinished.load(ordering: .acquiring) && !indexingCancelled.load(ordering: .relaxed) {
            if !indexNext(bytes: plan.chunkBytes) { usleep(2000) }  // a stream waiting for bytes
        }
    }

    /// Indexes `parts` (consecutive, from `indexedBytes` to the end of the file): the first here,
    /// chunk by chunk, each other one ahead on a worker, appended in turn when the index reaches
    /// it. Measured in docs/decisions/0068-row-index-4-bytes-parts-frames-once.md.
    private func indexInParts(_ parts: [Range<Int>]) {
        let all = file.bytes(0..<file.length)
        let quote = dialect.quote, chunkBytes = plan.chunkBytes
        let ahead = parts.dropFirst().map { SpeculativeRowScan(range: $0) }
        for part in ahead {
            BackgroundWork.start { [self] in
                // The mapping lives as long as the source this closure holds.
                let all = file.bytes(0..<file.length)
                part.run(all, quote: quote, chunkBytes: chunkBytes, kernel: plan.kernel,
                         progress: { bytesScannedAhead.add($0, ordering: .relaxed) },
                         isCancelled: { indexingCancelled.load(ordering: .relaxed) })
            }
        }
        for part in ahead {
            while indexedBytes.load(ordering: .relaxed) < part.range.lowerBound && !indexingCancelled.load(ordering: .relaxed) {
                indexNext(bytes: chunkBytes, upTo: part.range.lowerBound)
            }
            guard let state = part.resolve(into: index, bytes: all, state: scanState) else { return }
            scanState = state
            indexedBytes.store(part.range.upperBound, ordering: .relaxed)
            bytesScannedAhead.subtract(part.range.count, ordering: .relaxed)
            publishOrFinish(upTo: part.range.upperBound, length: file.length, complete: true)
        }
    }

    /// Whether every record's fields have been counted (`columnCount` is final).
    public var isFieldCountComplete: Bool { fieldCountFinished.load(ordering: .acquiring) }

    /// The pass after indexing that finds rows wider than the header anywhere in the file:
    /// counts the fields of every indexed record, in chunks, publishing the most so far in
    /// `widestRecordFields` (the view adds the columns on its next refresh). Measured in
    /// docs/decisions/0056-compressed-input-sep-skip-field-count.md; the index itself is not slowed by it.
    public func countFieldsOfEveryRecord() {
        guard !fieldCountFinished.load(ordering: .acquiring) else { return }
        // The rows shown end at the index's sentinel (a record cut at the limit is not shown).
        let end = rowCount > 0 ? min(index[rowCount], file.length) : dataStart
        let parts = fieldCountParts(dataStart..<end)
        if parts.count > 1 {
            BackgroundWork.forEachPart(parts.count) { countFields(in: parts[$0]) }
        } else {
            countFields(in: dataStart..<end)
        }
        fieldCountFinished.store(true, ordering: .releasing)
    }

    /// Scans the next `bytes` of the file and publishes the rows found (writer side).
    /// Returns false when a stream had no new bytes yet.
    @discardableResult
    private func indexNext(bytes: Int, upTo end: Int = .max) -> Bool {
        // Completeness first: once the stream is complete, the length read after it is final.
        let complete = file.isComplete
        let length = file.length
        let from = indexedBytes.load(ordering: .relaxed)
        let to = min(length, end, from + max(1, bytes))
        if to == from && !complete { return false }
        let chunk = file.bytes(from..<to)
        var appender = index.makeAppender(limit: Int.max)
        scanState = RowIndexer.scan(chunk, baseOffset: from, quote: dialect.quote, state: scanState, kernel: plan.kernel,
                                    into: &appender)
        index.commit(appender)
        indexedBytes.store(to, ordering: .relaxed)
        publishOrFinish(upTo: to, length: length, complete: complete)
        return true
    }

    /// Publishes the rows indexed up to byte `to`; at the end of a complete file, also the
    /// sentinel, and marks the index finished (writer side).
    private func publishOrFinish(upTo to: Int, length: Int, complete: Bool) {
        if complete && to == length {
            // The sentinel: the end of the last record. When the data ends with a terminator,
            // the start found there already is that end. A stream stopped at its limit ends
            // inside a record: that start is the end instead (the cut record is dropped).
            if let last = index.lastWritten, last < length, !file.endsInsideRecord { index.append(length) }
            index.publish()
            indexingFinished.store(true, ordering: .releasing)
        } else {
            index.publish()
        }
        if file.isStream { file.noteIndexed(upTo: to, indexMemory: index.count * RowOffsetIndex.bytesPerRow) }
    }

    /// The offset just past the first record's terminator (outside quotes), scanning 64 KB at a time.
    private static func endOfFirstRecord(_ bytes: UnsafeRawBufferPointer, quote: UInt8) -> Int {
        var state = RowIndexerState()
        var offset = 0
        while offset < bytes.count {
            let upper = min(bytes.count, offset + (1 << 16))
            var end: Int?
            state = RowIndexer.scan(UnsafeRawBufferPointer(rebasing: bytes[offset..<upper]), baseOffset: offset,
                                    quote: quote, state: state) { start in
                if end == nil { end = start }
            }
            if let end { return end }
            offset = upper
        }
        return bytes.count
    }

    // MARK: - DataTableDataSource

    /// Data records indexed so far (grows while the indexer runs).
    public var rowCount: Int { max(0, index.count - 1) }

    /// The header's field, or a generated title ("column 12" for a column past the header's).
    public func title(ofColumn column: Int) -> String {
        column < titles.count ? titles[column] : "column \(column + 1)"
    }

    /// The field as a typed value: `.int`, `.double` or `.bool` when the field's text is exactly
    /// that value's canonical form (so showing the value shows the file's text), `.null` when
    /// empty, else `.string`.
    public func value(row: Int, column: Int) -> DataTableValueType {
        if row != lastValueRow {
            if let field = longRecordField(row: row, column: column) { return field.value }
            if let cached = valueCache[row] {
                lastValues = cached
            } else {
                let fields = record(row)
                // Rows not cached (past the rows indexed, or after the file changed) are not kept.
                guard rowCache[row] != nil else {
                    return column < fields.count ? DataTableValueType(fieldText: fields[column]) : .null
                }
                lastValues = fields.map(DataTableValueType.init(fieldText:))
                valueCache[row] = lastValues
            }
            lastValueRow = row
        }
        return column < lastValues.count ? lastValues[column] : .null
    }

    /// Field `column` of row `row` when the row is a long record (see `longRecordBytes`), else nil.
    private func longRecordField(row: Int, column: Int) -> (text: String, value: DataTableValueType, isCut: Bool)? {
        if longRecords[row] == nil {
            guard row < rowCount else { return nil }
            let range = index[row]..<index[row + 1]
            guard range.count > Self.longRecordBytes else { return nil }
            // Past a change on disk, the row shows as blanks (`record`).
            if let changedSize, range.upperBound > changedSize { return nil }
            if longRecords.count >= longRecordLimit { longRecords.removeAll() }
            longRecords[row] = LongRecord(record: range, in: file.bytes(0..<file.length), limit: Self.displayRecordLimit,
                                          dialect: dialect)
        }
        return longRecords[row]?.field(column, in: file.bytes(0..<file.length), dialect: dialect,
                                       fieldLimit: Self.displayFieldLimit)
    }

    /// Empties the parsed-row caches.
    private func clearRowCaches() {
        longRecords.removeAll()
        rowCache.removeAll(keepingCapacity: true)
        cutColumnsCache.removeAll()
        valueCache.removeAll(keepingCapacity: true)
        cachedRowOrder.removeAll(keepingCapacity: true)
        oldestCachedRow = 0
        lastValueRow = -1
        lastValues = []
    }

    /// Notes `row` as about to be cached; a full cache drops its oldest row first. The cache is
    /// never freed whole inside one frame (measured, 0155: clearing 4096 rows took ~2 ms, every
    /// ~70th page down at 10M rows), and drops rows in the order they came, not by bucket
    /// (dropping the first bucket's row again and again packs the rest into long probe runs).
    private func noteCachedRow(_ row: Int) {
        guard cachedRowOrder.count >= rowCacheLimit else { return cachedRowOrder.append(row) }
        let oldest = cachedRowOrder[oldestCachedRow]
        rowCache[oldest] = nil
        valueCache[oldest] = nil
        cutColumnsCache[oldest] = nil
        cachedRowOrder[oldestCachedRow] = row
        oldestCachedRow = (oldestCachedRow + 1) % rowCacheLimit
    }

    /// Indexing progress while it runs, nil once complete.
    public var loadState: DataTableLoadState? {
        let finished = indexingFinished.load(ordering: .acquiring)
        if file.isStream && !file.isComplete {
            if file.compressionFormat != nil {
                // A compressed file's own size is known: the share of it decoded so far.
                if let size = file.sourceSize, size > 0 {
                    return DataTableLoadState(fraction: min(1, Double(file.sourceBytesConsumed) / Double(size)), isComplete: false,
                                              verb: "decompressing \(file.displayName)")
                }
                return DataTableLoadState(fraction: nil, isComplete: false, verb: "decompressing \(file.displayName)",
                                          loadedBytes: file.length)
            }
            // A stream's size is unknown until it ends: say how much has arrived.
            return DataTableLoadState(fraction: nil, isComplete: false, verb: "reading \(file.displayName)",
                                      loadedBytes: file.length)
        }
        let scanned = indexedBytes.load(ordering: .relaxed) + bytesScannedAhead.load(ordering: .relaxed)
        let fraction = file.length == 0 ? 1 : min(1, Double(scanned) / Double(file.length))
        return DataTableLoadState(fraction: finished ? 1 : fraction, isComplete: finished, verb: "indexing")
    }

    /// Whether the input is a stream (stdin, a FIFO) copied into a temporary file: there is no
    /// file at `path` to write back to.
    public var isStream: Bool { file.isStream }

    /// Whether the header record (or the first row) ends with CR LF: the line
    /// terminator to write new records with (LF otherwise).
    public var usesCRLF: Bool {
        let all = file.bytes(0..<file.length)
        let start = headerStart
        let end = Self.endOfFirstRecord(UnsafeRawBufferPointer(rebasing: all[start...]), quote: dialect.quote) + start
        return end - start >= 2 && all[end - 2] == 0x0D && all[end - 1] == 0x0A
    }

    /// Whether the file's size or modification time differ from when it was opened: its bytes in
    /// the mapping may no longer match the index (one fstat; thread-safe; false for streams).
    public var hasChangedOnDisk: Bool {
        guard !file.isStream else { return false }
        let now = file.currentState
        return now.size != file.length || now.modified.tv_sec != file.modifiedAtOpen.tv_sec
            || now.modified.tv_nsec != file.modifiedAtOpen.tv_nsec
    }

    /// Whether the whole file is indexed.
    public var isIndexComplete: Bool { indexingFinished.load(ordering: .acquiring) }

    /// Milliseconds the whole index took (nil while indexing).
    public var indexMilliseconds: Double? {
        let ns = indexNanoseconds.load(ordering: .acquiring)
        return ns == 0 ? nil : Double(ns) / 1e6
    }

    /// Bytes indexed so far.
    public var indexedByteCount: Int { indexedBytes.load(ordering: .relaxed) }

    /// Anonymous memory held by the row index.
    public var indexMemoryBytes: Int { index.memoryBytes }

    /// Set once the file is seen to have changed on disk: its size then (UI thread only).
    private var changedSize: Int?

    /// Checks whether the file changed on disk since it was opened (one fstat).
    ///
    /// After a change, rows that end past the file's new size show as empty; rows before it
    /// show what the mapping holds (the page cache may already show the new bytes).
    public func checkForChanges() {
        guard changedSize == nil, !file.isStream else { return }
        let now = file.currentState
        let modified = now.modified.tv_sec != file.modifiedAtOpen.tv_sec || now.modified.tv_nsec != file.modifiedAtOpen.tv_nsec
        if file.base.map(TruncationGuard.hasFaulted) == true || now.size != file.length || modified {
            changedSize = min(now.size, file.length)
            clearRowCaches()
        }
    }

    /// Why a stream stopped early (with the rows read before), that it stopped at its limit,
    /// "file changed on disk" once `checkForChanges` has seen a change, or a hint that the first
    /// lines look like a preamble (lines to skip).
    public var notice: String? {
        if let failure = file.streamFailure {
            // Once the rows before the failure are indexed, how many there are.
            guard isIndexComplete else { return failure }
            return "\(failure); showing the \(grouped(rowCount)) row\(rowCount == 1 ? "" : "s") read before it"
        }
        if file.isStoppedAtLimit {
            return DataTableHints.message("stopped reading \(file.path) at the \(ByteSize.formatted(file.bufferLimit)) limit",
                                          hint: hints.changingBufferLimit)
        }
        if let changedSize {
            return "file changed on disk since it was opened: showing what was read (\(changedSize < file.length ? "now \(changedSize) bytes" : "contents may differ"))"
        }
        return preamble.map { preamble in
            let lines = preamble.lines
            let notice = "the first \(lines == 1 ? "line looks" : "\(lines) lines look") like a preamble, not the header"
            return hints.skippingLines.map { "\(notice): \($0(preamble.skip))" } ?? notice
        }
    }

    /// Keeps a shrinking file from ending dtable with SIGBUS (see `TruncationGuard`).
    public static func installTruncationGuard() { TruncationGuard.install() }

    /// One field, parsed without touching the row cache. Thread-safe (sort keys and filters
    /// read every row once on a worker thread).
    public func text(row: Int, column: Int) -> String {
        let all = fields(row: row)
        return column < all.count ? all[column] : ""
    }

    /// Every field of a row, parsed from the mapping without the row cache, whole. Thread-safe.
    public func fields(row: Int) -> [String] { parsedFields(row: row, fieldLimit: Int.max).fields }

    /// The fields of a row, those longer than `fieldLimit` bytes cut (see `displayFieldLimit`),
    /// and which were cut.
    private func parsedFields(row: Int, fieldLimit: Int) -> (fields: [String], cut: [Int]) {
        guard row < rowCount else { return ([], []) }
        let bytes = file.bytes(index[row]..<index[row + 1])
        return bytes.withMemoryRebound(to: UInt8.self) { buffer in
            var scanner = CSVReader.Scanner(buffer, dialect: dialect)
            scanner.fieldLimit = fieldLimit
            let fields = scanner.nextRecord() ?? []
            return (fields, scanner.cutColumns)
        }
    }

    /// Whether `value(row:column:)` holds only the start of the field: its bytes in the file
    /// are more than `displayFieldLimit`. UI thread (it reads the row cache, as `value` does).
    public func isValueCut(row: Int, column: Int) -> Bool {
        if let field = longRecordField(row: row, column: column) { return field.isCut }
        guard rowCache[row] != nil || !record(row).isEmpty else { return false }
        return cutColumnsCache[row]?.contains(column) ?? false
    }

    /// The bytes of one field in the mapping, quotes included, found by counting delimiters
    /// outside quotes. Thread-safe, no allocation.
    /// - Complexity: O(bytes of the row up to the field's end).
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        guard row < rowCount else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return Self.field(column, in: file.bytes(index[row]..<index[row + 1]), dialect: dialect)
    }

    /// Reads one column of rows `0..<rowCount` (published rows only): the mapping's base and
    /// length are read once, not per row. Measured: the 1M-row int sort's key extraction went
    /// from ~120 ns to ~55 ns per row.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        let count = min(rowCount, self.rowCount)
        let all = file.bytes(0..<file.length)
        let index = index
        return CSVFieldCursor(delimiter: dialect.delimiter, quote: dialect.quote).fieldReader(column: column) { row in
            guard row < count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let lower = index[row], upper = min(index[row + 1], all.count)
            guard lower < upper else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(rebasing: all[lower..<upper])
        }
    }

    /// Field `column` of `rows` into `batch`: a block of the row index (4,096 rows) at a time,
    /// its offsets taken through a pointer, each record's field found by the AVX2 kernel
    /// (`crowscan_fields`, 64 bytes a step, quotes by parity) where the CPU has it; the rows it
    /// leaves (the file's last bytes, rows with fewer fields, blocks of huge rows, no AVX2) by
    /// `CSVFieldCursor`, the same rule. Thread-safe, no allocation.
    /// - Complexity: O(bytes of the rows up to the field's end).
    public func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool {
        let all = file.bytes(0..<file.length)
        let (fieldStarts, fieldEnds) = batch.prepare(rows: rows, base: all.baseAddress)
        let limit = min(rows.upperBound, rowCount)
        let cursor = CSVFieldCursor(delimiter: dialect.delimiter, quote: dialect.quote)
        let kernel = Self.fieldKernel && dialect.delimiter != dialect.quote && dialect.delimiter != 0x0A
            && dialect.delimiter != 0x0D && dialect.quote != 0x0A && dialect.quote != 0x0D && all.baseAddress != nil
        var row = rows.lowerBound
        while row < limit {
            let (base, deltas, count) = index.block(from: row, below: limit)
            let i = row &- rows.lowerBound
            let last = min(index[row &+ count], all.count)
            if kernel, let deltas {
                (fieldStarts + i).withMemoryRebound(to: Int64.self, capacity: count) { starts in
                    (fieldEnds + i).withMemoryRebound(to: Int64.self, capacity: count) { ends in
                        crowscan_fields(all.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(all.count), UInt64(base),
                                        deltas.assumingMemoryBound(to: UInt32.self), count, UInt64(last), column,
                                        dialect.delimiter, dialect.quote, starts, ends)
                    }
                }
            } else {
                for k in 0..<count { fieldStarts[i &+ k] = -1 }
            }
            // What the kernel left (all rows without it): the cursor on the record.
            for k in 0..<count where fieldStarts[i &+ k] < 0 {
                let lower = index[row &+ k], upper = k &+ 1 < count ? min(index[row &+ k &+ 1], all.count) : last
                guard lower < upper else { continue }
                let record = UnsafeRawBufferPointer(rebasing: all[lower..<upper])
                if column == 0 {
                    fieldStarts[i &+ k] = lower
                    fieldEnds[i &+ k] = lower &+ cursor.fieldEnd(in: record, from: 0)
                } else if let range = cursor.fieldRange(column, in: record) {
                    fieldStarts[i &+ k] = lower &+ range.lowerBound
                    fieldEnds[i &+ k] = lower &+ range.upperBound
                }
            }
            row &+= count
        }
        for k in max(limit, rows.lowerBound)..<rows.upperBound { fieldStarts[k &- rows.lowerBound] = -1 }
        return true
    }

    /// Whether `readRawFields` uses the AVX2 kernel (the CPU has it; tests turn it off to check
    /// the cursor's path against it).
    nonisolated(unsafe) static var fieldKernel = crowscan_available() != 0

    /// Reads whole records of rows `0..<rowCount` for one-pass field splitting (filters).
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? {
        let count = min(rowCount, self.rowCount)
        let all = file.bytes(0..<file.length)
        let index = index
        return RawRecordReader(delimiter: dialect.delimiter, quote: dialect.quote) { row in
            guard row < count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let lower = index[row]
            var upper = min(index[row + 1], all.count)
            // Drop the terminator (LF, CRLF or CR).
            while upper > lower && (all[upper - 1] == 0x0A || all[upper - 1] == 0x0D) { upper -= 1 }
            return UnsafeRawBufferPointer(rebasing: all[lower..<upper])
        }
    }

    /// Field `column` of one record's bytes, quotes included (empty when the record has fewer):
    /// `CSVFieldCursor.field(_:in:)` (measured there, docs/decisions/0100-one-csv-field-cursor.md).
    @inline(__always)
    static func field(_ column: Int, in bytes: UnsafeRawBufferPointer, dialect: CSVDialect) -> UnsafeRawBufferPointer {
        CSVFieldCursor(delimiter: dialect.delimiter, quote: dialect.quote).field(column, in: bytes)
    }

    /// The fields of row `row` for display, parsed from the mapping (cached); fields over
    /// `displayFieldLimit` bytes are cut.
    public func record(_ row: Int) -> [String] {
        if let cached = rowCache[row] { return cached }
        guard row < rowCount else { return [] }
        if let changedSize, index[row + 1] > changedSize { return Array(repeating: "", count: columnCount) }
        var (fields, cut) = parsedFields(row: row, fieldLimit: Self.displayFieldLimit)
        if fields.count < columnCount { fields += repeatElement("", count: columnCount - fields.count) }
        noteCachedRow(row)
        rowCache[row] = fields
        if !cut.isEmpty { cutColumnsCache[row] = cut }
        return fields
    }
}
