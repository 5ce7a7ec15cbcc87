import Testing
@testable import DataTableKit

/// The `|` prompt's syntax (`ColumnFilter.init(typed:column:isRegex:)`) and the status line's
/// summary of each predicate.
@Suite struct ColumnFilterParsingTests {
    func parsed(_ text: String, regex: Bool = false) -> ColumnFilter.Predicate? {
        ColumnFilter(typed: text, column: 2, isRegex: regex)?.predicate
    }

    @Test func comparisonsTakeTheLongestOperatorAndDropBlanksAroundTheOperand() {
        #expect(parsed(">30") == .comparison(.greater, "30"))
        #expect(parsed(">=30") == .comparison(.greaterOrEqual, "30"))
        #expect(parsed("<2020-01-01") == .comparison(.less, "2020-01-01"))
        #expect(parsed("<=2020-01-01") == .comparison(.lessOrEqual, "2020-01-01"))
        #expect(parsed("=active") == .comparison(.equal, "active"))
        #expect(parsed("==active") == .comparison(.equal, "active"))
        #expect(parsed("!=x") == .comparison(.notEqual, "x"))
        #expect(parsed("  >  1 234,5 ") == .comparison(.greater, "1 234,5"))
        #expect(parsed("= New York") == .comparison(.equal, "New York"))
        // `=` alone: the null fields; `!=` alone: the others.
        #expect(parsed("=") == .comparison(.equal, ""))
        #expect(parsed("!=") == .comparison(.notEqual, ""))
        #expect(ColumnFilter(typed: ">30", column: 7, isRegex: false)?.column == 7)
    }

    @Test func rangesHaveOneOrTwoBoundsAndAnExclusiveForm() {
        #expect(parsed("10..20") == .range(lower: "10", upper: "20", includesUpper: true))
        #expect(parsed("10..<20") == .range(lower: "10", upper: "20", includesUpper: false))
        #expect(parsed("2020-01-01..2020-06-30") == .range(lower: "2020-01-01", upper: "2020-06-30"))
        #expect(parsed("1.5..2.5") == .range(lower: "1.5", upper: "2.5"))
        #expect(parsed("-5..5") == .range(lower: "-5", upper: "5"))
        #expect(parsed("10..") == .range(lower: "10", upper: nil))
        #expect(parsed("..20") == .range(lower: nil, upper: "20"))
        #expect(parsed(" a .. f ") == .range(lower: "a", upper: "f"))
        // Two dots with nothing around them are text to look for.
        #expect(parsed("..") == .substring(".."))
    }

    @Test func plainTextIsASubstringAsTypedAndTildeEscapesTheOperators() {
        #expect(parsed("paris") == .substring("paris"))
        #expect(parsed(" two words ") == .substring(" two words "))
        #expect(parsed("~>30") == .substring(">30"))
        #expect(parsed("~1..2") == .substring("1..2"))
        #expect(parsed("~=") == .substring("="))
        #expect(parsed("~") == nil)
        #expect(parsed("") == nil)
    }

    @Test func regexModeTakesTheWholeText() {
        #expect(parsed(">30", regex: true) == .regex(">30"))
        #expect(parsed("^P.*s$", regex: true) == .regex("^P.*s$"))
        #expect(parsed("", regex: true) == nil)
    }

    @Test func summariesAreCompact() {
        func summary(_ predicate: ColumnFilter.Predicate) -> String { ColumnFilter(column: 0, predicate: predicate).summary() }
        #expect(summary(.comparison(.greater, "30")) == ">30")
        #expect(summary(.comparison(.notEqual, "x")) == "!=x")
        #expect(summary(.substring("par")) == "~par")
        #expect(summary(.regex("^P")) == "~/^P/")
        #expect(summary(.range(lower: "10", upper: "20")) == " 10..20")
        #expect(summary(.range(lower: "10", upper: "20", includesUpper: false)) == " 10..<20")
        #expect(summary(.range(lower: nil, upper: "20")) == " ..20")
        #expect(summary(.equalsAny(["Paris"])) == "=Paris")
        #expect(summary(.equalsAny(["Paris", "Lyon"])) == " in {Lyon, Paris}")
        #expect(summary(.equalsAny([""])) == "=\"\"")
        #expect(summary(.equalsAny(["", "x"])) == " in {\"\", x}")
        #expect(summary(.equalsAny(["a", "b", "c", "d", "e"])) == " in {a, b, c, +2}")
        #expect(summary(.equalsAny([], includesNull: true)) == "=")
        #expect(summary(.equalsAny(["late"], includesNull: true)) == " in {(null), late}")
        #expect(summary(.equalsAny(["a", "b", "c"], includesNull: true)) == " in {(null), a, b, +1}")
        #expect(ColumnFilter(column: 0, predicate: .substring(String(repeating: "x", count: 40))).summary(limit: 10)
                == "~xxxxxxxxx…")
    }

    @Test func operandsAColumnCannotReadAreRefusedWithAMessage() throws {
        #expect(throws: ColumnFilterError(message: "not a number: abc")) {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: .comparison(.greater, "abc")), kind: .decimal)
        }
        #expect(throws: ColumnFilterError(message: "not a date: soon")) {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: .range(lower: "2020-01-01", upper: "soon")), kind: .dateTime)
        }
        #expect(throws: ColumnFilterError(message: "nothing to compare with after >")) {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: .comparison(.greater, "")), kind: .text)
        }
        #expect(throws: ColumnFilterError.self) {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: .regex("(")), kind: .text)
        }
        // `=` and `!=` with text a number column cannot read compare as text (the strays).
        let strays = try ColumnFilterTest(ColumnFilter(column: 0, predicate: .comparison(.equal, "n/k")), kind: .decimal)
        #expect(strays.matches("n/k") && !strays.matches("5") && !strays.matches(""))
    }

    @Test func nullsPassOnlyNotEqualAndTheEmptyEquality() throws {
        func test(_ predicate: ColumnFilter.Predicate, _ kind: SortKeyKind) throws -> ColumnFilterTest {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: predicate), kind: kind)
        }
        for null in ["", "NA", "-", "  "] {
            #expect(!(try test(.comparison(.greater, "0"), .decimal).matches(null)))
            #expect(!(try test(.comparison(.equal, "0"), .decimal).matches(null)))
            #expect(try test(.comparison(.notEqual, "0"), .decimal).matches(null))
            #expect(!(try test(.range(lower: nil, upper: "5"), .decimal).matches(null)))
            #expect(try test(.comparison(.equal, ""), .decimal).matches(null))
            #expect(!(try test(.comparison(.notEqual, ""), .decimal).matches(null)))
        }
        // In text columns `-` and blanks are values; the empty field and NA are null.
        #expect(try test(.comparison(.less, "a"), .text).matches("-"))
        #expect(!(try test(.comparison(.less, "a"), .text).matches("")))
        #expect(!(try test(.comparison(.less, "z"), .text).matches("NA")))
        #expect(try test(.comparison(.notEqual, "a"), .text).matches(""))
    }

    @Test func aDateWithoutATimeStandsForItsWholeDay() throws {
        func keeps(_ predicate: ColumnFilter.Predicate, _ field: String) throws -> Bool {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: predicate), kind: .dateTime).matches(field)
        }
        #expect(try keeps(.comparison(.lessOrEqual, "2020-01-01"), "2020-01-01 23:59"))
        #expect(!(try keeps(.comparison(.lessOrEqual, "2020-01-01"), "2020-01-02")))
        #expect(!(try keeps(.comparison(.greater, "2020-01-01"), "2020-01-01 10:00")))
        #expect(try keeps(.comparison(.greater, "2020-01-01"), "2020-01-02"))
        #expect(try keeps(.comparison(.equal, "2020-01-01"), "2020-01-01T10:00:00Z"))
        #expect(!(try keeps(.comparison(.less, "2020-01-01"), "2020-01-01 00:00")))
        #expect(try keeps(.comparison(.greaterOrEqual, "2020-01-01"), "2020-01-01 00:00"))
        // With a time, the instant.
        #expect(!(try keeps(.comparison(.lessOrEqual, "2020-01-01 12:00"), "2020-01-01 12:01")))
        #expect(try keeps(.range(lower: "2020-01-01", upper: "2020-01-31"), "2020-01-31 18:00"))
        #expect(!(try keeps(.range(lower: "2020-01-01", upper: "2020-02-01", includesUpper: false), "2020-02-01")))
    }

    @Test func textComparesByTheSortCollationAndEqualsExactly() throws {
        func keeps(_ predicate: ColumnFilter.Predicate, _ field: String) throws -> Bool {
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: predicate), kind: .text).matches(field)
        }
        #expect(try keeps(.comparison(.greater, "apple"), "Banana"))  // case folded first
        #expect(try keeps(.comparison(.less, "apple"), "Apple"))  // then upper case first
        #expect(try keeps(.comparison(.greater, "item1"), "item10"))
        #expect(!(try keeps(.comparison(.greater, "item2"), "item10")))
        #expect(try keeps(.comparison(.equal, "Paris"), "Paris"))
        #expect(!(try keeps(.comparison(.equal, "paris"), "Paris")))
        #expect(try keeps(.range(lower: "b", upper: "d"), "Cat"))
        #expect(try keeps(.equalsAny(["Paris", "Lyon"]), "Lyon"))
        #expect(!(try keeps(.equalsAny(["Paris", "Lyon"]), "Lyons")))
        #expect(try keeps(.equalsAny([""]), ""))
    }

    @Test func equalsAnyWithNullsKeepsTheNullsOfTheColumnsKind() throws {
        func keeps(_ kind: SortKeyKind, _ field: String) throws -> Bool {
            try ColumnFilterTest(.equalsAny(["7"], includesNull: true, column: 0), kind: kind).matches(field)
        }
        // A number column: blank fields and the numeric null tokens are null.
        for field in ["", "   ", "NA", "NaN", "null", "-", "7"] { #expect(try keeps(.integer, field), "\(field)") }
        #expect(!(try keeps(.integer, "8")))
        // A text column: a blank field is a value, the empty one is null.
        #expect(try keeps(.text, ""))
        #expect(!(try keeps(.text, "   ")))
        #expect(try keeps(.text, "NaN"))
        #expect(!(try keeps(.text, "-")))
        // Without nulls, only the values.
        #expect(!(try ColumnFilterTest(.equalsAny(["7"], column: 0), kind: .integer).matches("")))
    }
}
