import DataTableKit
/// Counters about the frames a `TableApplication` drew (for a program's statistics report).
public struct FrameStatistics: Sendable {
    /// Frames built and presented.
    public var framesDrawn = 0
    /// Time to build frames (render into the surface, not the terminal write), summed.
    public var totalFrameBuildNanoseconds: UInt64 = 0
    /// The slowest frame build.
    public var maxFrameBuildNanoseconds: UInt64 = 0
    /// Time from the application's reference instant to the first frame presented.
    public var firstFrameNanoseconds: UInt64?

    /// No frames yet.
    public init() {}

    /// The mean frame build time.
    public var meanFrameBuildMilliseconds: Double {
        framesDrawn == 0 ? 0 : Double(totalFrameBuildNanoseconds) / Double(framesDrawn) / 1e6
    }

    /// The slowest frame build, in milliseconds.
    public var maxFrameBuildMilliseconds: Double { Double(maxFrameBuildNanoseconds) / 1e6 }

    mutating func record(buildNanoseconds: UInt64) {
        framesDrawn += 1
        totalFrameBuildNanoseconds += buildNanoseconds
        maxFrameBuildNanoseconds = max(maxFrameBuildNanoseconds, buildNanoseconds)
    }
}
