import CRowScan

/// Which row-start kernel `RowIndexer` runs: the C one (`Sources/CRowScan`) where the CPU has
/// AVX2, else the Swift SWAR one. Both give exactly the reference state machine's starts.
@usableFromInline
enum RowScanKernel: Sendable, CustomStringConvertible {
    /// AVX2 compares + movemask, `pclmulqdq` quote parity (`RowIndexer+Vector.swift`): ~7.5 GB/s a core.
    case vector
    /// 64-bit SWAR over `SIMD16` compares (`RowIndexer+SWAR.swift`): ~3 GB/s a core, any CPU.
    case swar

    /// The fastest kernel this CPU runs: `.vector` on x86-64 with AVX2, PCLMULQDQ, BMI1, BMI2
    /// and POPCNT (checked once, at the first use), else `.swar`.
    @usableFromInline static let best: RowScanKernel = crowscan_available() != 0 ? .vector : .swar

    /// Every kernel this CPU runs (the tests check each against the reference).
    static var available: [RowScanKernel] { best == .vector ? [.vector, .swar] : [.swar] }

    @usableFromInline var description: String { self == .vector ? "vector" : "swar" }
}
