import Glibc

/// How `CSVFileDataSource` indexes a file: the bytes indexed while opening (the first screen),
/// the chunk between publications, and how a regular file is split across the cores.
struct IndexingPlan: Sendable {
    /// Bytes indexed synchronously when the file is opened, so the first screen has rows at once.
    var initialBytes: Int
    /// Bytes per chunk between publications of new rows (and progress).
    var chunkBytes: Int
    /// Parts a regular file is split into (one per core, at most).
    var maxParts: Int
    /// A part is at least this many bytes: below, splitting costs more than it saves.
    var minimumPartBytes: Int
    /// The row-start kernel (the tests force the Swift fallback with `.swar`).
    var kernel: RowScanKernel = .best

    /// The plan of the viewer: 256 KiB at open, 4 MiB chunks, one part per core (at most 8) of at
    /// least 16 MiB.
    static let standard = IndexingPlan(initialBytes: 1 << 18, chunkBytes: 1 << 22,
                                       maxParts: min(8, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))),
                                       minimumPartBytes: 16 << 20)

    /// One part only: the whole file in order on one thread.
    static let sequential = IndexingPlan(initialBytes: 1 << 18, chunkBytes: 1 << 22, maxParts: 1, minimumPartBytes: .max)

    /// `range` cut into consecutive parts of nearly equal size (one when it is small).
    func parts(of range: Range<Int>) -> [Range<Int>] {
        let count = max(1, min(maxParts, range.count / max(1, minimumPartBytes)))
        guard count > 1 else { return [range] }
        return (0..<count).map { i in
            range.lowerBound + range.count * i / count ..< range.lowerBound + range.count * (i + 1) / count
        }
    }
}
