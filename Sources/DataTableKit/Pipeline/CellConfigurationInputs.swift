import TerminalSurface

/// What the table configured a cell on screen with: a frame configures the cell again only
/// when one of these changed (or its row was reconfigured, reloaded or left the screen).
///
/// The display row is not among them: as in UIKit, a cell whose row only moved (rows
/// inserted or deleted above it, a new sort) keeps its configuration, which was made for its
/// record. A program whose `configure` reads state the table cannot see calls
/// `invalidateRowHeights()` (or applies its models with `reloading:`) when that state changes.
struct CellConfigurationInputs: Equatable {
    /// `CellPipeline.configurationGeneration` when configured (the configuration, the data as a whole).
    var generation: Int
    /// The cell's value.
    var value: DataTableValueType
    /// In a sorted column.
    var isHighlighted: Bool
    /// The column's alignment.
    var alignment: TextAlignment
    /// The background the table gave the cell.
    var background: Style
    /// Whether the configuration left that background as it was: then a new background (the
    /// cursor, the stripes, a flash) is set without configuring the cell again.
    var keepsBackground = true

    /// Whether a cell configured with `self` may be drawn with `inputs` as it is (after the
    /// table sets the new background): everything but the background is the same, and the
    /// background is the same or the configuration did not change it.
    func allowsKeeping(for inputs: CellConfigurationInputs, cell: DataTableCell) -> Bool {
        generation == inputs.generation && value == inputs.value && isHighlighted == inputs.isHighlighted
            && alignment == inputs.alignment
            && (background == inputs.background || (keepsBackground && cell.backgroundStyle == background))
    }
}
