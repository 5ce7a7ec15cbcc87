import Testing
import TestSupport
@testable import DataTableKit

/// Dates and times as people write them (`ValueParsing.dateTime` beyond ISO 8601). Expected
/// values are epoch milliseconds computed independently (Python's `datetime` with explicit
/// zones) and written here by hand.
@Suite struct DateReadingTests {
    static let written: [(String, Bool, Int64)] = [
        ("7/3/2018", false, 1530576000000),
        ("7/10/2018", false, 1531180800000),
        ("7/3/2018", true, 1520380800000),
        ("07/03/18", false, 1530576000000),
        ("12/31/69", false, -86400000),
        ("1/1/68", false, 3092601600000),
        ("11.11.2007", false, 1194739200000),
        ("3.7.2018", false, 1530576000000),
        ("31.12.99", false, 946598400000),
        ("03-07-2018", true, 1530576000000),
        ("2018/07/03", false, 1530576000000),
        ("2018/7/3", false, 1530576000000),
        ("2018.07.03", false, 1530576000000),
        ("2024-1-5", false, 1704412800000),
        ("Jan 1 2000", false, 946684800000),
        ("jan 1 2000", false, 946684800000),
        ("Jan. 1, 2000", false, 946684800000),
        ("January 1, 2000", false, 946684800000),
        ("September 30, 1999", false, 938649600000),
        ("Sept 30 1999", false, 938649600000),
        ("Jan 1st, 2000", false, 946684800000),
        ("March 22nd 2021", false, 1616371200000),
        ("1 Jan 2000", false, 946684800000),
        ("1 January 2000", false, 946684800000),
        ("01-Jan-2000", false, 946684800000),
        ("01-JAN-00", false, 946684800000),
        ("15-Aug-1947", false, -706320000000),
        ("Jan 2000", false, 946684800000),
        ("Jan-2000", false, 946684800000),
        ("Dec-2000", false, 975628800000),
        ("7/3/2018 1:47 PM", false, 1530625620000),
        ("7/3/2018 1:47PM", false, 1530625620000),
        ("7/3/2018 12:05 AM", false, 1530576300000),
        ("7/3/2018 12:05 pm", false, 1530619500000),
        ("7/3/2018 1:47p", false, 1530625620000),
        ("7/3/2018 1:47a", false, 1530582420000),
        ("7/3/2018 1:47 p.m.", false, 1530625620000),
        ("7/3/2018 1:47:09 PM", false, 1530625629000),
        ("7/3/2018 13:47", false, 1530625620000),
        ("7/3/2018, 1:47 PM", false, 1530625620000),
        ("11.11.2007 14:30", false, 1194791400000),
        ("11.11.2007 14:30:15,250", false, 1194791415250),
        ("Jan 1, 2000 9:05 AM", false, 946717500000),
        ("Tue, 21 Nov 2026 08:52:13 +0000", false, 1795251133000),
        ("Tue, 21 Nov 2026 08:52:13 GMT", false, 1795251133000),
        ("Tue, 21 Nov 2026 08:52:13 +0000 (UTC)", false, 1795251133000),
        ("Sat, 21 Nov 2026 08:52:13 -0500", false, 1795269133000),
        ("21 Nov 2026 08:52 +0530", false, 1795231320000),
        ("Thu, 01 Jan 1970 00:00:00 EST", false, 18000000),
        ("Mon, 15 Jun 2020 10:00:00 PDT", false, 1592240400000),
        ("Tue Nov 21 08:52:13 UTC 2026", false, 1795251133000),
        ("Tue Nov 21 08:52:13 2026", false, 1795251133000),
        ("Wednesday, March 4, 2015", false, 1425427200000),
        ("2024-01-05 7:05 PM", false, 1704481500000),
        ("2024-01-05 10:00:00 +01:00", false, 1704445200000),
        ("2024-01-05T10:00:00 UTC", false, 1704448800000),
        ("2024-01-05 10:00 GMT+2", false, 1704441600000),
        ("2/29/2024", false, 1709164800000),
        ("29.02.2000", false, 951782400000),
    ]

    @Test func readsDatesAsWritten() {
        for (text, dayFirst, expected) in Self.written {
            #expect(ValueParsing.dateTime(text, format: ValueFormat(dayFirst: dayFirst)) == expected,
                    "\(text) (day first: \(dayFirst))")
        }
    }

    /// Impossible dates and times, and text that only looks like a date, are not dates.
    @Test func rejectsImpossibleAndAmbiguousDates() {
        let rejected = [
            "2/30/2020", "2/29/2023", "13/1/2020", "0/1/2020", "1/0/2020", "31.04.2020", "32.1.2020",
            "7/3/218", "7/3", "7/3/2018/1", "7/3-2018", "7.3/2018", "1.5", "12.34.56", "2024",
            "Foo 1 2000", "Ja 1 2000", "Jan 32 2000", "Feb 30, 2000", "Jan 1", "1 Jan", "Jan",
            "7/3/2018 13:47 PM", "7/3/2018 0:30 AM", "7/3/2018 24:00", "7/3/2018 1:60", "7/3/2018 1:5",
            "7/3/2018 1:47 PMX", "7/3/2018 1:47 XYZ", "7/3/2018 1:47 +25:00", "7/3/2018 1:47 GMT+123",
            "Tue, 31 Nov 2026 08:52:13 +0000", "Tue, 21 Nov 2026 08:52:13 (UTC)", "Tue, 21 Nov 2026 08:52:13 +0000 (UTC", "Tue Nov 31 08:52:13 2026", "Nov 21 08:52:13",
            "1:47 PM", "yesterday", "tuesday", "2024-01-05T", "2024-01-05 T", "2024-01-05 10:00 foo",
        ]
        for text in rejected {
            #expect(ValueParsing.dateTime(text) == nil, "\(text)")
        }
        // Day first makes 13/1/2020 a date and 1/13/2020 not one.
        #expect(ValueParsing.dateTime("13/1/2020", format: ValueFormat(dayFirst: true)) == 1578873600000)
        #expect(ValueParsing.dateTime("1/13/2020", format: ValueFormat(dayFirst: true)) == nil)
    }

    static let patterns: [(String, String, Int64)] = [
        ("%d.%m.%Y %H:%M", "11.11.2007 14:30", 1194791400000),
        ("%Y%m%d", "20240105", 1704412800000),
        ("%d/%m/%y", "03/07/18", 1530576000000),
        ("%m/%d/%Y %I:%M %p", "07/03/2018 01:47 PM", 1530625620000),
        ("%m/%d/%Y %I:%M %p", "7/3/2018 12:00 am", 1530576000000),
        ("%b %d %Y", "Jan 05 2000", 947030400000),
        ("%B %e, %Y", "March  4, 2015", 1425427200000),
        ("%a, %d %b %Y %T %z", "Tue, 21 Nov 2026 08:52:13 +0100", 1795247533000),
        ("%Y-%j", "2024-060", 1709164800000),
        ("%Y-%j", "2023-365", 1703980800000),
        ("%F %T.%f", "2024-01-05 10:00:00.123456", 1704448800123),
        ("%H:%M", "23:59", 86340000),
        ("%D", "12/31/99", 946598400000),
        ("%Y-%m-%dT%H:%M:%S%z", "2024-01-05T10:00:00Z", 1704448800000),
        ("%Y-%m-%dT%H:%M:%S%z", "2024-01-05T10:00:00-05:30", 1704468600000),
        ("%d %b %Y %H:%M %Z", "05 Jan 2024 10:00 EST", 1704466800000),
        ("%%%Y", "%2024", 1704067200000),
        ("%Y年%m月%d日", "2024年01月05日", 1704412800000),
    ]

    @Test func readsExplicitPatterns() {
        for (pattern, text, expected) in Self.patterns {
            let format = ValueFormat(datePattern: pattern)
            #expect(format.pattern?.problem == nil, "\(pattern)")
            #expect(ValueParsing.dateTime(text, format: format) == expected, "\(text) with \(pattern)")
        }
    }

    /// A pattern reads only what it describes: no ISO fallback, no partial matches, no
    /// impossible dates.
    @Test func patternsAreStrict() {
        let dmy = ValueFormat(datePattern: "%d.%m.%Y")
        for text in ["2024-01-05", "11.11.2007 14:30", "31.02.2020", "11.11.07", "1.1.", "11/11/2007"] {
            #expect(ValueParsing.dateTime(text, format: dmy) == nil, "\(text)")
        }
        #expect(ValueParsing.dateTime("2023-366", format: ValueFormat(datePattern: "%Y-%j")) == nil)
        #expect(ValueParsing.dateTime("13:00 PM", format: ValueFormat(datePattern: "%I:%M %p")) == nil)
        #expect(ValueParsing.dateTime("13:00", format: ValueFormat(datePattern: "%I:%M")) == nil)
    }

    @Test func badPatternsSayWhy() {
        #expect(DatePattern("%Y-%Q").problem?.contains("%Q") == true)
        #expect(DatePattern("%Y-%").problem?.contains("lone %") == true)
        #expect(DatePattern("").problem != nil)
        #expect(ValueParsing.dateTime("2024-1", format: ValueFormat(datePattern: "%Y-%Q")) == nil)
        // The compiled pattern is what the format holds, and what it compares by.
        var format = ValueFormat()
        format.datePattern = "%d.%m.%Y"
        #expect(format == ValueFormat(datePattern: "%d.%m.%Y"))
        #expect(format.pattern?.source == "%d.%m.%Y")
    }

    /// Random instants written in each style by the test parse back to the same instant.
    @Test(arguments: [1, 2, 3, 4])
    func randomDatesRoundTripThroughEveryStyle(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        for _ in 0..<500 {
            // An instant between 1901 and 2099, whole minutes or seconds.
            let day = next(72_000) - 25_000
            let (y, m, d) = civil(fromDays: day)
            let hour = next(24), minute = next(60), second = next(60)
            let date = Int64(day) * 86_400_000
            let time = Int64(hour * 3_600_000 + minute * 60_000 + second * 1000)
            let h12 = hour % 12 == 0 ? 12 : hour % 12, ampm = hour < 12 ? "AM" : "PM"
            let name = months[m - 1]
            let weekday = days[((day % 7) + 7 + 3) % 7]  // 1970-01-01 was a Thursday
            let styles: [(String, ValueFormat, Int64)] = [
                ("\(y)-\(two(m))-\(two(d))T\(two(hour)):\(two(minute)):\(two(second))Z", .standard, date + time),
                ("\(m)/\(d)/\(y)", .standard, date),
                ("\(d)/\(m)/\(y)", ValueFormat(dayFirst: true), date),
                ("\(two(d)).\(two(m)).\(y) \(two(hour)):\(two(minute))", .standard, date + time - Int64(second * 1000)),
                ("\(m)/\(d)/\(y) \(h12):\(two(minute)):\(two(second)) \(ampm)", .standard, date + time),
                ("\(m)/\(d)/\(y) \(h12):\(two(minute))\(ampm.prefix(1).lowercased())", .standard,
                 date + time - Int64(second * 1000)),
                ("\(name.prefix(3)) \(d) \(y)", .standard, date),
                ("\(name) \(d), \(y)", .standard, date),
                ("\(d) \(name) \(y)", .standard, date),
                ("\(two(d))-\(name.prefix(3).uppercased())-\(y)", .standard, date),
                ("\(weekday), \(two(d)) \(name.prefix(3)) \(y) \(two(hour)):\(two(minute)):\(two(second)) +0000",
                 .standard, date + time),
                ("\(weekday), \(two(d)) \(name.prefix(3)) \(y) \(two(hour)):\(two(minute)):\(two(second)) -0130",
                 .standard, date + time + 5_400_000),
                ("\(y)\(two(m))\(two(d)) \(two(hour))\(two(minute))", ValueFormat(datePattern: "%Y%m%d %H%M"),
                 date + time - Int64(second * 1000)),
            ]
            for (text, format, expected) in styles {
                #expect(ValueParsing.dateTime(text, format: format) == expected, "\(text)")
            }
            if (1969...2068).contains(y) {
                #expect(ValueParsing.dateTime("\(m)/\(d)/\(two(y % 100))") == date, "\(m)/\(d)/\(two(y % 100))")
            }
        }
    }

    /// Keys keep chronological order: sorting written dates orders them as their instants.
    @Test(arguments: [5, 6])
    func keysOfWrittenDatesKeepChronologicalOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let days = (0..<400).map { _ in next(40_000) - 10_000 }
        let texts = days.map { day -> String in
            let (y, m, d) = civil(fromDays: day)
            return "\(months[m - 1]) \(d) \(y)"
        }
        let keys = SortKeyColumn.extract(kind: .dateTime, count: texts.count) { texts[$0] }
        #expect(keys.nullCount == 0)
        let order = RowSorter.sort((0..<UInt32(texts.count)).map { $0 }, by: [(keys, ascending: true)])!
        let sortedDays = order.map { days[Int($0)] }
        #expect(sortedDays == days.sorted())
    }

    /// The issue's cases: month names sort chronologically, not as text; `7/10/2018` comes
    /// after `7/3/2018`.
    @Test func sortsTheIssuesColumnsChronologically() {
        let names = ["Apr 1 2001", "Jan 1 2000", "Apr 1 2000", "Dec 31 1999", "Feb 29 2000", "Jan 15 2000"]
        #expect(sortedTexts(names, .standard) == [
            "Dec 31 1999", "Jan 1 2000", "Jan 15 2000", "Feb 29 2000", "Apr 1 2000", "Apr 1 2001",
        ])
        let slashed = ["7/10/2018", "7/3/2018", "1/12/2018", "7/3/2018 1:47 PM", "7/3/2018 9:05 AM"]
        #expect(sortedTexts(slashed, .standard) == [
            "1/12/2018", "7/3/2018", "7/3/2018 9:05 AM", "7/3/2018 1:47 PM", "7/10/2018",
        ])
        // Day first: 7 March, 7 October, 1 December.
        #expect(sortedTexts(slashed, ValueFormat(dayFirst: true)) == [
            "7/3/2018", "7/3/2018 9:05 AM", "7/3/2018 1:47 PM", "7/10/2018", "1/12/2018",
        ])
    }

    private func sortedTexts(_ texts: [String], _ format: ValueFormat) -> [String] {
        let keys = SortKeyColumn.extract(kind: .dateTime, count: texts.count, format: format) { texts[$0] }
        return RowSorter.sort((0..<UInt32(texts.count)).map { $0 }, by: [(keys, ascending: true)])!.map { texts[Int($0)] }
    }
}

/// Year, month, day of a count of days since 1970-01-01 (H. Hinnant's `civil_from_days`,
/// written again here so the tests do not use the reader's own arithmetic).
func civil(fromDays days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}
