import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Values that do not parse (strays) and null tokens in sorting, inference over the large
/// sample, and the `t` keys, through the sorter, the view and the real controller.
@Suite struct StraySortTests {
    /// The reference: values ascending or descending by their number, then strays by their text
    /// (collation: ASCII case folded, then bytes) in the same direction, then nulls in input
    /// order; stable.
    static func referenceOrder(_ values: [String], ascending: Bool) -> [Int] {
        let nullSet: Set<String> = ["", "NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A", "-"]
        func group(_ v: String) -> Int { nullSet.contains(v) ? 2 : (Double(v) == nil ? 1 : 0) }
        func folded(_ s: String) -> [UInt8] { s.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 } }
        func textLess(_ x: String, _ y: String) -> Bool {
            folded(x) != folded(y) ? folded(x).lexicographicallyPrecedes(folded(y)) : Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        }
        return values.indices.sorted { a, b in
            let x = values[a], y = values[b]
            let gx = group(x), gy = group(y)
            if gx != gy { return gx < gy }
            switch gx {
            case 0:
                let dx = Double(x)!, dy = Double(y)!
                if dx != dy { return ascending ? dx < dy : dx > dy }
            case 1:
                if x != y { return ascending ? textLess(x, y) : textLess(y, x) }
            default: break
            }
            return a < b
        }
    }

    /// Property: random numeric columns with strays and nulls sort as the reference says.
    @Test func straysSortAfterValuesAndBeforeNullsInBothDirections() {
        var random = SplitMix64(seed: 2026)
        let strays = ["n/k", "?", "abc", "Abc", "x1", "unknown", "1.2.3"]
        let nulls = ["", "NA", "NaN", "-", "NULL"]
        for round in 0..<40 {
            let n = 1 + Int(random.next() % 300)
            let values: [String] = (0..<n).map { _ in
                switch random.next() % 10 {
                case 0: return strays[Int(random.next() % UInt64(strays.count))]
                case 1: return nulls[Int(random.next() % UInt64(nulls.count))]
                default: return String(Int(random.next() % 2000) - 1000) + (random.next() % 3 == 0 ? ".5" : "")
                }
            }
            let keys = SortKeyColumn.extract(kind: .decimal, count: n) { values[$0] }
            for ascending in [true, false] {
                let order = RowSorter.sort((0..<UInt32(n)).map { $0 }, by: [(keys, ascending: ascending)])!.map(Int.init)
                #expect(order == Self.referenceOrder(values, ascending: ascending), "round \(round) ascending \(ascending)")
            }
            #expect(keys.strayCount == values.filter { strays.contains($0) }.count)
            #expect(keys.nullCount == values.filter { nulls.contains($0) }.count)
        }
    }

    @Test func nullTokensAreNullInTextColumnsToo() {
        let values = ["pear", "NA", "apple", "", "None", "fig"]
        let keys = SortKeyColumn.extract(kind: .text, count: values.count) { values[$0] }
        let order = RowSorter.sort((0..<6).map { $0 }, by: [(keys, ascending: false)])!.map { values[Int($0)] }
        #expect(order == ["pear", "fig", "apple", "NA", "", "None"])
        let onlyEmpty = SortKeyColumn.extract(kind: .text, count: values.count, nullTokens: .emptyOnly) { values[$0] }
        let plain = RowSorter.sort((0..<6).map { $0 }, by: [(onlyEmpty, ascending: true)])!.map { values[Int($0)] }
        #expect(plain == ["apple", "fig", "NA", "None", "pear", ""])
    }

    /// 20,000 rows whose first 600 values are strays: the first guess (1,000 rows, half of them
    /// from the top) says text; the 4,096-row sample spread through the rows says integer, and a
    /// sort already running re-runs as numbers with the strays after them.
    @Test func theLargeSampleFixesTheKindAndTheSortShownRunsAgain() {
        let rows = (0..<20_000).map { i -> [String] in
            [String(i), i < 600 ? "x\(i % 7)" : (i % 50 == 0 ? "NA" : String((i * 7919) % 100_000))]
        }
        let source = StringRowsDataSource(titles: ["id", "value"], rows: rows)
        let (app, _) = TableFixtures.application(source, size: Size(width: 60, height: 12))
        let view = app.view
        app.press(.right, .character("]"))
        var spins = 0
        while (view.activeJob != nil || view.columnLayout.sampling.sampler != nil) && spins < 20_000 {
            _ = view.refreshFromDataSource()
            usleep(500)
            spins += 1
        }
        #expect(view.columns[1].kind == .integer)
        #expect(view.columns[1].alignment == .right)
        let shown = (0..<rows.count).map { rows[view.sourceRow(forDisplayRow: $0)][1] }
        let expected = Self.referenceOrder(rows.map { $0[1] }, ascending: false).map { rows[$0][1] }
        #expect(shown == expected)
        #expect(view.notice == "value: 600 values are not numbers")
    }

    /// `t` then `~` sorts a number column as text, `t` `#` as integers again; the status line
    /// shows the kind set, Esc after `t` changes nothing.
    @Test func tKeysSetTheKindAndTheSortRunsAgain() {
        let values = ["10", "9", "100", "NA", "8"]
        let source = StringRowsDataSource(titles: ["code"], rows: values.map { [$0] })
        let (app, backend) = TableFixtures.application(source, size: Size(width: 70, height: 10))
        let view = app.view
        func shown() -> [String] { (0..<values.count).map { values[view.sourceRow(forDisplayRow: $0)] } }
        func press(_ keys: Key...) {
            for key in keys { app.press(key) }
            view.waitForJob()
            app.drawFrame()
        }
        press(.character("["))
        #expect(shown() == ["8", "9", "10", "100", "NA"])
        press(.character("t"))
        #expect(view.notice?.contains("# int  % decimal  @ date  ~ text  ! bool  a auto") == true)
        press(.character("~"))
        #expect(view.columns[0].kind == .text && view.isKindSet(ofColumn: 0))
        #expect(shown() == ["10", "100", "8", "9", "NA"])
        #expect(statusText(app, backend).contains("code: text (set)"))
        press(.character("t"), .escape)
        #expect(view.columns[0].kind == .text)
        #expect(view.notice == "kind unchanged")
        press(.character("t"), .character("#"))
        #expect(shown() == ["8", "9", "10", "100", "NA"])
        press(.character("t"), .character("a"))
        #expect(!view.isKindSet(ofColumn: 0) && view.columns[0].kind == .integer)
        #expect(view.notice == "code: int (inferred)")
    }

    /// Null tokens show as written, dimmed.
    @Test func nullTokensAreDrawnDimmed() {
        let source = StringRowsDataSource(titles: ["n", "t"], rows: [["1", "a"], ["NA", "NULL"], ["-", "-"]])
        let (app, backend) = TableFixtures.application(source, size: Size(width: 30, height: 6), colorCount: 0)
        app.drawFrame()
        let screen = backend.presented!
        func cellStyle(_ text: String, row: Int) -> Style? {
            let line = (0..<screen.size.width).map { String(screen[$0, row].grapheme) }.joined()
            guard let range = line.range(of: text) else { return nil }
            return screen[line.distance(from: line.startIndex, to: range.lowerBound), row].style
        }
        #expect(cellStyle("NA", row: 2)?.attributes.contains(.dim) == true)
        #expect(cellStyle("NULL", row: 2)?.attributes.contains(.dim) == true)
        // `-` is null in the numeric column only.
        let dashes = (0..<screen.size.width).filter { screen[$0, 3].grapheme == "-" }
        #expect(dashes.count == 2)
        #expect(screen[dashes[0], 3].style.attributes.contains(.dim))
        #expect(!screen[dashes[1], 3].style.attributes.contains(.dim))
    }
}
