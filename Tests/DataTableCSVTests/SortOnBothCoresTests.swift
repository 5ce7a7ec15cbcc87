import Testing
import TestSupport
import DataTableKit
import TerminalSurface
@testable import DataTableCSV

/// The viewer's sort of a mapped file large enough to take the two-thread paths (key
/// extraction in halves, radix sort in halves merged), by two keys, after a filter, against a
/// reference sort written here over the values the generator wrote.
@Suite struct SortOnBothCoresTests {
    @Test func twoKeysAfterAFilterMatchTheReference() throws {
        var random = SplitMix64(state: 2026)
        let cities = ["Zürich", "zurich", "Oslo", "\"Paris, France\"", "東京", "Berlin Mitte Nord", "Berlin Mitte", "NA", ""]
        let cityValues: [String?] = ["Zürich", "zurich", "Oslo", "Paris, France", "東京", "Berlin Mitte Nord", "Berlin Mitte", nil, nil]
        var text = "id,city,amount\n"
        var city: [String?] = [], amount: [Int?] = [], strays: [String] = []
        let rows = 150_000  // the ~83K rows kept are over the 65,536 from which both cores sort
        for id in 0..<rows {
            let c = Int(random.next() % UInt64(cities.count))
            city.append(cityValues[c])
            let a: String
            switch random.next() % 50 {
            case 0: a = ""; amount.append(nil); strays.append("")
            case 1: a = ["n/k", "?", "N/K"][Int(random.next() % 3)]; amount.append(nil); strays.append(a)
            default:
                let value = Int(random.next() % 200) - 100
                a = String(value)
                amount.append(value)
                strays.append("")
            }
            text += "\(id),\(cities[c]),\(a)\n"
        }
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        #expect(source.rowCount == rows)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 80, height: 10))
        view.startFilter(try RowMatcher(query: "r", mode: .substring))
        view.waitForJob()
        let kept = (0..<view.viewport.rowCount).map { UInt32(view.sourceRow(forDisplayRow: $0)) }
        #expect(kept.count > 1 << 16 && kept.count < rows)  // sorted on both cores
        view.sort(by: [SortDescriptor(column: 2, ascending: false), SortDescriptor(column: 1, ascending: true)])
        let order = (0..<view.viewport.rowCount).map { UInt32(view.sourceRow(forDisplayRow: $0)) }

        func collate(_ x: String, _ y: String) -> Int {
            let fold: (UInt8) -> UInt8 = { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
            let fx = x.utf8.map(fold), fy = y.utf8.map(fold)
            if fx != fy { return fx.lexicographicallyPrecedes(fy) ? -1 : 1 }
            if x != y { return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? -1 : 1 }
            return 0
        }
        /// Amount descending: values, then strays by their text descending, then nulls.
        func compareAmount(_ r: Int, _ s: Int) -> Int {
            func rank(_ row: Int) -> Int { amount[row] != nil ? 0 : strays[row].isEmpty ? 2 : 1 }
            if rank(r) != rank(s) { return rank(r) < rank(s) ? -1 : 1 }
            if let x = amount[r], let y = amount[s] { return x > y ? -1 : x < y ? 1 : 0 }
            return rank(r) == 1 ? -collate(strays[r], strays[s]) : 0
        }
        /// City ascending, nulls last.
        func compareCity(_ r: Int, _ s: Int) -> Int {
            switch (city[r], city[s]) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case (let x?, let y?): return collate(x, y)
            }
        }
        let expected = kept.enumerated().sorted { a, b in
            let r = Int(a.element), s = Int(b.element)
            let c = compareAmount(r, s)
            if c != 0 { return c < 0 }
            let d = compareCity(r, s)
            if d != 0 { return d < 0 }
            return a.offset < b.offset
        }.map(\.element)
        #expect(order == expected)
    }
}
