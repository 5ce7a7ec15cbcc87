/// The result of `RowSearch.find`.
public enum SearchOutcome: Equatable, Sendable {
    /// The display position of the first matching row. It wrapped around when it lies before
    /// `from` searching forward (after `from` searching backward).
    case found(Int)
    /// No row in any of the searched columns matches.
    case notFound
    /// `isCancelled()` returned true.
    case cancelled
}

/// Scanning rows for a `RowMatcher`: the search (`n`/`N`) and the filter.
///
/// Both take the fields through closures (`text(row, column)`), run on whatever thread calls
/// them, poll `isCancelled()` every `cancellationInterval` rows and report
/// `progress(scanned, total)` every `progressInterval` rows, so a search can run off the main
/// thread and be abandoned when the query changes.
/// Cost: one `text` call and one `RowMatcher.matches` per field until a row matches (a row
/// stops at its first matching column).
public enum RowSearch {
    /// Rows scanned between calls of `progress`.
    public static let progressInterval = 1 << 16
    /// Rows scanned between polls of `isCancelled`: finer than `progressInterval` because a regex
    /// costs 1–4 µs per field (64K rows × 8 columns would be ~2 s before a cancel is seen; 1024
    /// rows are ~30 ms), while a poll (an atomic load, say) is noise even for the byte search.
    public static let cancellationInterval = 1 << 10

    /// Finds the first row, in display order, any of whose `columns` matches.
    ///
    /// - Parameters:
    ///   - from: the display position to look at first (inclusive). Pass the cursor's position to
    ///     accept the current row, `cursor + 1` (forward) or `cursor - 1` (backward) for the next
    ///     match. Taken modulo `count`, so `count` means 0 and -1 means `count - 1`.
    ///   - count: the number of display positions (rows shown).
    ///   - forward: scans `from, from+1, …, count-1, 0, …, from-1`; backward
    ///     `from, from-1, …, 0, count-1, …, from+1`. Every position at most once.
    ///   - columns: the source columns to look in.
    ///   - matcher: what a cell's text must match.
    ///   - sourceRow: the source row shown at a display position (`{ $0 }` without a permutation).
    ///   - text: the text of (source row, column).
    ///   - isCancelled: polled before the first row and every `cancellationInterval` rows.
    ///   - progress: `(scanned, count)` after every `progressInterval` rows scanned, while
    ///     rows remain (not at the end: the result says that).
    /// - Returns: `.found(position)`, `.notFound` (also for `count == 0` or no columns), or
    ///   `.cancelled`.
    public static func find(
        from: Int, count: Int, forward: Bool, columns: [Int], matcher: RowMatcher,
        sourceRow: (Int) -> Int, text: (Int, Int) -> String,
        isCancelled: () -> Bool, progress: (Int, Int) -> Void
    ) -> SearchOutcome {
        guard !columns.isEmpty else { return isCancelled() ? .cancelled : .notFound }
        return find(from: from, count: count, forward: forward, sourceRow: sourceRow,
                    rowMatches: { rowMatches($0, columns: columns, matcher: matcher, text: text) },
                    isCancelled: isCancelled, progress: progress)
    }

    /// `find` with the test of a source row given directly (`rowMatches`), for callers that
    /// match rows their own way (raw bytes of a mapped file); same scanning, wrap-around,
    /// cancellation and progress.
    public static func find(
        from: Int, count: Int, forward: Bool, sourceRow: (Int) -> Int, rowMatches: (Int) -> Bool,
        isCancelled: () -> Bool, progress: (Int, Int) -> Void
    ) -> SearchOutcome {
        guard count > 0 else { return isCancelled() ? .cancelled : .notFound }
        var position = from % count
        if position < 0 { position += count }
        var scanned = 0
        while scanned < count {
            if isCancelled() { return .cancelled }
            let end = min(count, scanned + cancellationInterval)
            while scanned < end {
                if rowMatches(sourceRow(position)) { return .found(position) }
                scanned += 1
                if forward {
                    position += 1
                    if position == count { position = 0 }
                } else {
                    position = position == 0 ? count - 1 : position - 1
                }
            }
            if scanned % progressInterval == 0, scanned < count { progress(scanned, count) }
        }
        return .notFound
    }

    /// The source rows of `rows`, in their order, any of whose `columns` matches: the filter.
    ///
    /// `isCancelled` is polled before the first row and every `cancellationInterval` rows;
    /// `progress(scanned, rows.count)` is called after every `progressInterval` rows scanned
    /// while rows remain.
    /// - Returns: the matching subset, or nil when cancelled.
    public static func filter(
        _ rows: [UInt32], columns: [Int], matcher: RowMatcher, text: (Int, Int) -> String,
        isCancelled: () -> Bool, progress: (Int, Int) -> Void
    ) -> [UInt32]? {
        filter(rows, rowMatches: { rowMatches($0, columns: columns, matcher: matcher, text: text) },
               isCancelled: isCancelled, progress: progress)
    }

    /// `filter` with the test of a source row given directly (see `find(…rowMatches:…)`).
    /// `publish`, when given, gets the rows kept since its last call every
    /// `cancellationInterval` rows (when there are any): the rows found so far, in order.
    public static func filter(
        _ rows: [UInt32], rowMatches: (Int) -> Bool, isCancelled: () -> Bool, progress: (Int, Int) -> Void,
        publish: ((ArraySlice<UInt32>) -> Void)? = nil
    ) -> [UInt32]? {
        var kept: [UInt32] = []
        var scanned = 0
        var published = 0
        let total = rows.count
        repeat {
            if isCancelled() { return nil }
            let end = min(total, scanned + cancellationInterval)
            while scanned < end {
                let row = rows[scanned]
                if rowMatches(Int(row)) { kept.append(row) }
                scanned += 1
            }
            if let publish, kept.count > published {
                publish(kept[published...])
                published = kept.count
            }
            if scanned % progressInterval == 0, scanned < total { progress(scanned, total) }
        } while scanned < total
        return kept
    }

    @inline(__always)
    static func rowMatches(_ row: Int, columns: [Int], matcher: RowMatcher, text: (Int, Int) -> String) -> Bool {
        for column in columns where matcher.matches(text(row, column)) { return true }
        return false
    }
}
