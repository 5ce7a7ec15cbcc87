import TerminalSurface

/// How rows an apply changed flash (`TableTheme.flash`): the backgrounds they fade through and
/// for how long, or no flash at all.
///
/// ```swift
/// var theme = TableTheme.colored
/// theme.flash = .off                      // changed rows are drawn once, without a flash
/// theme.flash = TableFlashStyle(colors: [.palette(22), .palette(28)], duration: .milliseconds(400))
/// ```
public struct TableFlashStyle: Hashable, Sendable {
    /// The backgrounds the flash fades through, strongest first (empty: no flash).
    public var colors: [Color]
    /// How long a flash lasts (zero: no flash).
    public var duration: Duration

    /// A flash fading through `colors` over `duration`.
    public init(colors: [Color], duration: Duration) {
        self.colors = colors
        self.duration = duration
    }

    /// Whether rows flash at all: the run loop draws the frames of a fade only then.
    public var isOn: Bool { !colors.isEmpty && duration > .zero }

    /// 256-colour yellows fading to pale over a second.
    public static let standard = TableFlashStyle(
        colors: [.palette(220), .palette(221), .palette(222), .palette(223), .palette(230)], duration: .milliseconds(1000))

    /// No flash: changed rows are drawn once, as they are.
    public static let off = TableFlashStyle(colors: [], duration: .zero)
}
