import TerminalSurface

/// A number too wide for its cell, written shorter without changing its value: a number is
/// never drawn cut with `…` (`100.…` reads as a hundred and something). See
/// docs/decisions/0092-numbers-are-never-drawn-cut.md.
public enum ExactNumber {
    /// `text` (a number in a column of numbers) in at most `width` columns with its value
    /// unchanged, else `#` repeated `width` times (as a spreadsheet marks a number that does
    /// not fit).
    ///
    /// Text that fits is returned as is. A number in the plain grammar (`[+-]digits[D digits]
    /// [e[+-]digits]`, `D` the format's decimal separator, the integer part maybe grouped by
    /// the other of `.` and `,`, blanks around it) may be written the shortest of:
    /// - fixed: no sign `+`, no grouping, no leading zeros, no trailing zeros after the
    ///   separator (`+0012.500` → `12.5`, `1.5e3` → `1500`);
    /// - scientific with every significant digit: `123000000` → `1.23e8`, `0.0000125` →
    ///   `1.25e-5`, `-4.5e+300` → `-4.5e300`.
    /// Any other number (a currency sign, a unit) only fits as it is.
    /// - Complexity: O(n) in the text's length.
    public static func text(_ text: String, fittingWidth width: Int, decimalSeparator: UInt8 = UInt8(ascii: ".")) -> String {
        guard width > 0 else { return "" }
        if TerminalText.prefix(text[...], fittingWidth: width).text.endIndex == text.endIndex { return text }
        if let parts = Parts(text, decimalSeparator: decimalSeparator) {
            let separator = Character(Unicode.Scalar(decimalSeparator))
            for form in [parts.fixed(separator: separator), parts.scientific(separator: separator)]
            where form.utf8.count <= width {
                return form
            }
        }
        return String(repeating: "#", count: width)
    }

    /// A plain number taken apart: its sign, significant digits and where the point goes.
    struct Parts {
        var negative = false
        /// The significant digits, no leading or trailing zeros (empty: zero).
        var digits: [UInt8] = []
        /// Where the point goes: the value is `0.digits × 10^point` (`12.5`: digits `125`,
        /// point 2).
        var point = 0

        /// nil when `text` is not in the plain grammar.
        init?(_ text: String, decimalSeparator: UInt8) {
            let grouping = decimalSeparator == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
            var bytes = Array(text.utf8)[...]
            while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
            while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                bytes.removeFirst()
            }
            var all: [UInt8] = []
            var integerCount = 0, sawSeparator = false, sawDigit = false
            var exponent = 0
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let byte = bytes[i]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    all.append(byte)
                    if !sawSeparator { integerCount += 1 }
                    sawDigit = true
                } else if byte == decimalSeparator && !sawSeparator {
                    sawSeparator = true
                } else if byte == grouping && !sawSeparator && sawDigit {
                    // Grouping inside the integer part only.
                } else if (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) && sawDigit {
                    guard let value = Self.exponent(bytes[(i + 1)...]) else { return nil }
                    exponent = value
                    break
                } else {
                    return nil
                }
                i += 1
            }
            guard sawDigit else { return nil }
            // Leading zeros move the point; trailing ones do not count.
            var point = integerCount + exponent
            var start = 0
            while start < all.count && all[start] == UInt8(ascii: "0") {
                start += 1
                point -= 1
            }
            var end = all.count
            while end > start && all[end - 1] == UInt8(ascii: "0") { end -= 1 }
            digits = Array(all[start..<end])
            self.point = digits.isEmpty ? 1 : point
        }

        /// `[+-]?digits`, bounded so a written exponent cannot overflow.
        static func exponent(_ bytes: ArraySlice<UInt8>) -> Int? {
            var bytes = bytes
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                bytes.removeFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 9,
                  bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            let value = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            return negative ? -value : value
        }

        var sign: String { negative ? "-" : "" }

        /// Fixed notation (may be long for a large exponent: the caller checks the width).
        func fixed(separator: Character) -> String {
            guard !digits.isEmpty else { return sign + "0" }
            // A form longer than any screen is not written out.
            guard point < 4096, point > -4096 else { return String(repeating: "#", count: 4097) }
            let text = String(decoding: digits, as: UTF8.self)
            if point >= digits.count { return sign + text + String(repeating: "0", count: point - digits.count) }
            if point > 0 {
                let cut = text.index(text.startIndex, offsetBy: point)
                return sign + text[..<cut] + String(separator) + text[cut...]
            }
            return sign + "0" + String(separator) + String(repeating: "0", count: -point) + text
        }

        /// Scientific notation with every significant digit: `d[.ddd]e[-]n`.
        func scientific(separator: Character) -> String {
            guard !digits.isEmpty else { return sign + "0" }
            let text = String(decoding: digits, as: UTF8.self)
            let mantissa = digits.count == 1 ? text : String(text.prefix(1)) + String(separator) + text.dropFirst()
            return sign + mantissa + "e" + String(point - 1)
        }
    }
}
