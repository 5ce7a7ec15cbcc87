/// The pieces every decimal reader shares: the sign, the significant digits, the fraction and
/// the exponent. `plainNumber` (and `integer` through it) and `writtenNumber` differ in what
/// they accept around the digits (grouping, currency, parentheses), not in how they read them.
extension ValueParsing {
    /// A leading `+` or `-` at `i`, stepped over; true for `-`.
    @inline(__always)
    static func readSign(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") else { return false }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "-")
    }

    /// Decimal digits as they are read: the first 19 significant ones in `mantissa`, the rest
    /// counted in `exponent` (`exact` while they are zeros).
    struct DecimalDigits {
        var mantissa: UInt64 = 0
        var exponent = 0
        var significant = 0
        var exact = true
        /// Digits read, integer and fraction.
        var count = 0

        /// Adds one digit of the integer part, or of the fraction when `fraction`.
        @inline(__always)
        mutating func add(_ digit: UInt64, fraction: Bool) {
            count += 1
            if significant < 19 {
                mantissa = mantissa &* 10 &+ digit
                if mantissa != 0 { significant += 1 }
                if fraction { exponent -= 1 }
            } else {
                if digit != 0 { exact = false }
                if !fraction { exponent += 1 }
            }
        }

        /// Adds the fraction digits from `i` (just past the decimal separator) to the first byte
        /// that is not a digit.
        @inline(__always)
        mutating func addFraction(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int) {
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                add(UInt64(bytes[i] &- 48), fraction: true)
                i += 1
            }
        }

        /// Reads `[+-]?digits` from `i` (just past the `e` or `E`) into `exponent`; nil, and
        /// nothing read, when no digit follows. Values past 100,000 are capped there (any such
        /// exponent over- or underflows a Double alike).
        @inline(__always)
        mutating func addExponent(_ bytes: UnsafeRawBufferPointer, from i: Int, _ end: Int) -> Int? {
            var k = i, negative = false
            if k < end, bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+") {
                negative = bytes[k] == UInt8(ascii: "-")
                k += 1
            }
            guard k < end, bytes[k] &- UInt8(ascii: "0") < 10 else { return nil }
            var e = 0
            while k < end, bytes[k] &- UInt8(ascii: "0") < 10 {
                if e < 100_000 { e = e * 10 + Int(bytes[k] &- 48) }
                k += 1
            }
            exponent += negative ? -e : e
            return k
        }
    }
}
