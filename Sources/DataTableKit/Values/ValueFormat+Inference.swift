import Glibc

extension ValueFormat {
    /// The format a column's values are written in, decided from a sample of them.
    ///
    /// - Decimal separator: `,` when the delimiter is not `,` and more samples read as numbers
    ///   only with a decimal comma (`39,1`, `-24,69454`, `1.234,5`, `1.234.567`) than only with
    ///   a decimal point (`12.5`, `1,234.5`, `1,234,567`); samples both read differently
    ///   (`1,234`, `1.234`) or neither reads do not count. Otherwise `.`.
    /// - Day first: from the all-numeric dates written with `/` or `-` (`D/M/Y` or `M/D/Y`): a
    ///   first part over 12 is a vote for day first, a second part over 12 for month first;
    ///   the majority wins. With no votes or a tie, the locale decides (`localeIsDayFirst`).
    ///
    /// - Complexity: O(total sample bytes).
    public static func infer(from samples: [String], delimiter: UInt8) -> ValueFormat {
        infer(from: samples, delimiter: delimiter, locale: environmentLocale())
    }

    /// `infer(from:delimiter:)` with the locale given (`de_DE.UTF-8`; nil or empty for C).
    public static func infer(from samples: [String], delimiter: UInt8, locale: String?) -> ValueFormat {
        var commaVotes = 0, pointVotes = 0, dayVotes = 0, monthVotes = 0
        let comma = UInt8(ascii: ","), point = UInt8(ascii: ".")
        for sample in samples {
            ValueParsing.withBytes(sample) { bytes in
                if delimiter != comma {
                    let asComma = ValueParsing.number(bytes, format: ValueFormat(decimalSeparator: comma)) != nil
                    let asPoint = ValueParsing.number(bytes, format: ValueFormat(decimalSeparator: point)) != nil
                    if asComma, !asPoint { commaVotes += 1 }
                    if asPoint, !asComma { pointVotes += 1 }
                }
                if let (first, second) = numericDateParts(bytes) {
                    if first > 12, second <= 12 { dayVotes += 1 }
                    if second > 12, first <= 12 { monthVotes += 1 }
                }
            }
        }
        let dayFirst = dayVotes != monthVotes ? dayVotes > monthVotes : localeIsDayFirst(locale)
        return ValueFormat(decimalSeparator: commaVotes > pointVotes ? comma : point, dayFirst: dayFirst)
    }

    /// The first two parts of an all-numeric date `A/B/Y` or `A-B-Y` (1-2 digit `A` and `B`,
    /// 2 or 4 digit `Y`, anything after a blank), if `bytes` starts with one.
    static func numericDateParts(_ bytes: UnsafeRawBufferPointer) -> (Int, Int)? {
        var s = DateScanner(bytes)
        guard let a = s.number(maxDigits: 2), let separator = s.peek,
              separator == UInt8(ascii: "/") || separator == UInt8(ascii: "-"), s.skip(separator),
              let b = s.number(maxDigits: 2), s.skip(separator), let y = s.number(maxDigits: 4),
              y.digits == 2 || y.digits == 4, s.atEnd || s.skipBlanks() || s.peek == UInt8(ascii: "T")
        else { return nil }
        return (a.value, b.value)
    }

    /// The locale that decides ambiguous dates: the first set and non-empty of `LC_ALL`,
    /// `LC_TIME` and `LANG` (as POSIX orders them), or nil.
    public static func environmentLocale() -> String? {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return nil
    }

    /// Territories that write the month first (`7/3/2018` is July 3): the United States and
    /// the places that follow its usage (Philippines, Micronesia, Marshall Islands, Palau,
    /// Guam, Puerto Rico, American Samoa, US Virgin Islands, Northern Mariana Islands).
    static let monthFirstTerritories: Set<String> = ["US", "PH", "FM", "MH", "PW", "GU", "PR", "AS", "VI", "MP", "UM"]

    /// Whether ambiguous all-numeric dates in `locale` are day first: true when the locale
    /// (`language_TERRITORY[.codeset][@modifier]`) names a territory outside
    /// `monthFirstTerritories` (`en_GB`, `de_DE`, `fr_FR`, `pt_BR`, `en_AU`…); false for those
    /// (`en_US`), for `C`, `POSIX`, no locale, and a language without a territory.
    public static func localeIsDayFirst(_ locale: String?) -> Bool {
        guard let locale, let underscore = locale.firstIndex(of: "_") else { return false }
        let territory = locale[locale.index(after: underscore)...].prefix { $0 != "." && $0 != "@" }
        guard territory.count == 2 else { return false }
        return !monthFirstTerritories.contains(territory.uppercased())
    }
}
