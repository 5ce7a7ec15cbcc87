import Testing
import TestSupport
@testable import DataTableKit

/// Keys of `values` (row i = values[i]) as `kind`.
private func column(_ kind: SortKeyKind, _ values: [String]) -> SortKeyColumn {
    SortKeyColumn.extract(kind: kind, count: values.count) { values[$0] }
}

/// Sorts all rows of `values` by one key and returns the values in sorted order.
private func sorted(_ kind: SortKeyKind, _ values: [String], ascending: Bool = true) -> [String] {
    let keys = column(kind, values)
    let order = RowSorter.sort((0..<UInt32(values.count)).map { $0 }, by: [(keys, ascending: ascending)])!
    return order.map { values[Int($0)] }
}

/// Keys of `fields` handed over as raw bytes of one buffer, like slices of a mapped file.
private func extractRaw(_ kind: SortKeyKind, _ fields: [String], csvQuoted: Bool) -> SortKeyColumn {
    var bytes: [UInt8] = []
    var bounds: [Range<Int>] = []
    for field in fields {
        let start = bytes.count
        bytes += field.utf8
        bounds.append(start..<bytes.count)
    }
    return bytes.withUnsafeBytes { buffer in
        SortKeyColumn.extract(kind: kind, count: fields.count, csvQuoted: csvQuoted) {
            UnsafeRawBufferPointer(rebasing: buffer[bounds[$0]])
        }
    }
}

private func allRows(_ n: Int) -> [UInt32] { (0..<UInt32(n)).map { $0 } }

/// The reference order: a plain stable comparison sort over parsed values.
private func referenceOrder(_ rows: [UInt32], _ less: (UInt32, UInt32) -> Bool) -> [UInt32] {
    // Insertion sort via merge of indices: stable by construction (index tie-break).
    let indexed = rows.enumerated().map { ($0.offset, $0.element) }
    return indexed.sorted { a, b in
        if less(a.1, b.1) { return true }
        if less(b.1, a.1) { return false }
        return a.0 < b.0
    }.map { $0.1 }
}

/// The documented text collation: bytes with ASCII letters lower-cased, then raw bytes.
private func collationCompare(_ x: String, _ y: String) -> Int {
    let fold: (UInt8) -> UInt8 = { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
    let fx = x.utf8.map(fold), fy = y.utf8.map(fold)
    if fx != fy { return fx.lexicographicallyPrecedes(fy) ? -1 : 1 }
    let rx = Array(x.utf8), ry = Array(y.utf8)
    if rx != ry { return rx.lexicographicallyPrecedes(ry) ? -1 : 1 }
    return 0
}

/// How many adjacent pairs of `order` break the contract for a text sort of `rows`: out of
/// collation order, a null before a value, or equal values out of their `rows` order.
private func textOrderViolations(_ order: [UInt32], rows: [UInt32], values: [String], ascending: Bool) -> Int {
    guard order.count == rows.count, Set(order) == Set(rows) else { return -1 }
    var position = [Int](repeating: 0, count: values.count)
    for (i, row) in rows.enumerated() { position[Int(row)] = i }
    var violations = 0
    for (a, b) in zip(order, order.dropFirst()) {
        let x = values[Int(a)], y = values[Int(b)]
        let c: Int
        if x.isEmpty || y.isEmpty {
            c = x.isEmpty == y.isEmpty ? 0 : (x.isEmpty ? 1 : -1)
        } else {
            c = ascending ? collationCompare(x, y) : collationCompare(y, x)
        }
        if c > 0 || (c == 0 && position[Int(a)] > position[Int(b)]) { violations += 1 }
    }
    return violations
}


@Suite struct RowSorterTests {
    // MARK: Stability

    @Test func stableWithManyTiesAscendingAndDescending() {
        // 200 rows, 5 distinct values: rows with equal keys must stay in id order both ways.
        var values: [String] = []
        for i in 0..<200 { values.append(String((i * 7) % 5)) }
        let keys = column(.integer, values)
        for ascending in [true, false] {
            let order = RowSorter.sort(allRows(values.count), by: [(keys, ascending: ascending)])!
            #expect(order.count == values.count)
            for (a, b) in zip(order, order.dropFirst()) {
                let va = Int(values[Int(a)])!, vb = Int(values[Int(b)])!
                #expect(ascending ? va <= vb : va >= vb)
                if va == vb { #expect(a < b, "tie \(va): \(a) before \(b)") }
            }
        }
    }

    @Test func stableTextTiesBothDirections() {
        let values = ["b", "a", "B", "a", "b", "A", "a", "b"]
        let keys = column(.text, values)
        let asc = RowSorter.sort(allRows(values.count), by: [(keys, ascending: true)])!
        #expect(asc == [5, 1, 3, 6, 2, 0, 4, 7])
        let desc = RowSorter.sort(allRows(values.count), by: [(keys, ascending: false)])!
        #expect(desc == [0, 4, 7, 2, 1, 3, 6, 5])
    }

    @Test func stableOnTheWideKeyPathToo() {
        // Millisecond timestamps spanning decades: the 64-bit (key, row) path.
        let values = ["2001-01-01 00:00:00.001", "1970-01-01T00:00:00Z", "2001-01-01 00:00:00.001",
                      "2099-12-31 23:59:59.999", "1970-01-01T00:00:00Z", "2001-01-01 00:00:00.001"]
        let keys = column(.dateTime, values)
        #expect(keys.maxKey - keys.minKey > UInt64(UInt32.max))
        #expect(RowSorter.sort(allRows(6), by: [(keys, ascending: true)]) == [1, 4, 0, 2, 5, 3])
        #expect(RowSorter.sort(allRows(6), by: [(keys, ascending: false)]) == [3, 0, 2, 5, 1, 4])
    }

    // MARK: Nulls

    @Test func nullsSortLastInBothDirections() {
        // `x` is a stray (not a number): after the numbers, before the nulls.
        let values = ["3", "", "1", "x", "2", "", "  ", "NA"]
        #expect(sorted(.integer, values) == ["1", "2", "3", "x", "", "", "  ", "NA"])
        #expect(sorted(.integer, values, ascending: false) == ["3", "2", "1", "x", "", "", "  ", "NA"])
        let text = ["b", "", "a", "", "c"]
        #expect(sorted(.text, text) == ["a", "b", "c", "", ""])
        #expect(sorted(.text, text, ascending: false) == ["c", "b", "a", "", ""])
    }

    @Test func allNullAndEmptyInputs() {
        let keys = column(.integer, ["", "n/a", ""])
        #expect(keys.nullCount == 3)
        #expect(RowSorter.sort([2, 0, 1], by: [(keys, ascending: true)]) == [2, 0, 1])
        #expect(RowSorter.sort([], by: [(keys, ascending: true)]) == [])
        #expect(RowSorter.sort([1], by: [(keys, ascending: false)]) == [1])
        let one = column(.text, ["only"])
        #expect(RowSorter.sort([0], by: [(one, ascending: true)]) == [0])
        #expect(RowSorter.sort([], by: [(column(.text, []), ascending: true)]) == [])
        #expect(RowSorter.sort([2, 0, 1], by: []) == [2, 0, 1])
    }

    // MARK: Numbers

    @Test func negativeNumbers() {
        #expect(sorted(.integer, ["5", "-3", "0", "-10", "+7", "-0"]) == ["-10", "-3", "0", "-0", "5", "+7"])
        #expect(sorted(.integer, ["-9223372036854775808", "9223372036854775807", "0"])
            == ["-9223372036854775808", "0", "9223372036854775807"])
    }

    @Test func decimalsAndIntegersInOneColumn() {
        let values = ["2", "1.5", "-0.5", "10", "1e3", "0.25", "-2", "1.50", ".75", "3."]
        #expect(sorted(.decimal, values) == ["-2", "-0.5", "0.25", ".75", "1.5", "1.50", "2", "3.", "10", "1e3"])
        // The integer kind reads decimals too.
        #expect(sorted(.integer, values) == sorted(.decimal, values))
        #expect(sorted(.decimal, values, ascending: false)
            == ["1e3", "10", "3.", "2", "1.5", "1.50", ".75", "0.25", "-0.5", "-2"])
    }

    @Test func exactIntegersBeyondDoublePrecision() {
        // 2^53 + 1 and 2^53 are distinct integers that one Double cannot tell apart.
        let values = ["9007199254740993", "9007199254740992", "9007199254740994"]
        #expect(sorted(.integer, values) == ["9007199254740992", "9007199254740993", "9007199254740994"])
    }

    @Test func doubleFallbackStillOrdersNumerically() {
        // 1e300 has no 64-bit fixed-point form, so the column compares as Double.
        let values = ["1e300", "-1e-300", "5", "-2.5", "0", "1e-5", "123456789012345678901234"]
        #expect(sorted(.decimal, values) == ["-2.5", "-1e-300", "0", "1e-5", "5", "123456789012345678901234", "1e300"])
    }

    @Test func groupingCommas() {
        let values = ["1,234.5", "999", "12,345", "1,000,000", "-1,234", "1,23", "12,34,567"]
        // "1,23" and "12,34,567" are not valid grouping: null, last.
        #expect(sorted(.decimal, values) == ["-1,234", "999", "1,234.5", "12,345", "1,000,000", "1,23", "12,34,567"])
    }

    @Test func csvQuotedRawFields() {
        let keys = extractRaw(.decimal, ["\"1,234.5\"", "7", "\"-3\"", "\"\""], csvQuoted: true)
        #expect(RowSorter.sort(allRows(4), by: [(keys, ascending: true)]) == [2, 1, 0, 3])
        let textKeys = extractRaw(.text, ["\"say \"\"hi\"\"\"", "plain", "\"a,b\"", "say \"hi\""], csvQuoted: true)
        #expect(RowSorter.sort(allRows(4), by: [(textKeys, ascending: true)]) == [2, 1, 0, 3])
        // The decoded quoted field equals the same text given plainly.
        #expect(textKeys.key(0) == textKeys.key(3))
    }

    // MARK: Dates

    @Test func datesOfEveryFormat() {
        let values = [
            "2024-03-01",  // 0
            "2024/02/29",  // 1 (leap day)
            "2024-03-01 00:00:01",  // 2
            "2024-03-01T00:00:00.500Z",  // 3
            "2024-03-01T01:30:00+02:00",  // 4 = 2024-02-29T23:30Z
            "2024-02-29 23:31",  // 5
            "1969-12-31",  // 6 (before the epoch)
            "2024-03-01T00:00:00.5",  // 7 = 3
            "2024-03-01T00:00:00-0100",  // 8 = 01:00Z
        ]
        #expect(sorted(.dateTime, values) == [
            "1969-12-31", "2024/02/29", "2024-03-01T01:30:00+02:00", "2024-02-29 23:31", "2024-03-01",
            "2024-03-01T00:00:00.500Z", "2024-03-01T00:00:00.5", "2024-03-01 00:00:01", "2024-03-01T00:00:00-0100",
        ])
    }

    @Test func invalidDatesAreStrays() {
        let invalid = ["2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-01-01 24:00", "2024-01-01T10:60",
                       "2024-01-01x", "yesterday", "2024-01-01/", "2024/01-01", ""]
        for text in invalid { #expect(ValueParsing.dateTime(text) == nil, "\(text)") }
        let values = ["2023-02-29", "2020-01-01", "not a date", "2019-12-31"]
        // Not dates: after the dates, before the nulls, by their text in the sort's direction.
        #expect(sorted(.dateTime, values) == ["2019-12-31", "2020-01-01", "2023-02-29", "not a date"])
        #expect(sorted(.dateTime, values, ascending: false) == ["2020-01-01", "2019-12-31", "not a date", "2023-02-29"])
    }

    @Test func dateParsingValues() {
        #expect(ValueParsing.dateTime("1970-01-01") == 0)
        #expect(ValueParsing.dateTime("1970-01-02T00:00:00Z") == 86_400_000)
        #expect(ValueParsing.dateTime("2000-03-01") == 951_868_800_000)
        #expect(ValueParsing.dateTime("2024-05-06T07:08:09.123+01:00") == 1_714_975_689_123)
        #expect(ValueParsing.dateTime(" 2024-05-06 06:08:09.1234 ") == 1_714_975_689_123)
        #expect(ValueParsing.dateTime("1969-12-31T23:59:59Z") == -1000)
    }

    // MARK: Booleans

    @Test func booleans() {
        let values = ["true", "no", "YES", "0", "maybe", "False", "1", "T", "off", ""]
        #expect(sorted(.boolean, values) == ["no", "0", "False", "off", "true", "YES", "1", "T", "maybe", ""])
        #expect(sorted(.boolean, values, ascending: false) == ["true", "YES", "1", "T", "no", "0", "False", "off", "maybe", ""])
    }

    // MARK: Text

    /// The collation: ASCII letters compared case-insensitively, then raw bytes (upper case
    /// first); otherwise UTF-8 byte (= code point) order.
    @Test func textCollationExamples() {
        #expect(sorted(.text, ["cherry", "banana", "Banana", "apple", "BANANA"])
            == ["apple", "BANANA", "Banana", "banana", "cherry"])
        #expect(sorted(.text, ["zoo", "Zebra"]) == ["Zebra", "zoo"])
        #expect(sorted(.text, ["ab", "a b", "a"]) == ["a", "a b", "ab"])
        #expect(sorted(.text, ["item2", "item10"]) == ["item10", "item2"])
        #expect(sorted(.text, ["Zürich", "zebra", "Émile", "emu", "山田"]) == ["emu", "zebra", "Zürich", "Émile", "山田"])
        // Punctuation between `Z` and `a` sorts before letters, because letters compare lower-cased.
        #expect(sorted(.text, ["_x", "Ax", "ax", "[x"]) == ["[x", "_x", "Ax", "ax"])
        // Long values that tie on the first 8 bytes and differ later, or only in case.
        #expect(sorted(.text, ["Christopher Smith", "christopher jones", "Christopher", "CHRISTOPHER JONES", "Christopher Jones"])
            == ["Christopher", "CHRISTOPHER JONES", "Christopher Jones", "christopher jones", "Christopher Smith"])
        #expect(sorted(.text, ["Christopher Smith", "christopher jones", "Christopher", "CHRISTOPHER JONES", "Christopher Jones"], ascending: false)
            == ["Christopher Smith", "christopher jones", "Christopher Jones", "CHRISTOPHER JONES", "Christopher"])
    }

    @Test func textMatchesReferenceOnRandomData() {
        var random = SplitMix64(state: 42)
        let alphabet = Array("aAbB c_Zz".utf8) + Array("é".utf8)
        var values: [String] = []
        for _ in 0..<3000 {
            let length = Int(random.next() % 20)
            var bytes: [UInt8] = []
            for _ in 0..<length { bytes.append(alphabet[Int(random.next() % UInt64(alphabet.count - 2))]) }
            if random.next() % 10 == 0 { bytes += Array("é".utf8) }
            values.append(String(decoding: bytes, as: UTF8.self))
        }
        func collationLess(_ x: String, _ y: String) -> Bool {
            let fx = x.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }, fy = y.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
            if fx != fy { return fx.lexicographicallyPrecedes(fy) }
            return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        }
        let keys = column(.text, values)
        let rows = allRows(values.count).filter { $0 % 3 != 1 }.reversed().map { $0 }
        for ascending in [true, false] {
            let expected = referenceOrder(rows) { a, b in
                let x = values[Int(a)], y = values[Int(b)]
                if x.isEmpty || y.isEmpty { return !x.isEmpty && y.isEmpty }
                return ascending ? collationLess(x, y) : collationLess(y, x)
            }
            #expect(RowSorter.sort(rows, by: [(keys, ascending: ascending)]) == expected)
        }
    }

    @Test func textWithMostlyDistinctValuesAndLongSharedPrefixes() {
        // Over 64K fields, mostly distinct: the extractor stops de-duplicating, so equal texts
        // are found by comparison. Long shared prefixes exercise loading the next 8 bytes.
        var random = SplitMix64(state: 11)
        let stems = ["https://example.com/a/b/c/", "HTTPS://EXAMPLE.COM/A/B/C/", "Christopher ", "christopher", "", "x"]
        let values = (0..<80_000).map { _ -> String in
            let stem = stems[Int(random.next() % UInt64(stems.count))]
            let r = random.next()
            return r % 5 == 0 ? stem : stem + String(r % 60_000) + (r % 7 == 0 ? "Z" : r % 7 == 1 ? "z" : "")
        }
        // A small table limit, so that 80K fields are enough to give up hashing.
        let keys = SortKeyColumn.buildText(source: StringFieldSource(count: values.count) { values[$0] }, largeTable: 4096)!
        let rows = allRows(values.count).filter { $0 % 10 != 3 }.reversed().map { $0 }
        for ascending in [true, false] {
            let order = RowSorter.sort(rows, by: [(keys, ascending: ascending)])!
            #expect(textOrderViolations(order, rows: rows, values: values, ascending: ascending) == 0)
        }
        // Equal texts have equal keys, different texts different ones.
        var keyOf: [String: UInt64] = [:]
        var textOf: [UInt64: String] = [:]
        var mismatches = 0
        for (row, text) in values.enumerated() where !text.isEmpty {
            let key = keys.key(row)
            if let known = keyOf[text], known != key { mismatches += 1 }
            if let known = textOf[key], known != text { mismatches += 1 }
            keyOf[text] = key
            textOf[key] = text
        }
        #expect(mismatches == 0)
    }

    @Test func textsThatAreEachOthersPrefixes() {
        // "=", "==", "===", ...: every distribution step splits off one text; the sort must
        // neither recurse that deep nor lose the order.
        var random = SplitMix64(state: 3)
        var lengths = Array(1...2000)
        for i in stride(from: lengths.count - 1, to: 0, by: -1) { lengths.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        let values = lengths.map { String(repeating: "=", count: $0) } + ["", "=", "==="]
        let order = RowSorter.sort(allRows(values.count), by: [(column(.text, values), ascending: true)])!
        var expected: [Int] = [1, 1]
        for length in 2...2000 { expected += length == 3 ? [3, 3] : [length] }
        expected.append(0)  // the empty text is null: last
        let lengthsInOrder: [Int] = order.map { values[Int($0)].count }
        #expect(lengthsInOrder == expected)
        #expect(textOrderViolations(order, rows: allRows(values.count), values: values, ascending: true) == 0)
    }

    @Test func bytesAndStringsGiveTheSameKeys() {
        let values = ["b", "", "Apple", "apple", "ümlaut", "10", "1e2", "2024-01-01", "yes"]
        for kind in [SortKeyKind.text, .decimal, .dateTime, .boolean] {
            let fromStrings = column(kind, values), fromBytes = extractRaw(kind, values, csvQuoted: false)
            #expect(values.indices.map(fromStrings.key) == values.indices.map(fromBytes.key) && fromStrings.nullMask == fromBytes.nullMask)
        }
    }

    @Test func numbersMatchReferenceOnRandomData() {
        var random = SplitMix64(state: 7)
        var values: [String] = []
        for _ in 0..<5000 {
            switch random.next() % 6 {
            case 0: values.append("")
            case 1: values.append(String(Int64(bitPattern: random.next()) >> 20))
            case 2: values.append(String(Int(random.next() % 100) - 50))
            default:
                let cents = Int(random.next() % 200_000) - 100_000
                values.append((cents < 0 ? "-" : "") + "\(abs(cents) / 100).\(abs(cents) % 100 / 10)\(abs(cents) % 10)")
            }
        }
        let keys = column(.decimal, values)
        let rows = allRows(values.count).filter { $0 % 4 != 0 }
        for ascending in [true, false] {
            let expected = referenceOrder(rows) { a, b in
                let x = Double(values[Int(a)]), y = Double(values[Int(b)])
                guard let x else { return false }
                guard let y else { return true }
                return ascending ? x < y : y < x
            }
            #expect(RowSorter.sort(rows, by: [(keys, ascending: ascending)]) == expected)
        }
    }

    // MARK: Several keys, subsets, cancellation

    @Test func multiKeyStatusAscendingThenAmountDescending() {
        let status = ["open", "closed", "open", "closed", "", "open", "closed", "open"]
        let amount = ["10", "5.5", "30", "5.5", "99", "", "-1", "30"]
        let statusKeys = column(.text, status), amountKeys = column(.decimal, amount)
        let order = RowSorter.sort(allRows(8), by: [(statusKeys, ascending: true), (amountKeys, ascending: false)])!
        // closed: 5.5 (1), 5.5 (3), -1 (6); open: 30 (2), 30 (7), 10 (0), null (5); status null: 4.
        #expect(order == [1, 3, 6, 2, 7, 0, 5, 4])
    }

    @Test func multiKeyMatchesReference() {
        var random = SplitMix64(state: 99)
        let n = 4000
        let a = (0..<n).map { _ in ["x", "y", "Y", "z", ""][Int(random.next() % 5)] }
        let b = (0..<n).map { _ in random.next() % 7 == 0 ? "" : String(Int(random.next() % 40) - 20) }
        let c = (0..<n).map { _ in "2024-01-\(10 + random.next() % 5)" }
        let keysA = column(.text, a), keysB = column(.integer, b), keysC = column(.dateTime, c)
        let rows = allRows(n).filter { $0 % 5 != 2 }
        let order = RowSorter.sort(rows, by: [(keysA, ascending: false), (keysB, ascending: true), (keysC, ascending: false)])!
        func compareNullable<T: Comparable>(_ x: T?, _ y: T?, ascending: Bool) -> Int {
            switch (x, y) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case let (x?, y?): return x == y ? 0 : ((x < y) == ascending ? -1 : 1)
            }
        }
        let expected = referenceOrder(rows) { r, s in
            let i = Int(r), j = Int(s)
            let fold: (String) -> String? = { $0.isEmpty ? nil : $0.lowercased() + "\u{0}" + $0 }
            let ca = compareNullable(fold(a[i]), fold(a[j]), ascending: false)
            if ca != 0 { return ca < 0 }
            let cb = compareNullable(Int(b[i]), Int(b[j]), ascending: true)
            if cb != 0 { return cb < 0 }
            return compareNullable(c[i], c[j], ascending: false) < 0
        }
        #expect(order == expected)
    }

    @Test func sortingASubsetKeepsIds() {
        let values = ["50", "10", "40", "20", "30", "10"]
        let keys = column(.integer, values)
        // A filter kept rows 5, 0, 3, 1 in that display order.
        #expect(RowSorter.sort([5, 0, 3, 1], by: [(keys, ascending: true)]) == [5, 1, 3, 0])
        #expect(RowSorter.sort([5, 0, 3, 1], by: [(keys, ascending: false)]) == [0, 3, 5, 1])
        let text = column(.text, values)
        #expect(RowSorter.sort([5, 0, 3, 1], by: [(text, ascending: true)]) == [5, 1, 3, 0])
    }

    @Test func cancellationReturnsNil() {
        let keys = column(.integer, (0..<1000).map { String(($0 * 7919) % 1000) })
        #expect(RowSorter.sort(allRows(1000), by: [(keys, ascending: true)], isCancelled: { true }) == nil)
        var calls = 0
        let text = column(.text, (0..<1000).map { "v\(($0 * 7919) % 1000)" })
        let late = RowSorter.sort(allRows(1000), by: [(keys, ascending: true), (text, ascending: true)]) {
            calls += 1
            return calls > 1
        }
        #expect(late == nil)
        #expect(RowSorter.sort(allRows(1000), by: [(keys, ascending: true)], isCancelled: { false })?.count == 1000)
    }

    @Test func largeInputMatchesReference() {
        // Enough rows for several radix passes and the MSD recursion.
        var random = SplitMix64(state: 5)
        let n = 30_000
        let ints = (0..<n).map { _ in String(Int(random.next() % 3_000_000_000) - 1_000_000_000) }
        let keys = column(.integer, ints)
        let order = RowSorter.sort(allRows(n), by: [(keys, ascending: false)])!
        let expected = allRows(n).sorted { x, y in
            let a = Int(ints[Int(x)])!, b = Int(ints[Int(y)])!
            return a != b ? a > b : x < y
        }
        #expect(order == expected)
        let first = ["Christopher", "Christina", "Ann", "anna", "Zoë", "José"]
        let names = (0..<n).map { _ in first[Int(random.next() % 6)] + " " + String(random.next() % 5000) }
        let textOrder = RowSorter.sort(allRows(n), by: [(column(.text, names), ascending: true)])!
        for (x, y) in zip(textOrder, textOrder.dropFirst()) {
            let a = names[Int(x)], b = names[Int(y)]
            let fa = Array(a.lowercased().utf8), fb = Array(b.lowercased().utf8)
            #expect(!fb.lexicographicallyPrecedes(fa))
            if fa == fb, a == b { #expect(x < y) }
        }
    }

    // MARK: Value parsing

    @Test func valueParsing() {
        #expect(ValueParsing.integer("-1,234") == -1234)
        #expect(ValueParsing.integer(" 42 ") == 42)
        #expect(ValueParsing.integer("1.0") == nil)
        #expect(ValueParsing.integer("9223372036854775808") == nil)
        #expect(ValueParsing.integer("-9223372036854775808") == Int.min)
        #expect(ValueParsing.integer("") == nil)
        #expect(ValueParsing.decimal("1e3") == 1000)
        #expect(ValueParsing.decimal("-0.5") == -0.5)
        #expect(ValueParsing.decimal("1,234.5") == 1234.5)
        #expect(ValueParsing.decimal("0.1") == 0.1)
        #expect(ValueParsing.decimal("3.14159265358979323846264") == 3.141592653589793)
        #expect(ValueParsing.decimal("1e400") == .infinity)
        #expect(ValueParsing.decimal("1e") == nil)
        #expect(ValueParsing.decimal(".") == nil)
        #expect(ValueParsing.decimal("1.2.3") == nil)
        #expect(ValueParsing.decimal("nan") == nil)
        #expect(ValueParsing.boolean("Yes") == true)
        #expect(ValueParsing.boolean("OFF") == false)
        #expect(ValueParsing.boolean("truee") == nil)
    }
}
