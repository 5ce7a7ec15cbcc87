extension CSVDialect {
    /// Guesses the delimiter from a sample: `.tsv`/`.tab` files are tab-separated; otherwise the
    /// candidate (`,` `;` tab `|`) that splits the sample's first lines into the same number (> 1)
    /// of fields most consistently wins, counting only bytes outside quotes. Comma when unsure.
    /// - Complexity: O(sample size × 4).
    public static func sniff(_ sample: UnsafeRawBufferPointer, fileName: String? = nil) -> CSVDialect {
        if let fileName, CSVDialect.forFileName(fileName) == .tab { return .tab }
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
        var best = CSVDialect.comma
        var bestScore = 0
        for candidate in candidates {
            var counts: [Int] = []
            var current = 0
            var inQuotes = false
            for byte in sample {
                if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
                else if !inQuotes && byte == candidate { current += 1 }
                else if !inQuotes && (byte == 0x0A || byte == 0x0D) {
                    if current > 0 || !counts.isEmpty { counts.append(current) }
                    current = 0
                    if counts.count >= 20 { break }
                }
            }
            if current > 0 { counts.append(current) }
            guard let first = counts.first, first > 0 else { continue }
            // Lines agreeing with the first line's count, weighted by the count itself.
            let agreeing = counts.filter { $0 == first }.count
            let score = agreeing * 100 + first
            if agreeing * 2 >= counts.count && score > bestScore {
                bestScore = score
                best = CSVDialect(delimiter: candidate)
            }
        }
        return best
    }
}
