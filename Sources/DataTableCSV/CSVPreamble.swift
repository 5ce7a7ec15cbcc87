/// What comes before a CSV file's header: Excel's `sep=` line, lines to skip, and the magic
/// numbers of archives that are not CSV at all.
enum CSVPreamble {
    /// Excel's first line `sep=X` (any single character X; `\t` may be written as the two
    /// characters backslash and t), ended by LF, CRLF, CR or the end of the data: the delimiter
    /// and the offset after the line. nil when `bytes[from...]` does not start with one.
    /// - Complexity: O(1).
    static func excelSeparatorLine(_ bytes: UnsafeRawBufferPointer, from: Int) -> (delimiter: UInt8, end: Int)? {
        guard let (delimiter, length) = separatorLineBody(bytes, from: from) else { return nil }
        var end = from + length
        if end == bytes.count { return (delimiter, end) }
        switch bytes[end] {
        case 0x0A: end += 1
        case 0x0D: end += end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1
        default: return nil
        }
        return (delimiter, end)
    }

    /// `sep=X` (or `sep=\t`) at `from`: the delimiter and the length of the text before the line end.
    private static func separatorLineBody(_ bytes: UnsafeRawBufferPointer, from: Int) -> (UInt8, Int)? {
        let prefix = Array("sep=".utf8)
        guard from + prefix.count < bytes.count else { return nil }
        for (i, expected) in prefix.enumerated() where bytes[from + i] | (i < 3 ? 0x20 : 0) != expected { return nil }
        let first = bytes[from + 4]
        if first == UInt8(ascii: "\\"), from + 5 < bytes.count, bytes[from + 5] == UInt8(ascii: "t"),
           from + 6 == bytes.count || bytes[from + 6] == 0x0A || bytes[from + 6] == 0x0D {
            return (UInt8(ascii: "\t"), 6)
        }
        // One ASCII byte that can separate fields (not a quote or a line end).
        guard first < 0x80, first != 0x0A, first != 0x0D, first != UInt8(ascii: "\"") else { return nil }
        return (first, 5)
    }

    /// Whether `bytes[from...]` (what a stream has delivered so far) may still become a `sep=`
    /// line: a proper prefix of one, without its line end yet.
    static func mayBecomeSeparatorLine(_ bytes: UnsafeRawBufferPointer, from: Int) -> Bool {
        let text = Array("sep=".utf8)
        let available = bytes.count - from
        guard available >= 0 else { return true }
        for i in 0..<min(available, text.count) where bytes[from + i] | (i < 3 ? 0x20 : 0) != text[i] { return false }
        if available <= text.count { return true }
        // `sep=X` or `sep=\` / `sep=\t` with nothing after it yet.
        return available == 5 || (available <= 6 && bytes[from + 4] == UInt8(ascii: "\\"))
    }

    /// The offset after `lines` more lines from `from` (line ends: LF, CRLF, CR; quotes are not
    /// looked at: a preamble is text, not records); the data's end when it has fewer.
    /// - Complexity: O(bytes skipped).
    static func offset(afterLines lines: Int, in bytes: UnsafeRawBufferPointer, from: Int) -> Int {
        var remaining = lines, i = from
        let n = bytes.count
        while remaining > 0 && i < n {
            let byte = bytes[i]
            i += 1
            if byte == 0x0A {
                remaining -= 1
            } else if byte == 0x0D {
                if i < n && bytes[i] == 0x0A { i += 1 }
                remaining -= 1
            }
        }
        return min(i, n)
    }

    /// Line ends in `bytes` (CRLF counted once).
    static func lineCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                count += 1
            } else if bytes[i] == 0x0D {
                count += 1
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
            }
            i += 1
        }
        return count
    }

    /// What to say about an archive or compressed format dtable does not open, told by its magic
    /// number (zip, 7z, RAR, lz4, lzip, compress), or about one it opens found where text should
    /// be (data compressed twice); nil for anything else.
    /// `decompressed`: the bytes are already the output of a decoder.
    static func archiveMessage(_ bytes: UnsafeRawBufferPointer, decompressed: Bool) -> String? {
        let magics: [(String, [UInt8])] = [
            ("zip", [0x50, 0x4B, 0x03, 0x04]), ("7z", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),
            ("RAR", [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07]), ("lz4", [0x04, 0x22, 0x4D, 0x18]),
            ("lzip", [0x4C, 0x5A, 0x49, 0x50]), ("compress (.Z)", [0x1F, 0x9D]),
        ]
        for (name, magic) in magics where bytes.starts(with: magic) {
            return "is a \(name) archive, not CSV text: extract it first (gzip, bzip2, xz and zstd files open directly)"
        }
        if case .compressed(let format) = CompressionFormat.detect(UnsafeRawBufferPointer(rebasing: bytes.prefix(CompressionFormat.longestMagic))) {
            return decompressed ? "holds \(format.name) data inside compressed data: decompress it once first"
                : "is \(format.name)-compressed: open it with CSVFileDataSource.open(path:), which decompresses it"
        }
        return nil
    }
}
