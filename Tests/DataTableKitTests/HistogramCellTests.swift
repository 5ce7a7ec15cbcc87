import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

@Suite struct HistogramCellTests {
    typealias R = CellRendering

    @Test func barsStartFromZeroAndEmptyBinsStayEmpty() {
        let cell = HistogramCell()
        cell.counts = [0, 1, 4, 8, 6, 2]
        #expect(R.line(cell, width: 6) == "| ▁▄█▆▂|")
        // Nearly equal counts look nearly equal (a sparkline scales them from min to max).
        #expect(HistogramCell.bars([1000, 1010, 995], width: 3) == "███")
        #expect(SparklineCell.sparkline([1000, 1010, 995]) == "▃█▁")
        cell.prefersASCII = true
        #expect(R.line(cell, width: 6) == "| _:#+.|")
    }

    @Test func binsMergeWhenNarrowAndKeepAColumnEachWhenWide() {
        let cell = HistogramCell()
        cell.counts = [1, 1, 2, 2, 8, 0, 0, 4]
        #expect(cell.preferredWidth == 8)
        #expect(R.line(cell, width: 8) == "|▁▁▂▂█  ▄|")
        #expect(R.line(cell, width: 4) == "|▂▄█▄|")  // pairs: 2, 4, 8, 4
        #expect(R.line(cell, width: 10) == "|▁▁▂▂█  ▄  |")  // one column a bin, the rest blank
        #expect(R.line(cell, width: 5) == "|▂▄█ ▄|")  // bins 0,1 | 2,3 | 4 | 5,6 | 7: 2, 4, 8, 0, 4
        #expect(R.line(cell, width: 0) == "||")
    }

    @Test func configuresFromTextAndStaysInsideItsRegion() {
        let cell = HistogramCell()
        cell.configure(with: .string("3 0 5"))
        #expect(cell.counts == [3, 0, 5])
        cell.configure(with: .string("-2, 4"))
        #expect(cell.counts == [0, 4])
        cell.configure(with: .null)
        #expect(cell.counts.isEmpty)
        #expect(R.line(cell, width: 3) == "|   |")
        cell.counts = Array(0..<40)
        for ascii in [false, true] {
            cell.prefersASCII = ascii
            for width in 0...50 {
                #expect(R.staysInside(cell, width: width, height: 1), "width \(width)")
            }
        }
        cell.prepareForReuse()
        #expect(cell.counts.isEmpty && cell.preferredWidth == nil)
    }
}
