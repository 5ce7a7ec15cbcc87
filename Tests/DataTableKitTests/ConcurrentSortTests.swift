import Synchronization
import Testing
import TestSupport
@testable import DataTableKit

/// The sort on both cores (key extraction in two halves, radix sort of two halves merged from
/// both ends) against a reference sort written here: a stable comparison sort over values
/// decoded by this file's own rules. Random CSV fields with quotes, commas, CJK, invalid UTF-8,
/// null tokens, strays, texts sharing prefixes longer than 8 bytes, decimal commas and dates;
/// one and two keys, both directions, all rows and filtered subsets in a shuffled order. The
/// split thresholds are lowered so that small inputs take the two-thread paths, including
/// halves with nothing in them.
@Suite struct ConcurrentSortTests {
    /// One generated field: its raw bytes as in the file and what the reference reads in it.
    struct Field {
        var raw: [UInt8]
        var value: Value
    }

    /// What a field holds for the reference.
    enum Value {
        case null
        /// Text (the unquoted bytes).
        case text([UInt8])
        /// A number as an integer at scale 3, or a date as (days, seconds).
        case ordered(Int)
        /// A field the kind cannot read; its bytes as they stand inside the quotes.
        case stray([UInt8])
    }

    /// Wraps `bytes` in quotes (doubling inner ones) when they need it, or at random.
    static func csv(_ bytes: [UInt8], random: inout SplitMix64) -> [UInt8] {
        let needs = bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A }
        guard needs || random.next() % 8 == 0 else { return bytes }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for b in bytes {
            out.append(b)
            if b == UInt8(ascii: "\"") { out.append(b) }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    static let textNulls = ["", "NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A"]
    static let strays: [[UInt8]] = [Array("n/k".utf8), Array("abc".utf8), Array("12abc".utf8), [0xFF, 0x37],
                                    Array("Abc".utf8), Array("山".utf8), Array("?".utf8)]

    static func textField(_ random: inout SplitMix64) -> Field {
        let stems: [[UInt8]] = [
            Array("Christopher ".utf8), Array("christopher".utf8), Array("CHRISTOPHER JONES".utf8),
            Array("https://example.com/a/".utf8), Array("Grace \"Amazing\" Hopper".utf8), Array("Torvalds, Linus".utf8),
            Array("山田 太郎".utf8), Array("佐藤".utf8), Array("Zürich".utf8), Array("émile".utf8), [0xC3, 0x28, 0x41],
            [0xFF, 0xFE], Array(" ".utf8), Array("a".utf8), Array("A".utf8), Array("_x".utf8), Array("[x".utf8),
        ]
        switch random.next() % 10 {
        case 0:
            let token = textNulls[Int(random.next() % UInt64(textNulls.count))]
            return Field(raw: csv(Array(token.utf8), random: &random), value: .null)
        default:
            var bytes = stems[Int(random.next() % UInt64(stems.count))]
            if random.next() % 2 == 0 { bytes += Array(String(random.next() % 50).utf8) }
            if random.next() % 5 == 0 { bytes += random.next() % 2 == 0 ? Array("Z".utf8) : [0xE4, 0xB8, 0x80] }
            // A text that is a null token only by case is a value ("na"); the reference sees
            // the same bytes.
            if textNulls.contains(where: { Array($0.utf8) == bytes }) { return Field(raw: csv(bytes, random: &random), value: .null) }
            return Field(raw: csv(bytes, random: &random), value: .text(bytes))
        }
    }

    /// Integers and decimals at scales 0-3, written with `separator`; nulls, strays.
    static func numberField(_ random: inout SplitMix64, separator: UInt8) -> Field {
        switch random.next() % 12 {
        case 0:
            let token = ["", "NA", "-", "NULL", "  "][Int(random.next() % 5)]
            return Field(raw: csv(Array(token.utf8), random: &random), value: .null)
        case 1:
            let stray = strays[Int(random.next() % UInt64(strays.count))]
            return Field(raw: csv(stray, random: &random), value: .stray(stray))
        default:
            let mantissa = Int(random.next() % 20_001) - 10_000
            let scale = Int(random.next() % 4)
            var digits = String(abs(mantissa))
            while digits.count <= scale { digits = "0" + digits }
            var text = Array(digits.utf8)
            if scale > 0 { text.insert(separator, at: text.count - scale) }
            if mantissa < 0 { text.insert(UInt8(ascii: "-"), at: 0) }
            var scaled = mantissa
            for _ in scale..<3 { scaled *= 10 }
            return Field(raw: csv(text, random: &random), value: .ordered(scaled))
        }
    }

    /// ISO dates, some with a time of day (seconds resolution); nulls, strays.
    static func dateField(_ random: inout SplitMix64) -> Field {
        switch random.next() % 10 {
        case 0: return Field(raw: csv(Array("NA".utf8), random: &random), value: .null)
        case 1:
            let stray = [Array("soon".utf8), Array("n/k".utf8), [0xFF]][Int(random.next() % 3)]
            return Field(raw: csv(stray, random: &random), value: .stray(stray))
        default:
            let year = 1990 + Int(random.next() % 40), month = 1 + Int(random.next() % 12), day = 1 + Int(random.next() % 28)
            let withTime = random.next() % 3 == 0
            let seconds = withTime ? Int(random.next() % 86_400) : 0
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            var text = "\(year)-\(two(month))-\(two(day))"
            if withTime { text += "T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))" }
            // Months of 31 days at most and days below 29: (year, month, day) order is date order.
            return Field(raw: csv(Array(text.utf8), random: &random), value: .ordered(((year * 12 + month) * 31 + day) * 86_400 + seconds))
        }
    }

    /// The documented collation: folded bytes, a prefix first, then raw bytes.
    static func collate(_ x: [UInt8], _ y: [UInt8]) -> Int {
        let fold: (UInt8) -> UInt8 = { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
        let fx = x.map(fold), fy = y.map(fold)
        if fx != fy { return fx.lexicographicallyPrecedes(fy) ? -1 : 1 }
        if x != y { return x.lexicographicallyPrecedes(y) ? -1 : 1 }
        return 0
    }

    /// -1, 0, 1: the order of two fields of one key in `ascending` direction (nulls last,
    /// strays before them, both directions).
    static func compare(_ x: Value, _ y: Value, ascending: Bool) -> Int {
        func rank(_ v: Value) -> Int {
            switch v {
            case .text, .ordered: return 0
            case .stray: return 1
            case .null: return 2
            }
        }
        let rx = rank(x), ry = rank(y)
        if rx != ry { return rx < ry ? -1 : 1 }
        let c: Int
        switch (x, y) {
        case (.text(let a), .text(let b)): c = collate(a, b)
        case (.stray(let a), .stray(let b)): c = collate(a, b)
        case (.ordered(let a), .ordered(let b)): c = a < b ? -1 : a > b ? 1 : 0
        default: c = 0
        }
        return ascending ? c : -c
    }

    /// Stable reference sort of `rows` by `keys` (column, direction), most significant first.
    static func reference(_ rows: [UInt32], columns: [[Field]], keys: [(Int, Bool)]) -> [UInt32] {
        rows.enumerated().sorted { a, b in
            for (column, ascending) in keys {
                let c = compare(columns[column][Int(a.element)].value, columns[column][Int(b.element)].value, ascending: ascending)
                if c != 0 { return c < 0 }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Keys of `fields` read from one buffer of raw CSV bytes, as a mapped file hands them out.
    static func extract(_ fields: [Field], kind: SortKeyKind, format: ValueFormat, concurrent: Bool) -> SortKeyColumn {
        var bytes: [UInt8] = []
        var bounds: [Range<Int>] = []
        for field in fields {
            let start = bytes.count
            bytes += field.raw
            bounds.append(start..<bytes.count)
        }
        var control = ExtractionControl(concurrent: concurrent)
        control.minimumConcurrentRows = 2
        return bytes.withUnsafeBytes { buffer in
            SortKeyColumn.extract(kind: kind, count: fields.count, csvQuoted: true, format: format, nullTokens: .standard,
                                  control: control) { UnsafeRawBufferPointer(rebasing: buffer[bounds[$0]]) }!
        }
    }

    @Test(arguments: [0, 1, 2, 3, 5, 64, 127, 128, 129, 700, 3000])
    func matchesTheReference(count: Int) {
        var random = SplitMix64(state: UInt64(count) &* 7919 &+ 1)
        let comma = ValueFormat(decimalSeparator: UInt8(ascii: ","))
        let columns: [[Field]] = [
            (0..<count).map { _ in Self.textField(&random) },
            (0..<count).map { _ in Self.numberField(&random, separator: UInt8(ascii: ".")) },
            (0..<count).map { _ in Self.numberField(&random, separator: UInt8(ascii: ",")) },
            (0..<count).map { _ in Self.dateField(&random) },
        ]
        let kinds: [(SortKeyKind, ValueFormat)] = [(.text, .standard), (.decimal, .standard), (.decimal, comma), (.dateTime, .standard)]
        let keyColumns = kinds.indices.map { Self.extract(columns[$0], kind: kinds[$0].0, format: kinds[$0].1, concurrent: true) }
        // Both extractions give the same keys.
        for (i, kind) in kinds.enumerated() {
            let serial = Self.extract(columns[i], kind: kind.0, format: kind.1, concurrent: false)
            let concurrent = keyColumns[i]
            let serialKeys: [UInt64] = (0..<count).map { serial.key($0) }, concurrentKeys: [UInt64] = (0..<count).map { concurrent.key($0) }
            #expect(serialKeys == concurrentKeys, "column \(i)")
            let serialNulls: [Bool] = (0..<count).map { serial.isNull($0) }, concurrentNulls: [Bool] = (0..<count).map { concurrent.isNull($0) }
            #expect(serialNulls == concurrentNulls, "column \(i)")
            let serialStrays: [Bool] = (0..<count).map { serial.isStray($0) }, concurrentStrays: [Bool] = (0..<count).map { concurrent.isStray($0) }
            #expect(serialStrays == concurrentStrays, "column \(i)")
        }
        var shuffled = (0..<UInt32(count)).filter { _ in random.next() % 4 != 0 }
        shuffled.shuffle(using: &random)
        let keyLists: [[(Int, Bool)]] = [
            [(0, true)], [(0, false)], [(1, true)], [(1, false)], [(2, true)], [(2, false)], [(3, true)], [(3, false)],
            [(1, false), (0, true)], [(3, true), (0, false)], [(0, true), (2, true)],
        ]
        for keys in keyLists {
            let descriptors = keys.map { (keyColumns[$0.0], ascending: $0.1) }
            for (rows, input) in [(nil, (0..<UInt32(count)).map { $0 }), (shuffled, shuffled)] {
                let expected = Self.reference(input, columns: columns, keys: keys)
                for concurrent in [true, false] {
                    let order = RowSorter.sort(rows, count: rows?.count ?? count, by: descriptors, concurrent: concurrent,
                                               minimumConcurrentRows: 2, isCancelled: { false })
                    #expect(order == expected, "keys \(keys), \(rows == nil ? "all rows" : "subset"), concurrent \(concurrent)")
                }
                #expect(RowSorter.sort(input, by: descriptors) == expected)
            }
        }
    }

    @Test func extractionReportsProgressAndStops() {
        let count = 3 * ExtractionControl.step + 17
        let values = (0..<count).map { String($0 % 1000) }
        let bytes = Array(values.joined().utf8)
        var starts = [0]
        for value in values { starts.append(starts.last! + value.utf8.count) }
        let read = Counter(), checks = Counter()
        for cancelAfter in [Int.max, 1] {
            read.value = 0
            checks.value = 0
            var control = ExtractionControl(concurrent: true)
            control.advance = { read.add($0) }
            control.isCancelled = { checks.add(1) >= cancelAfter }
            let column = bytes.withUnsafeBytes { buffer in
                SortKeyColumn.extract(kind: .integer, count: count, csvQuoted: false, format: .standard, nullTokens: .standard,
                                      control: control) { UnsafeRawBufferPointer(rebasing: buffer[starts[$0]..<starts[$0 + 1]]) }
            }
            if cancelAfter == Int.max {
                #expect(column != nil && column!.key(5) < column!.key(6))
                // Each half reports every full step it read.
                #expect(read.value >= 2 * ExtractionControl.step && read.value <= count)
            } else {
                #expect(column == nil)
            }
        }
    }
}

/// A counter two threads may bump.
final class Counter: @unchecked Sendable {
    private let lock = Mutex(())
    var value = 0
    /// Adds `n`; returns the new value.
    @discardableResult func add(_ n: Int) -> Int {
        lock.withLock { _ in
            value += n
            return value
        }
    }
}
