/// A clipped rectangle of a `Surface` with its own coordinates: (0, 0) is the region's top-left.
///
/// Cells and widgets receive a region to draw into; nothing they write can land outside it.
public struct SurfaceRegion {
    /// The surface drawn on.
    public let surface: Surface
    /// The region's rectangle in surface coordinates (already clipped to the surface).
    public let rect: Rect

    /// The part `rect` of `surface` (clipped to the surface).
    public init(surface: Surface, rect: Rect) {
        self.surface = surface
        self.rect = rect.intersection(surface.bounds)
    }

    /// The region's size; points are relative to its top-left corner.
    public var size: Size { rect.size }
    /// Columns.
    public var width: Int { rect.width }
    /// Lines.
    public var height: Int { rect.height }
    /// The region in its own coordinates: origin zero, its size.
    public var bounds: Rect { Rect(origin: .zero, size: rect.size) }

    /// A sub-region, given in this region's coordinates and clipped to it.
    public func region(_ local: Rect) -> SurfaceRegion {
        let absolute = Rect(x: rect.x + local.x, y: rect.y + local.y, width: local.width, height: local.height)
        return SurfaceRegion(surface: surface, rect: absolute.intersection(rect))
    }

    /// Fills the region (or `local` within it) with blanks of `style`.
    public func fill(_ style: Style, in local: Rect? = nil) {
        surface.fill(absolute(local), style: style)
    }

    /// Lays `patch` over the style of every cell of the region (or `local` within it).
    public func patchStyle(_ patch: Style, in local: Rect? = nil) {
        surface.patchStyle(absolute(local), with: patch)
    }

    /// Writes one line of text at a local point, clipped to the region; returns the local column after it.
    @discardableResult
    public func put(_ text: String, at point: Point, style: Style) -> Int {
        surface.put(text, at: Point(x: rect.x + point.x, y: rect.y + point.y), style: style, clip: rect) - rect.x
    }

    /// Writes a slice of a string without copying it; see the `String` version.
    @discardableResult
    public func put(_ text: Substring, at point: Point, style: Style) -> Int {
        surface.put(text, at: Point(x: rect.x + point.x, y: rect.y + point.y), style: style, clip: rect) - rect.x
    }

    /// Writes any string-like text (a `Substring`, say); see the `String` version.
    @discardableResult
    public func put<S: StringProtocol>(_ text: S, at point: Point, style: Style) -> Int {
        put(String(text), at: point, style: style)
    }

    /// Writes one grapheme at a local point, clipped to the region; returns the local column after it.
    @discardableResult
    public func put(_ character: Character, at point: Point, style: Style) -> Int {
        surface.put(character, at: Point(x: rect.x + point.x, y: rect.y + point.y), style: style, clip: rect) - rect.x
    }

    private func absolute(_ local: Rect?) -> Rect {
        guard let local else { return rect }
        return Rect(x: rect.x + local.x, y: rect.y + local.y, width: local.width, height: local.height).intersection(rect)
    }
}
