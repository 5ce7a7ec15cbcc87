/// An explicit strftime-style date pattern (`%d.%m.%Y %H:%M`), compiled once (when a column's
/// `ValueFormat` is made) and then matched against each field without allocating.
///
/// Directives, as in POSIX `strptime` unless noted: `%Y` 4-digit year (as Python), `%y` 2-digit year
/// (00-68 → 2000s, 69-99 → 1900s), `%m` month, `%d`/`%e` day, `%j` day of the year, `%H`
/// hour 0-23, `%I` hour 1-12 (with `%p`), `%M` minute, `%S` second, `%f` fraction of a second
/// (any number of digits, milliseconds kept; not POSIX, as in Python), `%p` `AM`/`PM` (also
/// `a`, `p`, `a.m.`, any case), `%b`/`%h`/`%B` English month name (full or 3 letters or
/// more), `%a`/`%A` English weekday name (not checked against the date), `%z` `Z`, `±HH`,
/// `±HHMM` or `±HH:MM`, `%Z` `UTC`, `GMT`, `UT`, `Z` or a US zone (`EST`…`PDT`), `%T` =
/// `%H:%M:%S`, `%R` = `%H:%M`, `%D` = `%m/%d/%y`, `%F` = `%Y-%m-%d`, `%n`/`%t` blanks, `%%` a
/// `%`. Numbers take at most their usual digits (2, 4 for `%Y`, 3 for `%j`), so `%Y%m%d` reads
/// `20240105`; blanks before a number are skipped. A blank in the pattern matches any run of
/// blanks (or none); any other character matches itself. Fields the pattern lacks default to
/// 1970-01-01 00:00:00 UTC.
public struct DatePattern: Hashable, Sendable {
    /// The pattern as given.
    public let source: String
    /// Why the pattern cannot be used, or nil when it can (`%Q is not a date directive`).
    public let problem: String?
    let steps: [Step]

    enum Step: Hashable, Sendable {
        case literal(UInt8)
        case blanks
        case year, year2, month, day, dayOfYear, hour, hour12, minute, second, fraction
        case meridiem, monthName, weekdayName, offset, zoneName
    }

    /// Compiles `source`; an unknown directive makes `problem` say so (and nothing matches).
    public init(_ source: String) {
        self.source = source
        var steps: [Step] = [], problem: String?
        var iterator = Array(source.utf8).makeIterator()
        while let b = iterator.next() {
            if b == 0x20 || b == 0x09 {
                if steps.last != .blanks { steps.append(.blanks) }
                continue
            }
            guard b == UInt8(ascii: "%") else {
                steps.append(.literal(b))
                continue
            }
            guard let d = iterator.next() else {
                problem = "the date format \"\(source)\" ends with a lone %"
                break
            }
            switch d {
            case UInt8(ascii: "Y"): steps.append(.year)
            case UInt8(ascii: "y"): steps.append(.year2)
            case UInt8(ascii: "m"): steps.append(.month)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): steps.append(.day)
            case UInt8(ascii: "j"): steps.append(.dayOfYear)
            case UInt8(ascii: "H"): steps.append(.hour)
            case UInt8(ascii: "I"): steps.append(.hour12)
            case UInt8(ascii: "M"): steps.append(.minute)
            case UInt8(ascii: "S"): steps.append(.second)
            case UInt8(ascii: "f"): steps.append(.fraction)
            case UInt8(ascii: "p"): steps.append(.meridiem)
            case UInt8(ascii: "b"), UInt8(ascii: "h"), UInt8(ascii: "B"): steps.append(.monthName)
            case UInt8(ascii: "a"), UInt8(ascii: "A"): steps.append(.weekdayName)
            case UInt8(ascii: "z"): steps.append(.offset)
            case UInt8(ascii: "Z"): steps.append(.zoneName)
            case UInt8(ascii: "T"): steps += [.hour, .literal(UInt8(ascii: ":")), .minute, .literal(UInt8(ascii: ":")), .second]
            case UInt8(ascii: "R"): steps += [.hour, .literal(UInt8(ascii: ":")), .minute]
            case UInt8(ascii: "D"): steps += [.month, .literal(UInt8(ascii: "/")), .day, .literal(UInt8(ascii: "/")), .year2]
            case UInt8(ascii: "F"): steps += [.year, .literal(UInt8(ascii: "-")), .month, .literal(UInt8(ascii: "-")), .day]
            case UInt8(ascii: "n"), UInt8(ascii: "t"): if steps.last != .blanks { steps.append(.blanks) }
            case UInt8(ascii: "%"): steps.append(.literal(UInt8(ascii: "%")))
            default:
                let shown = d < 0x80 && d > 0x20 ? String(UnicodeScalar(d)) : "?"
                problem = "%\(shown) in the date format \"\(source)\" is not a date directive "
                    + "(known: %Y %y %m %d %e %j %H %I %M %S %f %p %b %B %a %z %Z %T %R %D %F %%)"
            }
            if problem != nil { break }
        }
        if problem == nil, steps.isEmpty { problem = "the date format is empty" }
        self.problem = problem
        self.steps = problem == nil ? steps : []
    }

    /// Patterns are equal when written the same (the steps follow from the source).
    public static func == (lhs: DatePattern, rhs: DatePattern) -> Bool { lhs.source == rhs.source }
    /// Hashes the source.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The field read with the pattern, as milliseconds since 1970-01-01T00:00:00Z; nil when it
    /// does not match all of the (trimmed) field or names an impossible date.
    /// - Complexity: O(field bytes + pattern steps), no allocation.
    func read(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard !steps.isEmpty else { return nil }
        var s = DateScanner(bytes)
        var year = 1970, month = 1, day = 1, dayOfYear = 0, hour = 0, minute = 0, second = 0, ms = 0
        var pm: Bool?, hour12 = false, offset: Int64 = 0
        for step in steps {
            switch step {
            case .literal(let b):
                guard s.skip(b) else { return nil }
            case .blanks:
                s.skipBlanks()
            case .monthName:
                guard let m = s.month() else { return nil }
                month = m
            case .weekdayName:
                guard s.weekday() else { return nil }
            case .meridiem:
                guard let p = s.meridiem() else { return nil }
                pm = p
            case .offset:
                if s.peek == UInt8(ascii: "Z") || s.peek == UInt8(ascii: "z") {
                    s.i += 1
                } else {
                    guard let o = s.offset() else { return nil }
                    offset = o
                }
            case .zoneName:
                guard s.atLetter, let o = s.zone() else { return nil }
                offset = o
            case .fraction:
                var fraction = 0, n = 0
                while s.isDigit(at: s.i) {
                    if n < 3 { fraction = fraction * 10 + Int(s.bytes[s.i] &- 48) }
                    n += 1
                    s.i += 1
                }
                guard n > 0 else { return nil }
                for _ in n..<max(n, 3) { fraction *= 10 }
                ms = fraction
            default:
                s.skipBlanks()
                let width = step == .year ? 4 : step == .dayOfYear ? 3 : 2
                var value = 0, n = 0
                while n < width, s.isDigit(at: s.i) {
                    value = value * 10 + Int(s.bytes[s.i] &- 48)
                    n += 1
                    s.i += 1
                }
                guard n > 0 else { return nil }
                switch step {
                case .year:
                    guard n == 4 else { return nil }
                    year = value
                case .year2:
                    guard n == 2 else { return nil }
                    year = ValueParsing.twoDigitYear(value)
                case .month: month = value
                case .day: day = value
                case .dayOfYear: dayOfYear = value
                case .hour: hour = value
                case .hour12:
                    hour = value
                    hour12 = true
                case .minute: minute = value
                default: second = value
                }
            }
        }
        guard s.atEnd, minute < 60, second <= 60 else { return nil }
        if let pm {
            guard hour >= 1, hour <= 12 else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        } else {
            guard hour12 ? hour >= 1 && hour <= 12 : hour < 24 else { return nil }
        }
        var days: Int
        if dayOfYear > 0 {
            let leap = ValueParsing.daysInMonth(year, 2) == 29
            guard dayOfYear <= (leap ? 366 : 365) else { return nil }
            days = ValueParsing.daysFromCivil(year, 1, 1) + dayOfYear - 1
        } else {
            guard month >= 1, month <= 12, day >= 1, day <= ValueParsing.daysInMonth(year, month) else { return nil }
            days = ValueParsing.daysFromCivil(year, month, day)
        }
        let local = Int64(days) * 86_400_000 + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + ms)
        return local - offset
    }
}
