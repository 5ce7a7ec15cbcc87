import Testing
import TestSupport
import TerminalSurface
@testable import DataTableKit

/// A changed value of a compared file: the new value in the changed style, the old one dimmed
/// below it when shown.
@Suite struct ChangedValueCellTests {
    typealias R = CellRendering

    @Test func theNewValueIsHighlightedAndTheOldOneDimmedBelowWhenShown() {
        let cell = ChangedValueCell()
        cell.text = "25"
        cell.oldText = "20"
        #expect(cell.heightThatFits(width: 6) == 1)
        #expect(R.rows(cell, width: 6, height: 1) == ["|25    |"])
        cell.showsOldValue = true
        cell.alignment = .right
        #expect(cell.heightThatFits(width: 6) == 2)
        #expect(R.rows(cell, width: 6, height: 2) == ["|    25|", "|    20|"])
        let surface = R.surface(width: 6, height: 2) { cell.draw(in: $0) }
        #expect(surface[5, 0].style == ChangedValueCell.changedStyle)
        #expect(surface[5, 1].style == Style(attributes: .dim))
        cell.prepareForReuse()
        #expect(!cell.showsOldValue && cell.text.isEmpty && cell.textStyle == ChangedValueCell.changedStyle)
    }
}
