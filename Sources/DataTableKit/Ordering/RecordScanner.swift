/// Finds the rows that have a field matching a `RowMatcher` by scanning their raw CSV bytes
/// (`RecordScan`) whole, not row by row: the fast path of filter and search.
///
/// The bytes of a range of rows are searched for the query's `ScanLiteral` (the SWAR search of
/// `RowMatcher`, ASCII folded in registers, no allocation). A hit is attributed to the row whose
/// bytes hold it (the row index's offsets, galloping forward from the last row). When the
/// literal is the whole query and holds no delimiter, quote or line break, a hit inside the
/// record is a match by itself (it lies in one field's text, which a quoted field holds verbatim
/// apart from doubled quotes). Otherwise the hit's row is tested field by field exactly as the
/// field-wise path does (`RowMatchPredicate`: split at delimiters outside quotes, quoted fields
/// unquoted), and a row without a hit cannot match. With no literal every row is tested.
/// Rows the scan lists in `rowsReadAsText` (edited) are never read from the bytes: their fields
/// come from the data source, as in the field-wise path.
///
/// With a mask of searched columns (`columns`: some columns are hidden), a hit counts only
/// through the row's field-wise test of those columns (a literal is never a match by itself: it
/// may lie in a hidden field), so a row whose hit is hidden is still kept when a shown field
/// matches. Without a mask no column is checked and the scan is as it was.
///
/// So the rows found are those the field-wise path finds, in the same order (property tests
/// compare both on random data).
struct RecordScanner: @unchecked Sendable {
    let scan: RecordScan
    let matcher: RowMatcher
    /// The source columns looked in (true: searched); nil: every field.
    let columns: [Bool]?
    /// nil: every row is tested field by field.
    let literal: ScanLiteral?
    /// The literal, prepared for the search.
    private let needle: ScanNeedle?
    /// The data source the text of `rowsReadAsText` comes from (thread-safe `fields(row:)`).
    let source: DataTableDataSource
    let columnCount: Int
    private let reader: RawRecordReader

    /// A scanner of `scan` for `matcher` in `columns` (nil: every field); `source` answers the
    /// rows read as text.
    init(scan: RecordScan, matcher: RowMatcher, source: DataTableDataSource, columns: [Bool]? = nil) {
        self.scan = scan
        self.matcher = matcher
        self.columns = columns
        let literal = matcher.scanLiteral(delimiter: scan.delimiter, quote: scan.quote)
        self.literal = literal
        needle = literal.map { ScanNeedle($0.bytes, foldsASCII: $0.foldsASCII) }
        self.source = source
        self.columnCount = source.columnCount
        reader = RawRecordReader(delimiter: scan.delimiter, quote: scan.quote) { [scan] in scan.record($0) }
    }

    /// One thread's state: a buffer for unquoting, and whether a match ran out of PCRE2's limits.
    struct State {
        var scratch: [UInt8] = []
        /// Set when a row's test ran out of PCRE2's limits (the scan stops there).
        var isTooComplex = false

        init() { scratch.reserveCapacity(256) }
    }

    /// Calls `body` with each row of `rows` that matches, in ascending order, until it returns
    /// false. Returns false when stopped early: by `body`, or by a match out of its limits
    /// (`state.isTooComplex`).
    /// - Complexity: O(bytes of `rows`) for the literal search, plus one field-wise test per row
    ///   with a hit (unless the literal is the whole query) or per row (no literal).
    func forEachMatch(in rows: Range<Int>, state: inout State, _ body: (Int) -> Bool) -> Bool {
        let text = scan.rowsReadAsText
        let first = text.partitioningIndex { $0 >= rows.lowerBound }
        let last = text.partitioningIndex { $0 >= rows.upperBound }
        if first == last { return forEachRawMatch(in: rows, skipping: [], state: &state, body) }
        // Rows read as text are tested apart and merged in, in row order.
        let textRows = text[first..<last]
        var raw: [Int] = []
        guard forEachRawMatch(in: rows, skipping: textRows, state: &state, { raw.append($0); return true }) else { return false }
        var r = 0
        for row in textRows {
            switch textVerdict(row: row) {
            case .tooComplex: state.isTooComplex = true; return false
            case .noMatch: continue
            case .match:
                while r < raw.count, raw[r] < row {
                    guard body(raw[r]) else { return false }
                    r += 1
                }
                guard body(row) else { return false }
            }
        }
        while r < raw.count {
            guard body(raw[r]) else { return false }
            r += 1
        }
        return true
    }

    /// `forEachMatch` over the bytes, leaving out the rows in `skipping` (ascending).
    private func forEachRawMatch(in rows: Range<Int>, skipping: ArraySlice<Int>, state: inout State,
                                 _ body: (Int) -> Bool) -> Bool {
        var skip = skipping.startIndex
        @inline(__always) func isSkipped(_ row: Int) -> Bool {
            while skip < skipping.endIndex, skipping[skip] < row { skip += 1 }
            return skip < skipping.endIndex && skipping[skip] == row
        }
        @inline(__always) func test(_ row: Int) -> Bool? {
            switch recordVerdict(row: row, scratch: &state.scratch) {
            case .match: return true
            case .noMatch: return false
            case .tooComplex: state.isTooComplex = true; return nil
            }
        }
        guard let literal, let needle else {
            for row in rows where !isSkipped(row) {
                guard let matched = test(row) else { return false }
                if matched, !body(row) { return false }
            }
            return true
        }
        guard !rows.isEmpty else { return true }
        let bytes = scan.bytes
        let end = min(scan.rowStart(rows.upperBound), bytes.count)
        let haystack = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        var position = min(scan.rowStart(rows.lowerBound), end)
        var row = rows.lowerBound
        let length = literal.bytes.count
        // A hit may lie in a hidden field: with a mask every hit's row is tested.
        let hitMatches = literal.isWholeQuery && columns == nil
        while row < rows.upperBound, let hit = needle.firstOffset(in: haystack, from: position) {
            row = self.row(containing: hit, from: row, below: rows.upperBound)
            position = min(scan.rowStart(row + 1), end)
            if isSkipped(row) { row += 1; continue }
            let matched: Bool
            if hitMatches {
                matched = hit + length <= scan.recordRange(row).upperBound
            } else {
                guard let tested = test(row) else { return false }
                matched = tested
            }
            if matched, !body(row) { return false }
            row += 1
        }
        return true
    }

    /// The row whose bytes hold offset `offset`: the last row `r` in `from..<upper` with
    /// `rowStart(r) <= offset` (`rowStart(from) <= offset` is given).
    /// - Complexity: O(log(r - from)) offsets read (galloping, then a binary search).
    @inline(__always)
    func row(containing offset: Int, from: Int, below upper: Int) -> Int {
        var low = from  // rowStart(low) <= offset
        var step = 1
        var high = from + 1  // first row known (or assumed, at `upper`) to start after offset
        while high < upper, scan.rowStart(high) <= offset {
            low = high
            step &<<= 1
            high = min(upper, low + step)
        }
        while high - low > 1 {
            let mid = (low + high) >> 1
            if scan.rowStart(mid) <= offset { low = mid } else { high = mid }
        }
        return low
    }

    /// The field-wise test of a row's bytes, as `RowMatchPredicate` does it: fields split at
    /// delimiters outside quotes; a field that starts with a quote loses its outer quotes and
    /// reads `""` as `"`; the first field with a verdict other than no match decides.
    /// With `columns`, fields of other columns are skipped.
    func recordVerdict(row: Int, scratch: inout [UInt8]) -> RowMatcher.Verdict {
        let quote = reader.quote, matcher = matcher
        let columns = columns
        var result = RowMatcher.Verdict.noMatch
        _ = reader.firstField(ofRow: row) { column, raw in
            guard columns.looksIn(column) else { return false }
            let verdict = matcher.verdict(rawField: raw, quote: quote, scratch: &scratch)
            result = verdict
            return verdict != .noMatch
        }
        return result
    }

    /// The test of a row read as text (its fields from the data source, edits applied), column
    /// by column as `RowMatchPredicate` reads sources without raw bytes.
    func textVerdict(row: Int) -> RowMatcher.Verdict {
        let fields = source.fields(row: row)
        for column in 0..<columnCount {
            guard columns.looksIn(column) else { continue }
            let verdict = matcher.verdict(column < fields.count ? fields[column] : "")
            if verdict != .noMatch { return verdict }
        }
        return .noMatch
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then
    /// true along the collection (binary search); `endIndex` when none does.
    func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(low, offsetBy: half)
            if predicate(self[mid]) { count = half } else { low = index(after: mid); count -= half + 1 }
        }
        return low
    }
}
