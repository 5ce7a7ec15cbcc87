import TerminalSurface

/// A cell drawn from a `CellLayout`: subclasses only build the layout from their properties.
///
/// `draw(in:)` fills the background (unless the table already did), then draws `layout()`
/// with every part's style laid over `backgroundStyle`; `heightThatFits(width:)` measures it;
/// `action(at:size:)` returns the tag of the part under the point, so tagged parts are
/// buttons. A subclass still resets its own properties in `prepareForReuse()`.
///
/// ```swift
/// final class PersonCell: LayoutCell {
///     var name = "", online = false
///     override func prepareForReuse() { super.prepareForReuse(); name = ""; online = false }
///     override func layout() -> CellLayout {
///         .hstack(spacing: 1, [
///             .text(name, width: .flexible),
///             .glyph(online ? "●" : "○", style: Style(foreground: online ? .green : .brightBlack)).priority(-1),
///         ])
///     }
/// }
/// ```
open class LayoutCell: DataTableCell {
    /// An empty cell.
    public required init() {}

    /// The cell's contents, built from its current properties (called for every draw and measure).
    open func layout() -> CellLayout { .empty }

    /// Fills the background (unless prefilled) and draws `layout()`.
    open override func draw(in region: SurfaceRegion) {
        super.draw(in: region)
        layout().draw(in: region, style: backgroundStyle)
    }

    /// The layout's height at `width`, at least 1.
    open override func heightThatFits(width: Int) -> Int {
        max(1, layout().height(forWidth: width))
    }

    /// The layout's preferred width.
    open override var preferredWidth: Int? { layout().preferredWidth }

    /// The tag of the layout's part under `point`.
    open override func action(at point: Point, size: Size) -> String? {
        layout().tag(at: point, size: size)
    }
}
