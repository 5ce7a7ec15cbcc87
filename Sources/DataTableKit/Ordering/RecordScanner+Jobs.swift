/// The filter and search jobs' work through a `RecordScan`, when the data source offers one.
extension RecordScanner {
    /// A scanner for the filter or search over the first `rowCount` rows of `source`, or nil
    /// when the source does not scan (then the field-wise path runs). `columns`: the source
    /// columns looked in (nil: every field).
    static func make(source: DataTableDataSource, rowCount: Int, matcher: RowMatcher,
                     columns: [Bool]? = nil) -> RecordScanner? {
        guard let scan = (source as? RecordScanning)?.makeRecordScan(rowCount: rowCount),
              scan.rowCount == rowCount else { return nil }
        return RecordScanner(scan: scan, matcher: matcher, source: source, columns: columns)
    }

    /// The filter job's outcome (rows `0..<rowCount` that match, in file order), or nil when
    /// `source` does not scan.
    static func filterOutcome(source: DataTableDataSource, rowCount: Int, matcher: RowMatcher, columns: [Bool]? = nil,
                              job: TableJob) -> TableJob.Outcome? {
        guard let scanner = make(source: source, rowCount: rowCount, matcher: matcher, columns: columns) else { return nil }
        switch scanner.filter(rows: 0..<rowCount, partial: job.partialRows, isCancelled: { job.isCancelled },
                              progress: { job.setProcessed($0) }) {
        case .rows(let kept): return .order(kept, rowCount: rowCount)
        case .cancelled: return .cancelled
        case .tooComplex: return .failed(matcher.tooComplexNotice)
        }
    }

    /// Display positions a search with a display order tests one by one before it scans the
    /// whole file (a match a few rows away is found without reading every row).
    static let nearbyPositions = 4096

    /// The search job's outcome, or nil when `source` does not scan. Same contract as
    /// `RowSearch.find`: display positions `from, from±1, …` with wrap-around, each at most
    /// once; `order` maps positions to source rows (nil: position = source row).
    ///
    /// Without an order the rows are scanned in order from `from` (blocks on every core, the
    /// first block with a match wins). With one (sorted, filtered, rows hidden, sections), the
    /// next `nearbyPositions` positions are tested one by one; if none matches, every row is
    /// scanned into a set and the positions are walked against it.
    static func searchOutcome(source: DataTableDataSource, rowCount: Int, order: [UInt32]?, from: Int,
                              count: Int, forward: Bool, matcher: RowMatcher, columns: [Bool]? = nil,
                              job: TableJob) -> TableJob.Outcome? {
        guard count > 0, let scanner = make(source: source, rowCount: rowCount, matcher: matcher, columns: columns)
        else { return nil }
        var start = from % count
        if start < 0 { start += count }
        let result = scanner.search(order: order, start: start, count: count, forward: forward,
                                    isCancelled: { job.isCancelled }, progress: { job.setProcessed($0) })
        switch result {
        case .found(let position): return .found(position)
        case .notFound: return .notFound
        case .cancelled: return .cancelled
        case .tooComplex: return .failed(matcher.tooComplexNotice)
        }
    }

    /// The display position of the first match from `start` (see `searchOutcome`); `nearby`
    /// positions of an order are tested one by one before the whole file is scanned. Rows of
    /// `order` at or past the scan's rows never match.
    func search(order: [UInt32]?, start: Int, count: Int, forward: Bool, threads: Int = threadCount,
                chunkBytes: Int? = nil, nearby: Int = nearbyPositions, isCancelled: @escaping () -> Bool,
                progress: @escaping (Int) -> Void) -> FindResult {
        guard let order else {
            guard count <= scan.rowCount else { return .notFound }
            let ranges = forward ? [start..<count, 0..<start] : [0..<(start + 1), (start + 1)..<count]
            return find(in: ranges, forward: forward, threads: threads, chunkBytes: chunkBytes,
                        isCancelled: isCancelled, progress: progress)
        }
        func position(_ step: Int) -> Int {
            forward ? (start + step) % count : ((start - step) % count + count) % count
        }
        var state = State()
        let nearby = min(count, nearby)
        for step in 0..<nearby {
            if step & 1023 == 0, isCancelled() { return .cancelled }
            switch rowVerdict(row: Int(order[position(step)]), state: &state) {
            case .match: return .found(position(step))
            case .tooComplex: return .tooComplex
            case .noMatch: continue
            }
        }
        guard nearby < count else { return .notFound }
        let matching: [UInt32]
        switch filter(rows: 0..<scan.rowCount, threads: threads, chunkBytes: chunkBytes,
                      isCancelled: isCancelled, progress: progress) {
        case .rows(let rows): matching = rows
        case .cancelled: return .cancelled
        case .tooComplex: return .tooComplex
        }
        var set = [UInt64](repeating: 0, count: (scan.rowCount + 63) / 64)
        for row in matching { set[Int(row) >> 6] |= 1 << (UInt64(row) & 63) }
        for step in nearby..<count {
            let row = Int(order[position(step)])
            if row < scan.rowCount, set[row >> 6] & (1 << (UInt64(row) & 63)) != 0 { return .found(position(step)) }
        }
        return .notFound
    }

    /// The test of one row: by its bytes, or by its text when the scan reads it as text.
    func rowVerdict(row: Int, state: inout State) -> RowMatcher.Verdict {
        guard row < scan.rowCount else { return .noMatch }
        let text = scan.rowsReadAsText
        let i = text.partitioningIndex { $0 >= row }
        if i < text.endIndex, text[i] == row { return textVerdict(row: row) }
        return recordVerdict(row: row, scratch: &state.scratch)
    }
}
