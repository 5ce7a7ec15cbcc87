/// Fast, allocation-free readers of field values from UTF-8 bytes, shared by sorting and by
/// type inference. Each accepts surrounding ASCII spaces and tabs, and returns nil for anything
/// else it does not recognise (including an empty field).
public enum ValueParsing {
    /// An integer: optional sign, decimal digits, optional grouping (`1,234,567`: 1–3 digits,
    /// then groups of exactly 3, with the separator that is not `format.decimalSeparator`), or
    /// any number as written (see `writtenNumber`: `$1,234`, `(5)`, `1 234 EUR`) without a
    /// decimal separator or an exponent. Nil on overflow of `Int`, or for `1.0`, `1e3`.
    public static func integer(_ bytes: UnsafeRawBufferPointer, format: ValueFormat = .standard) -> Int? {
        // The plain grammar first (the fast path; its separators are `.` and `,` only), then
        // numbers as written: the integral numbers of `number`, in `Int`'s range
        // (docs/decisions/0116-integers-read-through-the-plain-grammar.md).
        let decimal = format.decimalSeparator
        if decimal == UInt8(ascii: ".") || decimal == UInt8(ascii: ","), let number = plainNumber(bytes, decimal: decimal) {
            return number.integer
        }
        return writtenInteger(bytes, format: format)
    }

    /// The integer written with currency, blanks or parentheses (see `integer`).
    @inline(never)
    static func writtenInteger(_ bytes: UnsafeRawBufferPointer, format: ValueFormat) -> Int? {
        var body = 0..<0
        return writtenNumber(bytes, decimalSeparator: format.decimalSeparator, body: &body)?.integer
    }

    /// A decimal number: `12`, `-0.5`, `.5`, `5.`, `+1e3`, `1.5E-7`, `1,234.5` (grouping as for
    /// `integer`), `39,1` when `format.decimalSeparator` is `,`, and numbers as written
    /// (`$1,234.50`, `12,95 €`, `12.5%`, `(1,234.00)`: see `writtenNumber`). Correctly rounded: directly for up to 15–16 significant digits and powers of
    /// ten up to 22 (the common case, no allocation), through the standard library otherwise.
    public static func decimal(_ bytes: UnsafeRawBufferPointer, format: ValueFormat = .standard) -> Double? {
        guard let number = number(bytes, format: format) else { return nil }
        return double(number, bytes)
    }

    /// A date or date-time, as milliseconds since 1970-01-01T00:00:00Z. With a
    /// `format.pattern`, read with it only (see `DatePattern`). Otherwise ISO 8601 on the fast
    /// path: `YYYY-MM-DD` or `YYYY/MM/DD`, either followed by `T` or a space and `HH:MM`,
    /// `HH:MM:SS` or `HH:MM:SS.fff` (any number of fraction digits, milliseconds kept), then
    /// optionally `Z` or an offset `±HH:MM`, `±HHMM`, `±HH`; then dates as people write them
    /// (`7/3/2018 1:47 PM`, `11.11.2007`, `Jan 1 2000`, `Tue, 21 Nov 2026 08:52:13 +0000`: see
    /// `writtenDateTime`, and `format.dayFirst`). Times without a zone are read as UTC. Nil for
    /// impossible dates (`2023-02-29`, month 13, hour 24).
    public static func dateTime(_ bytes: UnsafeRawBufferPointer, format: ValueFormat = .standard) -> Int64? {
        if let pattern = format.pattern { return pattern.read(bytes) }
        if let ms = isoDateTime(bytes) { return ms }
        return writtenDateTime(bytes, dayFirst: format.dayFirst)
    }

    /// The ISO fast path of `dateTime`.
    @inline(__always)
    static func isoDateTime(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var i = 0, end = bytes.count
        trim(bytes, &i, &end)
        guard end - i >= 10 else { return nil }
        @inline(__always) func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= end else { return nil }
            var v = 0
            for k in at..<(at + n) {
                let d = bytes[k] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)
            }
            return v
        }
        let separator = bytes[i + 4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/"), bytes[i + 7] == separator else { return nil }
        // The date's eight digits at fixed places, each checked once.
        let (y0, y1, y2, y3) = (bytes[i] &- 48, bytes[i + 1] &- 48, bytes[i + 2] &- 48, bytes[i + 3] &- 48)
        let (m0, m1, d0, d1) = (bytes[i + 5] &- 48, bytes[i + 6] &- 48, bytes[i + 8] &- 48, bytes[i + 9] &- 48)
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, m0 < 10, m1 < 10, d0 < 10, d1 < 10 else { return nil }
        let year = Int(y0) * 1000 + Int(y1) * 100 + Int(y2) * 10 + Int(y3)
        let month = Int(m0) * 10 + Int(m1), day = Int(d0) * 10 + Int(d1)
        guard month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        var ms = Int64(daysFromCivil(year, month, day)) * 86_400_000
        i += 10
        if i == end { return ms }
        guard bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " "),
              let hour = digits(i + 1, 2), i + 3 < end, bytes[i + 3] == UInt8(ascii: ":"),
              let minute = digits(i + 4, 2), hour < 24, minute < 60
        else { return nil }
        ms += Int64(hour * 3_600_000 + minute * 60_000)
        i += 6
        if i < end, bytes[i] == UInt8(ascii: ":") {
            guard let second = digits(i + 1, 2), second <= 60 else { return nil }
            ms += Int64(second * 1000)
            i += 3
            if i < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
                i += 1
                var fraction = 0, n = 0
                while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                    if n < 3 { fraction = fraction * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }
                    n += 1
                    i += 1
                }
                guard n > 0 else { return nil }
                for _ in n..<max(n, 3) { fraction *= 10 }
                ms += Int64(fraction)
            }
        }
        if i == end { return ms }
        let zone = bytes[i]
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") { return i + 1 == end ? ms : nil }
        guard zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-"), let oh = digits(i + 1, 2), oh < 24 else { return nil }
        var om = 0
        i += 3
        if i < end {
            if bytes[i] == UInt8(ascii: ":") { i += 1 }
            guard let m = digits(i, 2), m < 60, i + 2 == end else { return nil }
            om = m
        }
        let offset = Int64(oh * 3_600_000 + om * 60_000)
        return zone == UInt8(ascii: "+") ? ms - offset : ms + offset
    }

    /// `true`/`false`, `yes`/`no`, `y`/`n`, `t`/`f`, `on`/`off`, `1`/`0`, in any case.
    public static func boolean(_ bytes: UnsafeRawBufferPointer, format: ValueFormat = .standard) -> Bool? {
        var i = 0, end = bytes.count
        trim(bytes, &i, &end)
        let n = end - i
        guard n >= 1, n <= 5 else { return nil }
        var w: UInt64 = 0
        for k in 0..<n { w = w << 8 | UInt64(bytes[i + k] | (bytes[i + k] &- 65 < 26 ? 0x20 : 0)) }
        switch w {
        case 0x74_72_75_65, 0x79_65_73, 0x79, 0x74, 0x6F_6E, 0x31: return true  // true yes y t on 1
        case 0x66_61_6C_73_65, 0x6E_6F, 0x6E, 0x66, 0x6F_66_66, 0x30: return false  // false no n f off 0
        default: return nil
        }
    }

    /// `String` conveniences of the byte readers.
    public static func integer(_ text: String, format: ValueFormat = .standard) -> Int? {
        withBytes(text) { integer($0, format: format) }
    }
    /// `text` as a decimal number, if it is one.
    public static func decimal(_ text: String, format: ValueFormat = .standard) -> Double? {
        withBytes(text) { decimal($0, format: format) }
    }
    /// `text` as a date and time (milliseconds since 1970), if it is one.
    public static func dateTime(_ text: String, format: ValueFormat = .standard) -> Int64? {
        withBytes(text) { dateTime($0, format: format) }
    }
    /// `text` as true or false, if it is one.
    public static func boolean(_ text: String, format: ValueFormat = .standard) -> Bool? {
        withBytes(text) { boolean($0, format: format) }
    }

    @inline(__always) static func withBytes<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    // MARK: Internals

    @inline(__always) static func trim(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: inout Int) {
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    }

    /// A number read from text: `(negative ? -1 : 1) * mantissa * 10^exponent`, with `exact`
    /// false when significant digits beyond the 19th were dropped.
    struct Number {
        var negative: Bool
        var mantissa: UInt64
        var exponent: Int
        var exact: Bool
        /// Whether it was written without a decimal separator or an exponent.
        var integral = true
        /// The decimal separator it was read with (for `double`'s slow path).
        var decimalSeparator = UInt8(ascii: ".")

        /// The value as an `Int`, when it is one: written without a decimal separator or an
        /// exponent, every digit kept, within `Int`'s range.
        @inline(__always) var integer: Int? {
            guard integral, exact, exponent == 0 else { return nil }
            if negative {
                guard mantissa <= UInt64(Int.max) + 1 else { return nil }
                return mantissa == UInt64(Int.max) + 1 ? Int.min : -Int(mantissa)
            }
            guard mantissa <= UInt64(Int.max) else { return nil }
            return Int(mantissa)
        }

        /// The value as an Int64 `m` and scale `s` (value = m / 10^s, s <= 18, trailing
        /// fraction zeros dropped), or nil when it has none.
        @inline(__always) func fixedPoint() -> (Int64, UInt8)? {
            guard exact else { return nil }
            var m = mantissa, e = exponent
            if m == 0 { return (0, 0) }
            while e < 0, m % 10 == 0 {
                m /= 10
                e += 1
            }
            guard m <= UInt64(Int64.max) else { return nil }
            var v = Int64(m)
            if e > 0 {
                guard e <= 18 else { return nil }
                let (p, o) = v.multipliedReportingOverflow(by: powersOf10[e])
                if o { return nil }
                v = p
                e = 0
            }
            guard e >= -18 else { return nil }
            return (negative ? -v : v, UInt8(-e))
        }
    }

    /// A number in `format`: the plain grammar first (the fast path), then numbers as written
    /// (`writtenNumber`). Small enough to inline into every loop that reads numbers: a field
    /// of at most 19 plain digits is read here, anything else by `longerNumber`.
    @inline(__always)
    static func number(_ bytes: UnsafeRawBufferPointer, format: ValueFormat = .standard) -> Number? {
        if let number = shortPlainNumber(bytes, decimal: format.decimalSeparator) { return number }
        return longerNumber(bytes, format: format)
    }

    /// `number` past its short plain fast path.
    @inline(never)
    static func longerNumber(_ bytes: UnsafeRawBufferPointer, format: ValueFormat) -> Number? {
        let decimal = format.decimalSeparator
        // Each separator a constant in its own copy of the plain reader.
        if decimal == UInt8(ascii: ".") {
            if let number = plainNumber(bytes, decimal: UInt8(ascii: ".")) { return number }
        } else if let number = plainNumber(bytes, decimal: UInt8(ascii: ",")) {
            return number
        }
        var body = 0..<0
        return writtenNumber(bytes, decimalSeparator: decimal, body: &body)
    }

    /// Grammar: `[+-]? (digits[D digits*] | D digits) ([eE][+-]?digits)?` where `D` is `decimal`
    /// and the integer part may be grouped by the other of `.` and `,`, surrounded by optional
    /// spaces/tabs.
    @inline(__always)
    static func plainNumber(_ bytes: UnsafeRawBufferPointer, decimal: UInt8) -> Number? {
        if let number = shortPlainNumber(bytes, decimal: decimal) { return number }
        var i = 0, end = bytes.count
        trim(bytes, &i, &end)
        guard i < end else { return nil }
        let negative = readSign(bytes, &i)
        var digits = DecimalDigits()
        // Integer part with optional grouping.
        let separator: UInt8 = decimal == UInt8(ascii: ",") ? UInt8(ascii: ".") : UInt8(ascii: ",")
        var group = 0, sawComma = false, integral = true
        while i < end {
            let b = bytes[i]
            if b &- UInt8(ascii: "0") < 10 {
                digits.add(UInt64(b &- 48), fraction: false)
                group += 1
            } else if b == separator {
                guard group > 0, sawComma ? group == 3 : group <= 3 else { return nil }
                sawComma = true
                group = 0
            } else {
                break
            }
            i += 1
        }
        if sawComma, group != 3 { return nil }
        if i < end, bytes[i] == decimal {
            integral = false
            i += 1
            digits.addFraction(bytes, &i, end)
        }
        guard digits.count > 0 else { return nil }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            guard let next = digits.addExponent(bytes, from: i + 1, end) else { return nil }
            i = next
            integral = false
        }
        guard i == end else { return nil }
        return Number(negative: negative, mantissa: digits.mantissa, exponent: digits.exponent, exact: digits.exact,
                      integral: integral, decimalSeparator: decimal)
    }

    /// `plainNumber`'s reading of the common case in one loop with no bookkeeping:
    /// `-`?, at most 19 bytes of digits with at most one `decimal` among them, and a digit
    /// (so every digit is significant or a leading zero, and none is dropped). Nil for anything
    /// else (spaces, `+`, grouping, an exponent, longer fields), which `plainNumber` reads.
    @inline(__always)
    static func shortPlainNumber(_ bytes: UnsafeRawBufferPointer, decimal: UInt8) -> Number? {
        let n = bytes.count
        guard n > 0, n <= 19 else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        var mantissa: UInt64 = 0, fraction = -1
        while i < n {
            let digit = bytes[i] &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else {
                guard bytes[i] == decimal, fraction < 0 else { return nil }
                fraction = i &+ 1
            }
            i &+= 1
        }
        let fractionDigits = fraction < 0 ? 0 : n &- fraction
        // A sign or a separator alone is no number.
        guard n &- (negative ? 1 : 0) &- (fraction < 0 ? 0 : 1) > 0 else { return nil }
        return Number(negative: negative, mantissa: mantissa, exponent: -fractionDigits, exact: true, integral: fraction < 0,
                      decimalSeparator: decimal)
    }

    /// The `Double` nearest to `number` (read from `bytes`).
    static func double(_ number: Number, _ bytes: UnsafeRawBufferPointer) -> Double {
        if number.mantissa == 0 { return number.negative ? -0.0 : 0.0 }
        // Exact mantissa and exact power of ten: one correctly rounded operation.
        if number.exact, number.mantissa <= 1 << 53, number.exponent >= -22, number.exponent <= 22 {
            let m = Double(number.mantissa)
            let d = number.exponent >= 0 ? m * doublePowersOf10[number.exponent] : m / doublePowersOf10[-number.exponent]
            return number.negative ? -d : d
        }
        // Rare: hand the digits (sign, decimal point and exponent; grouping, currency and
        // blanks removed) to the standard library.
        var body = 0..<0
        guard writtenNumber(bytes, decimalSeparator: number.decimalSeparator, body: &body) != nil else { return .nan }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: body.count + 1) { buffer in
            var n = 0
            if number.negative {
                buffer[0] = UInt8(ascii: "-")
                n = 1
            }
            var inExponent = false
            for k in body {
                let b = bytes[k]
                if b &- UInt8(ascii: "0") < 10 || (inExponent && (b == UInt8(ascii: "-") || b == UInt8(ascii: "+"))) {
                    buffer[n] = b
                } else if b == number.decimalSeparator, !inExponent {
                    buffer[n] = UInt8(ascii: ".")
                } else if b | 0x20 == UInt8(ascii: "e") {
                    inExponent = true
                    buffer[n] = UInt8(ascii: "e")
                } else {
                    continue
                }
                n += 1
            }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)) ?? .nan
        }
    }

    static let powersOf10: [Int64] = (0...18).map { n in (0..<n).reduce(Int64(1)) { p, _ in p * 10 } }
    static let doublePowersOf10: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { p, _ in p * 10 } }
    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { p, _ in p * 10 } }

    @inline(__always)
    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    @inline(__always)
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
