import Testing
import TestSupport
@testable import DataTableKit

/// Numbers as people write them (`ValueParsing.decimal`, `integer` and the exact keys of
/// `number`), with each column's decimal separator.
@Suite struct NumberReadingTests {
    static let comma = ValueFormat(decimalSeparator: UInt8(ascii: ","))

    /// (text, decimal comma?, value written as a plain decimal literal by hand).
    static let written: [(String, Bool, Double)] = [
        ("39,1", true, 39.1),
        ("-24,69454", true, -24.69454),
        ("1.234,5", true, 1234.5),
        ("1.234.567,89", true, 1234567.89),
        ("1 234,5", true, 1234.5),
        ("1\u{00A0}234,5", true, 1234.5),
        ("1\u{202F}234,5", true, 1234.5),
        ("12,95 €", true, 12.95),
        ("12,95\u{00A0}€", true, 12.95),
        ("€12", true, 12),
        ("-12,5 %", true, -12.5),
        ("1,234.5", false, 1234.5),
        ("1 234.5", false, 1234.5),
        ("1'234.5", false, 1234.5),
        ("1\u{2019}234.5", false, 1234.5),
        ("$12.95", false, 12.95),
        ("-$5", false, -5),
        ("$-5", false, -5),
        ("+$5", false, 5),
        ("$ 1,234.50", false, 1234.5),
        ("£3", false, 3),
        ("¥1,000", false, 1000),
        ("₹ 99.5", false, 99.5),
        ("US$ 7", false, 7),
        ("R$10,5", true, 10.5),
        ("USD 5", false, 5),
        ("5 EUR", false, 5),
        ("-5EUR", false, -5),
        ("12.5%", false, 12.5),
        ("12.5 %", false, 12.5),
        ("-0.25%", false, -0.25),
        ("(1,234.00)", false, -1234),
        ("($5)", false, -5),
        ("$(5)", false, -5),
        ("( 12.5 )", false, -12.5),
        ("(1.234,00)", true, -1234),
        ("+12", false, 12),
        ("+1.5e3", false, 1500),
        ("−7", false, -7),
        (" 42 ", false, 42),
    ]

    @Test func readsNumbersAsWritten() {
        for (text, comma, expected) in Self.written {
            #expect(ValueParsing.decimal(text, format: comma ? Self.comma : .standard) == expected, "\(text)")
        }
    }

    @Test func integersAsWritten() {
        #expect(ValueParsing.integer("$1,234") == 1234)
        #expect(ValueParsing.integer("(1,234)") == -1234)
        #expect(ValueParsing.integer("1 234 567") == 1_234_567)
        #expect(ValueParsing.integer("1.234", format: Self.comma) == 1234)
        #expect(ValueParsing.integer("5 EUR") == 5)
        #expect(ValueParsing.integer("-$9223372036854775808") == Int.min)
        #expect(ValueParsing.integer("$9223372036854775808") == nil)
        #expect(ValueParsing.integer("$1.5") == nil)
        #expect(ValueParsing.integer("1,5", format: Self.comma) == nil)
        #expect(ValueParsing.integer("1e3 EUR") == nil)
    }

    /// With a decimal comma, `1,234` is one point two three four and `1.234` is grouped.
    @Test func theDecimalSeparatorDecidesWhatGroups() {
        #expect(ValueParsing.decimal("1,234", format: Self.comma) == 1.234)
        #expect(ValueParsing.decimal("1.234", format: Self.comma) == 1234)
        #expect(ValueParsing.decimal("1,234") == 1234)
        #expect(ValueParsing.decimal("1.234") == 1.234)
        #expect(ValueParsing.decimal("39,1") == nil)
        #expect(ValueParsing.decimal("12.5", format: Self.comma) == nil)
    }

    @Test func rejectsAmbiguousOrBrokenNumbers() {
        let rejected: [(String, Bool)] = [
            ("1,2,3", false), ("12.34.56", false), ("1,23", false), ("1,2345", false), ("1,234,56", false),
            ("$", false), ("%", false), ("-", false), ("+", false), ("()", false), ("(5", false), ("5)", false),
            ("(-5)", false), ("$5%", false), ("5$5", false), ("$$5", false), ("5 5", false), ("12 34", false),
            ("1,234 567", false), ("1 234,567.8", false), ("ABC 5", false), ("USD", false), ("5 USDX", false),
            ("--5", false), ("5-", false), ("1.2.3", true), ("1,2,3", true), ("1.23,4", true), ("1e", false),
            ("e5", false), ("nan", false), ("inf", false), ("12%%", false), ("% 12", false),
        ]
        for (text, comma) in rejected {
            #expect(ValueParsing.decimal(text, format: comma ? Self.comma : .standard) == nil, "\(text)")
        }
    }

    /// The exact (fixed-point) key is kept through currency, grouping and decimal commas.
    @Test func writtenNumbersKeepExactKeys() {
        func fixed(_ text: String, _ format: ValueFormat = .standard) -> (Int64, UInt8)? {
            ValueParsing.withBytes(text) { ValueParsing.number($0, format: format)?.fixedPoint() }
        }
        #expect(fixed("$1,234.50")! == (123_450 / 10, 1))
        #expect(fixed("(0,10 €)", Self.comma)! == (-1, 1))
        #expect(fixed("12.5%")! == (125, 1))
        #expect(fixed("1.234.567,891", Self.comma)! == (1_234_567_891, 3))
        // Over 19 significant digits still compare as the nearest Double.
        #expect(ValueParsing.decimal("$1,234,567,890,123,456,789,012.5") == 1_234_567_890_123_456_789_012.5)
        #expect(ValueParsing.decimal("1.234.567.890.123.456.789.012,5 €", format: Self.comma)
                == 1_234_567_890_123_456_789_012.5)
    }

    /// Random amounts written with grouping, currency, signs, percent or parentheses and either
    /// separator read back as the amount, and their keys sort as the amounts do.
    @Test(arguments: [1, 2, 3, 4])
    func randomAmountsRoundTripAndKeepOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        for comma in [false, true] {
            let format = comma ? Self.comma : .standard
            var cents: [Int] = [], texts: [String] = []
            for _ in 0..<600 {
                let magnitude = [10, 1000, 1_000_000, 100_000_000_000][next(4)]
                let value = next(2 * magnitude) - magnitude
                let text = Self.write(value, comma: comma, style: next(9), grouping: next(5))
                let expected = Double("\(value < 0 ? "-" : "")\(abs(value) / 100).\(Self.two(abs(value) % 100))")!
                #expect(ValueParsing.decimal(text, format: format) == expected, "\(text)")
                cents.append(value)
                texts.append(text)
            }
            let keys = SortKeyColumn.extract(kind: .decimal, count: texts.count, format: format) { texts[$0] }
            #expect(keys.nullCount == 0)
            let order = RowSorter.sort((0..<UInt32(texts.count)).map { $0 }, by: [(keys, ascending: true)])!
            #expect(order.map { cents[Int($0)] } == cents.sorted())
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `cents / 100` written by the test: grouping 0 none, 1 the other separator, 2 space,
    /// 3 no-break space, 4 apostrophe; style 0 plain, 1 `$` before, 2 `€` after, 3 code
    /// before, 4 code after, 5 percent, 6 accounting, 7 leading `+` on positives, 8 `-$`.
    static func write(_ cents: Int, comma: Bool, style: Int, grouping: Int) -> String {
        let whole = String(abs(cents) / 100)
        let separator = ["", comma ? "." : ",", " ", "\u{00A0}", "'"][grouping]
        var digits = ""
        for (k, c) in whole.enumerated() {
            if k > 0, (whole.count - k) % 3 == 0 { digits += separator }
            digits.append(c)
        }
        let body = digits + (comma ? "," : ".") + two(abs(cents) % 100)
        let minus = cents < 0 ? "-" : ""
        switch style {
        case 1: return "\(minus)$\(body)"
        case 2: return "\(minus)\(body) €"
        case 3: return "USD \(minus)\(body)"
        case 4: return "\(minus)\(body) EUR"
        case 5: return "\(minus)\(body)%"
        case 6: return cents < 0 ? "(\(body))" : body
        case 7: return cents < 0 ? "-\(body)" : "+\(body)"
        case 8: return "\(minus)$\(body)"
        default: return minus + body
        }
    }
}
