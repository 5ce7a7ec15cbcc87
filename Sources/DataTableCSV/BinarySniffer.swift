/// Tells text from binary data before anything is drawn.
public enum BinarySniffer {
    /// A reason when `sample` (the start of the input) does not look like text: more than 10%
    /// of its bytes are NUL or control bytes other than tab, LF and CR, or stand in invalid
    /// UTF-8. A few NULs in a CSV are shown as ␀; a binary file is refused. Valid UTF-8 without
    /// NULs (text with a few escape-coloured cells, say) is refused only when more than a third
    /// of it is control bytes: binary data nearly always has NULs or invalid UTF-8.
    /// - Complexity: O(sample size).
    public static func reasonIfBinary(_ sample: UnsafeRawBufferPointer) -> String? {
        guard sample.count >= 16 else { return nil }
        var suspicious = 0
        var controls = 0  // control bytes other than NUL in otherwise valid text
        var i = 0
        let n = sample.count
        while i < n {
            let byte = sample[i]
            if byte < 0x80 {
                if byte == 0 {
                    suspicious += 1
                } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    controls += 1
                }
                i += 1
                continue
            }
            // The length of a UTF-8 sequence from its lead byte; anything else is invalid.
            let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            var valid = length > 0 && i + length <= n
            if valid { for k in 1..<length where sample[i + k] & 0xC0 != 0x80 { valid = false } }
            if valid {
                i += length
            } else if length > 0 && i + length > n {
                break  // a sequence cut by the end of the sample
            } else {
                suspicious += 1
                i += 1
            }
        }
        let bad = suspicious + controls
        guard bad * 10 > n, suspicious > 0 || controls * 3 > n else { return nil }
        return "looks like a binary file, not CSV text (\(bad * 100 / n)% of the first \(n / 1024 > 0 ? "\(n / 1024) KB" : "\(n) bytes") are control bytes or invalid UTF-8)"
    }
}
