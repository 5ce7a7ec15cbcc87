extension CSVDialect {
    /// Guesses the delimiter from a sample: `.tsv`/`.tab` files are tab-separated; otherwise the
    /// candidate (`,` `;` tab `|`) whose count per record (outside quotes) stays the same, and
    /// above zero, over the longest run of consecutive sampled records wins. Comma when unsure.
    /// - Complexity: O(sample size × 4).
    public static func sniff(_ sample: UnsafeRawBufferPointer, fileName: String? = nil) -> CSVDialect {
        sniffWithPreamble(sample, fileName: fileName).dialect
    }

    /// Records sampled at most by `sniff`.
    static let sniffedRecordLimit = 50

    /// `sniff`, and where the agreeing records start: `preambleBytes` > 0 when the first records
    /// (a title, notes above the header) do not split like the long run that follows them, which
    /// starts at that offset of the sample.
    ///
    /// Lines that agree decide, not the first line: a title line ("Sales 2024, by region") or a
    /// few lines of notes above the header do not choose the delimiter. A run is counted only in
    /// records that end in the sample (a record cut by its end is not counted). Ties go to the
    /// longer run, then to the larger count per record, then to the earlier candidate.
    /// - Complexity: O(sample size × 4).
    public static func sniffWithPreamble(_ sample: UnsafeRawBufferPointer, fileName: String? = nil)
        -> (dialect: CSVDialect, preambleBytes: Int) {
        if let fileName, CSVDialect.forFileName(fileName) == .tab { return (.tab, 0) }
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
        var best: (dialect: CSVDialect, run: Int, count: Int, start: Int)?
        for candidate in candidates {
            let records = delimiterCounts(of: candidate, in: sample)
            guard let run = longestRun(records) else { continue }
            if let current = best, (current.run, current.count) >= (run.length, run.count) { continue }
            best = (CSVDialect(delimiter: candidate), run.length, run.count, run.start)
        }
        guard let best else { return (.comma, 0) }
        // A preamble only when the run after it is long enough to trust (3 records or more)
        // and covers most of what was sampled after it.
        let preamble = best.start > 0 && best.run >= 3 ? best.start : 0
        return (best.dialect, preamble)
    }

    /// The delimiters outside quotes of each record of the sample that ends in it, with the
    /// record's start offset (empty lines skipped).
    static func delimiterCounts(of delimiter: UInt8, in sample: UnsafeRawBufferPointer) -> [(count: Int, start: Int)] {
        var records: [(count: Int, start: Int)] = []
        var current = 0, start = 0, inQuotes = false, empty = true
        var i = 0
        let n = sample.count
        while i < n && records.count < sniffedRecordLimit {
            let byte = sample[i]
            i += 1
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
                empty = false
            } else if !inQuotes && (byte == 0x0A || byte == 0x0D) {
                if byte == 0x0D && i < n && sample[i] == 0x0A { i += 1 }
                if !empty { records.append((current, start)) }
                current = 0
                start = i
                empty = true
            } else {
                empty = false
                if !inQuotes && byte == delimiter { current += 1 }
            }
        }
        // A sample that is the whole (small) input may end without a line end.
        if records.isEmpty && !empty && !inQuotes { records.append((current, start)) }
        return records
    }

    /// The longest run of consecutive records with the same nonzero count (the earliest of equal
    /// runs): its length, the count and the offset of its first record.
    static func longestRun(_ records: [(count: Int, start: Int)]) -> (length: Int, count: Int, start: Int)? {
        var best: (length: Int, count: Int, start: Int)?
        var i = 0
        while i < records.count {
            var j = i + 1
            while j < records.count && records[j].count == records[i].count { j += 1 }
            if records[i].count > 0, best.map({ (j - i, records[i].count) > ($0.length, $0.count) }) ?? true {
                best = (j - i, records[i].count, records[i].start)
            }
            i = j
        }
        return best
    }
}
