import Testing
import TestSupport
@testable import DataTableKit

/// The null tokens and the thresholds of kind inference.
@Suite struct NullTokensTests {
    @Test func theDefaultSetIsWhatRPandasAndExcelWrite() {
        let tokens = NullTokens.standard
        for token in ["", "NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A", " NA ", "\tNULL"] {
            #expect(tokens.isNull(token, numeric: false), "\(token)")
        }
        for value in ["na", "Na", "NAN", "none", "N", "NA1", "0", "Nancy", "#N/A!", "n/a/", "-1", "--"] {
            #expect(!tokens.isNull(value, numeric: false), "\(value)")
            #expect(!tokens.isNull(value, numeric: true), "\(value)")
        }
    }

    @Test func dashIsNullOnlyInNumericColumns() {
        #expect(NullTokens.standard.isNull("-", numeric: true))
        #expect(!NullTokens.standard.isNull("-", numeric: false))
        #expect(NullTokens.standard.isNull(" - ", numeric: true))
    }

    @Test func blankIsNullExceptWhereTextAsks() {
        #expect(NullTokens.standard.isNull("   ", numeric: false))
        #expect(!NullTokens.standard.isNull("   ", numeric: false, blankIsNull: false))
        #expect(NullTokens.standard.isNull("", numeric: false, blankIsNull: false))
    }

    @Test func aUserListReplacesTheSetAndEmptyStaysNull() {
        let tokens = NullTokens(["n/k", "-", "?"])
        #expect(tokens.isNull("n/k", numeric: false))
        #expect(tokens.isNull("-", numeric: false))  // given by the user: null everywhere
        #expect(tokens.isNull("", numeric: false))
        #expect(!tokens.isNull("NA", numeric: true))
        #expect(!tokens.isNull("NULL", numeric: false))
        let onlyEmpty = NullTokens([""])
        #expect(onlyEmpty == .emptyOnly)
        #expect(onlyEmpty.isNull("", numeric: true))
        #expect(!onlyEmpty.isNull("NA", numeric: true))
        #expect(!onlyEmpty.isNull("-", numeric: true))
    }

    @Test func longAndNonASCIITokens() {
        let long = String(repeating: "x", count: 100)
        let tokens = NullTokens([long, "—", "без данных"])
        #expect(tokens.isNull(long, numeric: false))
        #expect(!tokens.isNull(String(repeating: "x", count: 101), numeric: false))
        #expect(!tokens.isNull(String(repeating: "x", count: 63), numeric: false))
        #expect(tokens.isNull("—", numeric: false))
        #expect(tokens.isNull("без данных", numeric: false))
    }

    /// Property: the byte matcher agrees with a plain set lookup on random fields.
    @Test func agreesWithASetLookupOnRandomFields() {
        var random = SplitMix64(seed: 11)
        let pieces = ["N", "A", "/", "n", "a", "#", "-", " ", "U", "L", "x", "1", "None", "NaN", "NULL"]
        let set: Set<String> = ["NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A"]
        for _ in 0..<20_000 {
            var field = ""
            for _ in 0..<Int(random.next() % 4) { field += pieces[Int(random.next() % UInt64(pieces.count))] }
            let trimmed = String(field.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
            for numeric in [false, true] {
                let expected = trimmed.isEmpty || set.contains(trimmed) || (numeric && trimmed == "-")
                #expect(NullTokens.standard.isNull(field, numeric: numeric) == expected, "\(field) numeric: \(numeric)")
            }
        }
    }

    // MARK: Inference

    @Test func nullsDoNotDecideTheKind() {
        #expect(ColumnKindInference.kind(of: Array(repeating: "NA", count: 250) + ["3", "12", "7"]) == .integer)
        #expect(ColumnKindInference.kind(of: ["NaN", "", "1.5", "nan", "2"]) == .decimal)
        #expect(ColumnKindInference.kind(of: ["NA", "NULL", ""]) == .text)
        #expect(ColumnKindInference.kind(of: ["2024-01-01", "NA", "2024-02-01"]) == .dateTime)
    }

    @Test func dashCountsAsNullOnlyWhereTheRestIsNumeric() {
        #expect(ColumnKindInference.kind(of: ["1", "-", "3", "-"]) == .integer)
        #expect(ColumnKindInference.kind(of: ["a", "-", "b"]) == .text)
        #expect(ColumnKindInference.kind(of: ["-", "-"]) == .text)
    }

    /// A kind tolerates strays when it reads >= 95% of the values and at least 20 of them.
    @Test func strayThresholds() {
        func column(_ numbers: Int, _ strays: Int) -> [String] {
            (0..<numbers).map { String($0) } + Array(repeating: "n/k", count: strays)
        }
        #expect(ColumnKindInference.kind(of: column(19, 1)) == .text)  // 95%, but only 19 read
        #expect(ColumnKindInference.kind(of: column(20, 1)) == .integer)  // 95.2%, 20 read
        #expect(ColumnKindInference.kind(of: column(38, 2)) == .integer)  // exactly 95%
        #expect(ColumnKindInference.kind(of: column(37, 3)) == .text)  // 92.5%
        #expect(ColumnKindInference.kind(of: column(3, 0)) == .integer)  // all read: no minimum
        #expect(ColumnKindInference.kind(of: column(1000, 50)) == .integer)
        #expect(ColumnKindInference.kind(of: column(1000, 53)) == .text)
        #expect(ColumnKindInference.kind(of: column(96, 0) + ["1.5", "2.5", "3.5", "4.5"]) == .decimal)
    }

    /// Property: the rule is exactly "all, or >= 95% and >= 20" for random mixes.
    @Test func thresholdRuleOnRandomMixes() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let numbers = Int(random.next() % 60), strays = Int(random.next() % 5), nulls = Int(random.next() % 5)
            var values = (0..<numbers).map { String($0 * 3) } + Array(repeating: "x", count: strays)
                + Array(repeating: "NA", count: nulls)
            values.shuffle(using: &random)
            let total = numbers + strays
            let expected: SortKeyKind = numbers > 0 && (strays == 0 || (numbers >= 20 && Double(numbers) >= 0.95 * Double(total)))
                ? .integer : .text
            #expect(ColumnKindInference.kind(of: values) == expected, "\(numbers) numbers, \(strays) strays")
        }
    }

    @Test func sampleRowsSpreadEvenlyToTheLastRow() {
        let rows = ColumnKindSampler.sampleRows(count: 10_000_000, sampleSize: 4096)
        #expect(rows.count == 4096)
        #expect(rows.first == 0 && rows.last == 9_999_999)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $1 - $0 >= 2441 && $1 - $0 <= 2443 })
        #expect(ColumnKindSampler.sampleRows(count: 100, sampleSize: 4096) == Array(0..<100))
    }
}
