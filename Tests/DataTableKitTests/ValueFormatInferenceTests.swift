import Testing
@testable import DataTableKit

/// `ValueFormat.infer`: the decimal separator and day-first order from a column's values.
@Suite struct ValueFormatInferenceTests {
    let semicolon = UInt8(ascii: ";"), comma = UInt8(ascii: ",")

    @Test func decimalCommaWhenTheValuesSaySo() {
        #expect(ValueFormat.infer(from: ["39,1", "12", "-24,69454"], delimiter: semicolon, locale: nil).decimalSeparator
                == UInt8(ascii: ","))
        #expect(ValueFormat.infer(from: ["1.234,5", "7"], delimiter: semicolon, locale: nil).decimalSeparator
                == UInt8(ascii: ","))
        #expect(ValueFormat.infer(from: ["1.234.567", "2"], delimiter: UInt8(ascii: "\t"), locale: nil).decimalSeparator
                == UInt8(ascii: ","))
        // Never where the comma is the delimiter (a quoted "39,1" there stays text).
        #expect(ValueFormat.infer(from: ["39,1", "-24,69454"], delimiter: comma, locale: nil).decimalSeparator
                == UInt8(ascii: "."))
        // Ambiguous values (`1,234` is 1234 or 1.234) and plain integers keep the point.
        #expect(ValueFormat.infer(from: ["1,234", "5,000", "12"], delimiter: semicolon, locale: nil).decimalSeparator
                == UInt8(ascii: "."))
        // Points say point, and the majority wins over a stray value.
        #expect(ValueFormat.infer(from: ["12.5", "1,234.5", "3.25", "39,1"], delimiter: semicolon, locale: nil)
                    .decimalSeparator == UInt8(ascii: "."))
        #expect(ValueFormat.infer(from: ["1,5", "2,25", "3,125", "4.5"], delimiter: semicolon, locale: nil)
                    .decimalSeparator == UInt8(ascii: ","))
        #expect(ValueFormat.infer(from: ["12,95 €", "(1.234,00)"], delimiter: semicolon, locale: nil).decimalSeparator
                == UInt8(ascii: ","))
    }

    @Test func dayFirstFromTheValues() {
        #expect(ValueFormat.infer(from: ["3/7/2018", "25/12/2018"], delimiter: comma, locale: "en_US.UTF-8").dayFirst)
        #expect(!ValueFormat.infer(from: ["3/7/2018", "12/25/2018"], delimiter: comma, locale: "en_GB.UTF-8").dayFirst)
        #expect(ValueFormat.infer(from: ["13-01-2020 10:00", "1-2-2020"], delimiter: comma, locale: nil).dayFirst)
        #expect(!ValueFormat.infer(from: ["1/13/20 1:47 PM", "1/2/20"], delimiter: comma, locale: "de_DE").dayFirst)
        // Majority of the votes.
        #expect(ValueFormat.infer(from: ["13/1/2020", "14/1/2020", "1/13/2020"], delimiter: comma, locale: nil).dayFirst)
    }

    @Test func ambiguousDatesFollowTheLocale() {
        let ambiguous = ["3/7/2018", "1/2/2019", "Jan 5 2000", "11.11.2007"]
        for (locale, dayFirst) in [
            ("en_US.UTF-8", false), ("C", false), ("POSIX", false), (nil, false), ("", false), ("en", false),
            ("en_GB.UTF-8", true), ("de_DE.UTF-8", true), ("fr_FR", true), ("pt_BR.UTF-8@euro", true),
            ("en_AU.UTF-8", true), ("es_PR.UTF-8", false), ("en_PH", false), ("C.UTF-8", false),
        ] as [(String?, Bool)] {
            #expect(ValueFormat.infer(from: ambiguous, delimiter: comma, locale: locale).dayFirst == dayFirst,
                    "\(locale ?? "nil")")
            #expect(ValueFormat.localeIsDayFirst(locale) == dayFirst, "\(locale ?? "nil")")
        }
    }

    @Test func inferredFormatReadsTheColumn() {
        let values = ["11.11.2007", "3.1.2008", "39,1", "1.234,5"]
        let format = ValueFormat.infer(from: values, delimiter: semicolon, locale: nil)
        #expect(ValueParsing.decimal("39,1", format: format) == 39.1)
        #expect(ValueParsing.decimal("1.234,5", format: format) == 1234.5)
        #expect(ValueParsing.dateTime("3.1.2008", format: format) == 1_199_318_400_000)  // 2008-01-03
    }
}
