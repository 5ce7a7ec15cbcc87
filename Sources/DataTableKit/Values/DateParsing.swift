/// Dates and times as people write them, beyond the ISO fast path of `ValueParsing.dateTime`.
extension ValueParsing {
    /// Reads a date, optionally followed by a time and a zone, as milliseconds since
    /// 1970-01-01T00:00:00Z. The date is one of:
    ///
    /// - `YYYY-M-D`, `YYYY/M/D`, `YYYY.M.D` (1 or 2 digit month and day);
    /// - `M/D/Y` or `D/M/Y` (also with `-`), as `dayFirst` says; `D.M.Y` is always day first;
    /// - month names in English (full, or abbreviated to 3 letters or more, any case, an
    ///   optional `.`): `Jan 1 2000`, `January 1, 2000`, `Jan 1st, 2000`, `1 Jan 2000`,
    ///   `01-Jan-2000`, `01-Jan-00`, `Jan 2000` (the 1st), optionally after a weekday name
    ///   (`Tue, 21 Nov 2026`; the weekday is not checked against the date).
    ///
    /// `Y` is 4 digits, or 2 digits read as in POSIX `strptime` `%y`: 00-68 are 2000-2068 and
    /// 69-99 are 1969-1999. A time follows after `T`, blanks or a comma: `H:MM`, `H:MM:SS`,
    /// `H:MM:SS.fff` (any number of fraction digits, milliseconds kept), optionally with
    /// `am`/`pm`/`a`/`p`/`a.m.`/`p.m.` in any case (hours 1-12), then optionally a zone: `Z`,
    /// `±HH:MM`, `±HHMM`, `±HH`, `UTC`, `GMT` or `UT` (optionally followed by an offset) or an
    /// RFC 2822 US zone (`EST EDT CST CDT MST MDT PST PDT`), and an RFC 2822 comment after a
    /// zone (`+0000 (UTC)`) is skipped. The `date` command's order,
    /// `Tue Nov 21 08:52:13 UTC 2026`, is read too. Times without a zone are UTC. Nil for
    /// impossible dates and times (`2/30/2020`, `13:00 pm`).
    @inline(never)  // the slow path: kept out of the callers' loops
    static func writtenDateTime(_ bytes: UnsafeRawBufferPointer, dayFirst: Bool) -> Int64? {
        var s = DateScanner(bytes)
        guard !s.atEnd else { return nil }
        if s.atLetter {
            let start = s.i
            if s.weekday() {
                _ = s.skip(UInt8(ascii: "."))
                _ = s.skip(UInt8(ascii: ","))
                s.skipBlanks()
            } else {
                s.i = start
            }
        }
        var year = 0, month = 0, day = 0, yearAfterTime = false
        if s.atLetter {
            guard let m = s.month() else { return nil }
            month = m
            _ = s.skip(UInt8(ascii: "."))
            guard s.skipDateSeparator(), let n = s.number(maxDigits: 4) else { return nil }
            if n.digits == 4 {
                (year, day) = (n.value, 1)
            } else {
                guard n.digits <= 2 else { return nil }
                day = n.value
                s.skipOrdinal()
                let afterDay = s.i
                if s.skipDateSeparator(), let y = s.number(maxDigits: 4), s.peek != UInt8(ascii: ":"),
                   let full = Self.year(y) {
                    year = full
                } else {
                    s.i = afterDay
                    yearAfterTime = true
                }
            }
        } else {
            guard let a = s.number(maxDigits: 4) else { return nil }
            if a.digits == 4 {
                guard let separator = s.peek, separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/")
                        || separator == UInt8(ascii: "."),
                      s.skip(separator), let m = s.number(maxDigits: 2), s.skip(separator), let d = s.number(maxDigits: 2)
                else { return nil }
                (year, month, day) = (a.value, m.value, d.value)
            } else {
                guard a.digits <= 2 else { return nil }
                if let separator = s.peek, separator == UInt8(ascii: "/") || separator == UInt8(ascii: "-")
                    || separator == UInt8(ascii: "."), s.isDigit(at: s.i + 1) {
                    s.i += 1
                    guard let b = s.number(maxDigits: 2), s.skip(separator), let y = s.number(maxDigits: 4),
                          let full = Self.year(y)
                    else { return nil }
                    year = full
                    (day, month) = separator == UInt8(ascii: ".") || dayFirst ? (a.value, b.value) : (b.value, a.value)
                } else {
                    day = a.value
                    s.skipOrdinal()
                    _ = s.skip(UInt8(ascii: "."))
                    guard s.skipDateSeparator(), let m = s.month() else { return nil }
                    month = m
                    _ = s.skip(UInt8(ascii: "."))
                    guard s.skipDateSeparator(), let y = s.number(maxDigits: 4), let full = Self.year(y) else { return nil }
                    year = full
                }
            }
        }
        guard month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        var ms = Int64(daysFromCivil(year, month, day)) * 86_400_000
        if s.atEnd, !yearAfterTime { return ms }
        // The time.
        if s.peek == UInt8(ascii: "T") || s.peek == UInt8(ascii: "t") {
            s.i += 1
        } else {
            _ = s.skip(UInt8(ascii: ","))
            guard s.skipBlanks() else { return nil }
        }
        guard let time = s.time() else { return nil }
        ms += time
        let afterTime = s.i
        s.skipBlanks()
        if let offset = s.zone() {
            ms -= offset
            // An RFC 2822 comment after the zone: `+0000 (UTC)`.
            let afterZone = s.i
            s.skipBlanks()
            if s.peek == UInt8(ascii: "("), s.end - s.i >= 2, bytes[s.end - 1] == UInt8(ascii: ")") {
                s.i = s.end
            } else {
                s.i = afterZone
            }
        } else {
            s.i = afterTime
        }
        if yearAfterTime {
            guard s.skipBlanks(), let y = s.number(maxDigits: 4), y.digits == 4 else { return nil }
            guard day <= daysInMonth(y.value, month) else { return nil }
            ms += Int64(daysFromCivil(y.value, month, day) - daysFromCivil(year, month, day)) * 86_400_000
        }
        return s.atEnd ? ms : nil
    }

    /// A 2- or 4-digit year; 2 digits pivot as POSIX `%y` (00-68 → 2000s, 69-99 → 1900s).
    @inline(__always) static func year(_ n: (value: Int, digits: Int)) -> Int? {
        switch n.digits {
        case 4: return n.value
        case 2: return twoDigitYear(n.value)
        default: return nil
        }
    }

    /// 00-68 → 2000-2068, 69-99 → 1969-1999 (POSIX `strptime` `%y`).
    @inline(__always) static func twoDigitYear(_ y: Int) -> Int { y < 69 ? 2000 + y : 1900 + y }
}

/// A cursor over a trimmed field for the date readers.
struct DateScanner {
    let bytes: UnsafeRawBufferPointer
    var i: Int
    let end: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var i = 0, end = bytes.count
        ValueParsing.trim(bytes, &i, &end)
        self.i = i
        self.end = end
    }

    var atEnd: Bool { i >= end }
    var peek: UInt8? { i < end ? bytes[i] : nil }
    var atLetter: Bool { i < end && (bytes[i] | 0x20) &- UInt8(ascii: "a") < 26 }

    func isDigit(at k: Int) -> Bool { k < end && bytes[k] &- UInt8(ascii: "0") < 10 }
    func isLetter(at k: Int) -> Bool { k < end && (bytes[k] | 0x20) &- UInt8(ascii: "a") < 26 }

    /// Consumes `byte` if it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard i < end, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    /// Consumes blanks; whether there were any.
    @discardableResult mutating func skipBlanks() -> Bool {
        let start = i
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i > start
    }

    /// Consumes what separates the parts of a written date: blanks, `-`, `/`, or a comma with
    /// optional blanks; whether there was one.
    mutating func skipDateSeparator() -> Bool {
        if skip(UInt8(ascii: "-")) || skip(UInt8(ascii: "/")) { return true }
        let comma = skip(UInt8(ascii: ","))
        return skipBlanks() || comma
    }

    /// Consumes an English ordinal suffix (`st`, `nd`, `rd`, `th`) right after a day.
    mutating func skipOrdinal() {
        guard i + 1 < end else { return }
        let pair = UInt16(bytes[i] | 0x20) << 8 | UInt16(bytes[i + 1] | 0x20)
        guard pair == 0x7374 || pair == 0x6E64 || pair == 0x7264 || pair == 0x7468, !isLetter(at: i + 2) else { return }
        i += 2
    }

    /// 1 to `maxDigits` digits (not followed by another digit) and how many there were.
    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0, n = 0
        while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
            guard n < maxDigits else { return nil }
            value = value * 10 + Int(bytes[i] &- 48)
            n += 1
            i += 1
        }
        return n > 0 ? (value, n) : nil
    }

    /// The letters at the cursor, consumed: their start and count.
    mutating func word() -> (start: Int, count: Int) {
        let start = i
        while isLetter(at: i) { i += 1 }
        return (start, i - start)
    }

    /// An English month name (full, or 3 letters or more of it), consumed: 1-12.
    mutating func month() -> Int? {
        let (start, count) = word()
        return DateWords.match(bytes, start, count, DateWords.months).map { $0 + 1 }
    }

    /// An English weekday name (full, or 3 letters or more of it), consumed.
    mutating func weekday() -> Bool {
        let (start, count) = word()
        return DateWords.match(bytes, start, count, DateWords.weekdays) != nil
    }

    /// `H:MM[:SS[.fff]]` with an optional am/pm marker: milliseconds since midnight.
    mutating func time() -> Int64? {
        guard let h = number(maxDigits: 2), skip(UInt8(ascii: ":")), let m = number(maxDigits: 2), m.digits == 2,
              m.value < 60
        else { return nil }
        var hour = h.value
        var ms = Int64(m.value * 60_000)
        if skip(UInt8(ascii: ":")) {
            guard let s = number(maxDigits: 2), s.digits == 2, s.value <= 60 else { return nil }
            ms += Int64(s.value * 1000)
            if i + 1 < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ","), isDigit(at: i + 1) {
                i += 1
                var fraction = 0, n = 0
                while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                    if n < 3 { fraction = fraction * 10 + Int(bytes[i] &- 48) }
                    n += 1
                    i += 1
                }
                for _ in n..<max(n, 3) { fraction *= 10 }
                ms += Int64(fraction)
            }
        }
        let beforeMarker = i
        skipBlanks()
        if let pm = meridiem() {
            guard hour >= 1, hour <= 12 else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        } else {
            i = beforeMarker
            guard hour < 24 else { return nil }
        }
        return ms + Int64(hour) * 3_600_000
    }

    /// `am`, `pm`, `a`, `p`, `a.m.`, `p.m.` in any case, consumed: whether it is pm.
    mutating func meridiem() -> Bool? {
        guard i < end else { return nil }
        let first = bytes[i] | 0x20
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "p") else { return nil }
        var k = i + 1
        if k < end, bytes[k] == UInt8(ascii: ".") { k += 1 }
        if k < end, bytes[k] | 0x20 == UInt8(ascii: "m") {
            k += 1
            if k < end, bytes[k] == UInt8(ascii: ".") { k += 1 }
        }
        guard !isLetter(at: k) else { return nil }
        i = k
        return first == UInt8(ascii: "p")
    }

    /// A zone: `Z`, `±HH[:MM]`, `±HHMM`, `UTC`/`GMT`/`UT` optionally followed by an offset, or an
    /// RFC 2822 US zone name, consumed: its offset from UTC in milliseconds.
    mutating func zone() -> Int64? {
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { return offset() }
        let (start, count) = word()
        guard count > 0, let hours = DateWords.zoneHours(bytes, start, count) else { return nil }
        if hours == 0, count > 1, i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { return offset() }
        return Int64(hours) * 3_600_000
    }

    /// `±HH`, `±HHMM` or `±HH:MM`, consumed: milliseconds.
    mutating func offset() -> Int64? {
        guard i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        i += 1
        guard let n = number(maxDigits: 4) else {
            i = start
            return nil
        }
        var hours = n.value, minutes = 0
        switch n.digits {
        case 1, 2:
            if skip(UInt8(ascii: ":")) {
                guard let m = number(maxDigits: 2), m.digits == 2 else { return nil }
                minutes = m.value
            }
        case 4: (hours, minutes) = (n.value / 100, n.value % 100)
        default: return nil
        }
        guard hours < 24, minutes < 60 else { return nil }
        let ms = Int64(hours * 3_600_000 + minutes * 60_000)
        return negative ? -ms : ms
    }
}

/// English month and weekday names, and the zone names the readers know.
enum DateWords {
    static let months: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ].map { Array($0.utf8) }
    static let weekdays: [[UInt8]] = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ].map { Array($0.utf8) }

    /// The index of the name in `names` that the `count` letters at `start` spell in full or
    /// abbreviate (3 letters or more), in any case.
    static func match(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int, _ names: [[UInt8]]) -> Int? {
        guard count >= 3 else { return nil }
        outer: for (index, name) in names.enumerated() where count <= name.count {
            for k in 0..<count where bytes[start + k] | 0x20 != name[k] { continue outer }
            return index
        }
        return nil
    }

    /// The offset in hours of a zone name: `Z`, `UT`, `UTC`, `GMT`, and RFC 2822's US zones.
    static func zoneHours(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        guard count <= 3 else { return nil }
        var w: UInt32 = 0
        for k in 0..<count { w = w << 8 | UInt32(bytes[start + k] | 0x20) }
        switch w {
        case 0x7A, 0x75_74, 0x75_74_63, 0x67_6D_74: return 0  // z ut utc gmt
        case 0x65_73_74: return -5  // est
        case 0x65_64_74: return -4  // edt
        case 0x63_73_74: return -6  // cst
        case 0x63_64_74: return -5  // cdt
        case 0x6D_73_74: return -7  // mst
        case 0x6D_64_74: return -6  // mdt
        case 0x70_73_74: return -8  // pst
        case 0x70_64_74: return -7  // pdt
        default: return nil
        }
    }
}
