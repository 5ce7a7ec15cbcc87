/// What a terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Colours available: 0 (none: attributes only), 8, 16, 256 or more.
    public var colorCount: Int
    /// Whether the terminal shows UTF-8 (box drawing, blocks, CJK); otherwise widgets use ASCII.
    public var isUnicode: Bool

    /// A terminal showing `colorCount` colours, UTF-8 or not.
    public init(colorCount: Int, isUnicode: Bool = true) {
        self.colorCount = colorCount
        self.isUnicode = isUnicode
    }

    /// Whether the terminal has at least the 8 basic colours.
    public var hasColors: Bool { colorCount >= 8 }
}

/// A terminal the table can draw to and read input from.
///
/// The contract on visibility: nothing a caller does becomes visible until `present(_:)`
/// returns; `present` makes the whole frame visible at once (one flush).
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    var capabilities: TerminalCapabilities { get }
    /// Waits at most `timeoutMilliseconds` (nil: until something happens) for the next event.
    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent?
    /// Makes `surface` visible, writing only what changed since the last presented frame.
    func present(_ surface: Surface)
    /// Bytes sent to the terminal so far.
    var bytesWritten: Int { get }
    /// Puts `text` on the terminal's clipboard (OSC 52), where the terminal allows it.
    func copyToClipboard(_ text: String)
    /// Makes a `nextEvent(timeoutMilliseconds:)` that is waiting (or the next one) return nil
    /// now, so the caller picks up work finished on another thread at once instead of at its
    /// timeout. Callable from any thread.
    func wake()
}

extension TerminalBackend {
    /// Default: the backend has no clipboard; nothing happens.
    public func copyToClipboard(_ text: String) {}
    /// Default: nothing happens (the wait ends at its timeout).
    public func wake() {}
}
