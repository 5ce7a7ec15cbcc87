/// Numbers as people write them: grouping, currency, percentages, accounting negatives.
extension ValueParsing {
    /// Reads a number as written, for what the plain grammar (`plainNumber`) does not read:
    ///
    /// - the decimal separator `decimalSeparator` (`.` or `,`); the other one of the two groups
    ///   digits, as do a space, a no-break space (U+00A0), a narrow no-break space (U+202F), a
    ///   thin space (U+2009) and an apostrophe (`'` or U+2019): `1,234.5`, `1.234,5`,
    ///   `1 234,5`, `1'234.5`. A grouped integer part is 1-3 digits then groups of exactly 3,
    ///   all with the same separator (`1,2,3` and `12.34.56` are not numbers);
    /// - a sign `+`, `-` or `−` (U+2212), before or after a leading currency (`-$5`, `$-5`);
    /// - one currency, before or after, with or without a blank: a symbol (`$ € £ ¥ ¢ ₹ ₽ ₩ ₪
    ///   ₺ ₫ ₱ ₴ ₦ ฿`, any of the Unicode currency-symbol block), one or two capital letters then
    ///   `$` (`US$`, `R$`, `HK$`), or an ISO 4217 code from `currencyCodes` (`USD 5`, `5 EUR`);
    /// - a trailing percent sign (`12.5%`, `12,5 %`), read as the number written (12.5, not
    ///   0.125): a column of percentages compares the same either way;
    /// - accounting negatives in parentheses: `(1,234.00)`, `($5)`, `$(5)`.
    ///
    /// `body` is set to the range of the digits (with separators and exponent) on success.
    @inline(never)  // the slow path: kept out of the callers' loops
    static func writtenNumber(
        _ bytes: UnsafeRawBufferPointer, decimalSeparator: UInt8, body: inout Range<Int>
    ) -> Number? {
        var i = 0, end = bytes.count
        trim(bytes, &i, &end)
        guard i < end else { return nil }
        var parenthesized = false
        if bytes[i] == UInt8(ascii: "(") {
            guard end - i >= 3, bytes[end - 1] == UInt8(ascii: ")") else { return nil }
            parenthesized = true
            i += 1
            end -= 1
            trim(bytes, &i, &end)
        }
        var sign = 0, sawCurrency = false
        for _ in 0..<2 {
            if sign == 0, let (negative, n) = signAt(bytes, i, end) {
                sign = negative ? -1 : 1
                i += n
            } else if !sawCurrency, let n = currencyLength(bytes, i, end) {
                sawCurrency = true
                i += n
                skipBlanks(bytes, &i, end)
            } else {
                break
            }
        }
        // Excel's accounting format puts the currency outside: `$(1,234.00)`.
        if sawCurrency, sign == 0, !parenthesized, i < end, bytes[i] == UInt8(ascii: "("), bytes[end - 1] == UInt8(ascii: ")") {
            parenthesized = true
            i += 1
            end -= 1
            trim(bytes, &i, &end)
        }
        let group: UInt8 = decimalSeparator == UInt8(ascii: ",") ? UInt8(ascii: ".") : UInt8(ascii: ",")
        var digits = DecimalDigits(), integral = true
        let bodyStart = i
        var groupDigits = 0, separator = 0, sawGroup = false
        while i < end {
            let b = bytes[i]
            if b &- UInt8(ascii: "0") < 10 {
                digits.add(UInt64(b &- 48), fraction: false)
                groupDigits += 1
                i += 1
            } else if groupDigits > 0, let (kind, n) = groupSeparator(bytes, i, end, group: group),
                      i + n < end, bytes[i + n] &- UInt8(ascii: "0") < 10 {
                guard sawGroup ? groupDigits == 3 && kind == separator : groupDigits <= 3 else { return nil }
                sawGroup = true
                separator = kind
                groupDigits = 0
                i += n
            } else {
                break
            }
        }
        if sawGroup, groupDigits != 3 { return nil }
        if i < end, bytes[i] == decimalSeparator {
            integral = false
            i += 1
            digits.addFraction(bytes, &i, end)
        }
        guard digits.count > 0 else { return nil }
        // An `e` with no digit after it is not an exponent (`5EUR`).
        if i + 1 < end, bytes[i] | 0x20 == UInt8(ascii: "e"), let next = digits.addExponent(bytes, from: i + 1, end) {
            integral = false
            i = next
        }
        body = bodyStart..<i
        skipBlanks(bytes, &i, end)
        var sawPercent = false
        if i < end, bytes[i] == UInt8(ascii: "%") {
            sawPercent = true
            i += 1
        } else if !sawCurrency, let n = currencyLength(bytes, i, end) {
            sawCurrency = true
            i += n
        }
        guard i == end, !(sawPercent && sawCurrency) else { return nil }
        if parenthesized {
            guard sign == 0 else { return nil }
            sign = -1
        }
        return Number(negative: sign < 0, mantissa: digits.mantissa, exponent: digits.exponent, exact: digits.exact,
                      integral: integral, decimalSeparator: decimalSeparator)
    }

    /// ISO 4217 codes read as currencies, packed as three ASCII bytes.
    static let currencyCodes: Set<UInt32> = Set([
        "USD", "EUR", "GBP", "JPY", "CNY", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK",
        "HUF", "RON", "BGN", "RUB", "UAH", "TRY", "INR", "BRL", "MXN", "ARS", "CLP", "COP", "PEN", "ZAR", "KRW",
        "HKD", "SGD", "TWD", "THB", "IDR", "MYR", "PHP", "VND", "ILS", "AED", "SAR", "EGP", "NGN", "KES", "PKR",
    ].map { code in code.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } })

    /// The length of the currency at `i` (a symbol, `US$`-style prefix or ISO code), if any.
    static func currencyLength(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ end: Int) -> Int? {
        guard i < end else { return nil }
        let b = bytes[i]
        if b == UInt8(ascii: "$") { return 1 }
        if b == 0xC2, i + 1 < end, bytes[i + 1] >= 0xA2, bytes[i + 1] <= 0xA5 { return 2 }  // ¢ £ ¤ ¥
        if b == 0xE2, i + 2 < end, (bytes[i + 1] == 0x82 && bytes[i + 2] >= 0xA0) || (bytes[i + 1] == 0x83 && bytes[i + 2] <= 0x8F) {
            return 3  // U+20A0-U+20CF: € ₹ ₽ ₩ ₪ ₺ ₫ ₱ ₴ ₦ …
        }
        if b == 0xE0, i + 2 < end, bytes[i + 1] == 0xB8, bytes[i + 2] == 0xBF { return 3 }  // ฿
        guard b &- UInt8(ascii: "A") < 26 else { return nil }
        var n = 0
        while i + n < end, n < 4, bytes[i + n] &- UInt8(ascii: "A") < 26 { n += 1 }
        if n <= 2, i + n < end, bytes[i + n] == UInt8(ascii: "$") { return n + 1 }  // US$ R$ HK$
        guard n == 3, i + 3 == end || bytes[i + 3] &- UInt8(ascii: "A") >= 26 else { return nil }
        let code = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        return currencyCodes.contains(code) ? 3 : nil
    }

    /// A digit-group separator at `i`: its kind (to require the same one throughout) and length.
    @inline(__always) static func groupSeparator(
        _ bytes: UnsafeRawBufferPointer, _ i: Int, _ end: Int, group: UInt8
    ) -> (Int, Int)? {
        let b = bytes[i]
        if b == group || b == 0x20 || b == UInt8(ascii: "'") { return (Int(b), 1) }
        if b == 0xC2, i + 1 < end, bytes[i + 1] == 0xA0 { return (0xA0, 2) }  // NBSP
        if b == 0xE2, i + 2 < end, bytes[i + 1] == 0x80,
           bytes[i + 2] == 0xAF || bytes[i + 2] == 0x89 || bytes[i + 2] == 0x99 {  // U+202F, U+2009, U+2019
            return (0x2000 | Int(bytes[i + 2]), 3)
        }
        return nil
    }

    /// A sign at `i`: `+`, `-` or U+2212 `−`, and its length.
    @inline(__always) static func signAt(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ end: Int) -> (Bool, Int)? {
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "-") { return (true, 1) }
        if bytes[i] == UInt8(ascii: "+") { return (false, 1) }
        if bytes[i] == 0xE2, i + 2 < end, bytes[i + 1] == 0x88, bytes[i + 2] == 0x92 { return (true, 3) }
        return nil
    }

    /// Skips ASCII blanks and the no-break spaces (U+00A0, U+202F) that separate a currency or
    /// a percent sign from its number.
    @inline(__always) static func skipBlanks(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int) {
        while i < end {
            if bytes[i] == 0x20 || bytes[i] == 0x09 {
                i += 1
            } else if bytes[i] == 0xC2, i + 1 < end, bytes[i + 1] == 0xA0 {
                i += 2
            } else if bytes[i] == 0xE2, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xAF {
                i += 3
            } else {
                return
            }
        }
    }
}
