/// Carries the scanner state across chunks.
///
/// Start with `RowIndexerState()` at the beginning of the data and pass the state each `scan`
/// returns to the `scan` of the next chunk (chunks must be consecutive and in order).
public struct RowIndexerState: Sendable, Equatable {
    /// Inside a quoted field at the chunk boundary (an odd number of quote bytes so far).
    public var inQuotes: Bool
    /// The last byte of the previous chunk was a CR outside quotes whose record start is still
    /// pending: it is reported by the next `scan` (after the LF if the next chunk starts with one,
    /// else at the next chunk's first byte) or by `finish`.
    public var previousWasCR: Bool

    /// The state at the start of a file: outside quotes, no CR pending.
    public init() {
        inQuotes = false
        previousWasCR = false
    }

    /// The state carried over from the end of the previous chunk.
    public init(inQuotes: Bool, previousWasCR: Bool) {
        self.inQuotes = inQuotes
        self.previousWasCR = previousWasCR
    }
}

/// Receives record starts from `RowIndexer.scan`, in increasing order.
///
/// Conform a struct (or a final class) that stores offsets; the scan is generic over the sink, so
/// `append` is inlined into the kernel's loop when the sink type is visible to the caller.
public protocol RowStartSink {
    /// Takes the absolute byte offset of one record start.
    mutating func append(_ offset: Int)
}

/// Adapts a closure to `RowStartSink` (used by the closure overloads of `RowIndexer.scan`).
public struct RowStartClosureSink: RowStartSink {
    @usableFromInline let body: (Int) -> Void

    /// A sink that hands each record start to `body`.
    @inlinable public init(_ body: @escaping (Int) -> Void) { self.body = body }

    /// Hands the record start at byte `offset` to the closure.
    @inlinable @inline(__always)
    public mutating func append(_ offset: Int) { body(offset) }
}

/// Finds the byte offsets where CSV records start: the row index of a file.
///
/// ## Contract
/// `scan` reports, in increasing order, `baseOffset + i` for every record start `i` that follows
/// a record terminator outside quotes:
/// - after an LF (`\n`),
/// - after a CRLF pair (one terminator; the start is after the LF, also when the CR ends one chunk
///   and the LF begins the next),
/// - after a lone CR (`\r` not followed by LF).
///
/// Every quote byte toggles the in-quotes state, wherever it stands (a doubled quote `""` toggles
/// twice, which is right for CSV; a stray quote inside an unquoted field is the accepted
/// approximation). An unterminated quote therefore hides every later terminator.
///
/// Record 0 is the caller's: seed the index with 0, or with 3 when the data begins with a UTF-8
/// byte order mark `EF BB BF` (the scanner does not look for one; the BOM bytes are neither quotes
/// nor terminators, so scanning from offset 0 or from 3 gives the same starts).
///
/// A terminator at the very end of the data yields a start equal to the data length, which the
/// caller drops (it is the end of the last record, not a record). The one exception is a lone CR
/// as the last byte of a chunk: whether it is a lone CR or the first half of a CRLF depends on the
/// next chunk, so its start is reported by the next `scan` or, at the end of the data, by `finish`
/// (which reports the data length, so the caller may as well skip it).
///
/// `quote` must not be LF or CR (`CSVDialect` never uses them). To disable quoting, pass a byte
/// that cannot occur in the data.
///
/// Chunks may be any size, including 0; splitting the data anywhere gives the same starts as one
/// call over the whole.
///
/// ## Speed (1.28 GB file, warm page cache, 2-core x86-64, release build)
/// `scan` runs the C kernel (`RowIndexer+Vector.swift`, ~7.5 GB/s a core) where the CPU has
/// AVX2, else the SWAR kernel (`RowIndexer+SWAR.swift`; `RowScanKernel` chooses). The SWAR kernel
/// runs at about 3.3 GB/s with a struct sink and 2.9 GB/s with a closure; `scanReference`, the
/// byte-at-a-time state machine, at about 0.8 GB/s.
/// The sink is on the hot path: appending through a closure into a class (one call, a chunk-table
/// lookup and two stores per row) brings the whole indexing loop down to ~2 GB/s, while a struct
/// sink that keeps the current chunk pointer and fill count in its fields stays at ~2.9 GB/s,
/// page faults for the fresh chunks included.
public enum RowIndexer {
    @inlinable static var lineFeed: UInt8 { 0x0A }
    @inlinable static var carriageReturn: UInt8 { 0x0D }

    /// Appends to `starts` the absolute offset of every record start in `chunk` (see the type's
    /// contract) and returns the state to pass with the next chunk. The fast path.
    /// - Complexity: O(n) in `chunk.count`.
    @inlinable
    public static func scan(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                            state: RowIndexerState, into starts: (Int) -> Void) -> RowIndexerState {
        withoutActuallyEscaping(starts) { body in
            var sink = RowStartClosureSink(body)
            return scan(chunk, baseOffset: baseOffset, quote: quote, state: state, kernel: .best, into: &sink)
        }
    }

    /// The same as the closure overload, reporting to a sink (fastest with a concrete struct sink).
    @inlinable
    public static func scan<Sink: RowStartSink>(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                                                state: RowIndexerState, into sink: inout Sink) -> RowIndexerState {
        scan(chunk, baseOffset: baseOffset, quote: quote, state: state, kernel: .best, into: &sink)
    }

    /// `scan` with a given kernel (`.best` unless a test or benchmark forces the fallback).
    @inlinable
    static func scan<Sink: RowStartSink>(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                                         state: RowIndexerState, kernel: RowScanKernel,
                                         into sink: inout Sink) -> RowIndexerState {
        switch kernel {
        case .vector: scanVector(chunk, baseOffset: baseOffset, quote: quote, state: state, into: &sink)
        case .swar: scanSWAR(chunk, baseOffset: baseOffset, quote: quote, state: state, into: &sink)
        }
    }

    /// Reports the start left pending by a lone CR at the very end of the data (`endOffset`, the
    /// data length), if any. Optional: that start equals the data length, which callers drop.
    @inlinable
    public static func finish(state: RowIndexerState, endOffset: Int, into starts: (Int) -> Void) {
        if state.previousWasCR { starts(endOffset) }
    }

    /// Reference implementation: a byte-at-a-time state machine with the same contract as
    /// `scan`, for tests and fuzzing.
    static func scanReference(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                              state: RowIndexerState, into starts: (Int) -> Void) -> RowIndexerState {
        withoutActuallyEscaping(starts) { body in
            var sink = RowStartClosureSink(body)
            return scanBytes(chunk, from: 0, baseOffset: baseOffset, quote: quote, state: state, into: &sink)
        }
    }

    /// The state machine over `chunk[from...]`; also the SWAR kernel's tail loop.
    @inlinable
    static func scanBytes<Sink: RowStartSink>(_ chunk: UnsafeRawBufferPointer, from: Int, baseOffset: Int,
                                              quote: UInt8, state: RowIndexerState,
                                              into sink: inout Sink) -> RowIndexerState {
        var inQuotes = state.inQuotes
        var previousWasCR = false
        var i = from
        let n = chunk.count
        if state.previousWasCR && i < n {
            // The previous chunk ended with a terminating CR: CRLF ends after this LF (below),
            // a lone CR right here.
            if chunk[i] != lineFeed { sink.append(baseOffset + i) }
        } else {
            previousWasCR = state.previousWasCR
        }
        walkOutsideQuotes(chunk, from: &i, quote: quote, delimiter: lineFeed, inQuotes: &inQuotes) { i, byte in
            if byte == lineFeed {
                sink.append(baseOffset + i + 1)
            } else if i + 1 < n {
                // CRLF is one terminator: skip the LF, the record starts after it.
                if chunk[i + 1] == lineFeed { i += 1 }
                sink.append(baseOffset + i + 1)
            } else {
                // The last byte: lone CR or CRLF is up to the next chunk.
                previousWasCR = true
            }
            return true
        }
        return RowIndexerState(inQuotes: inQuotes, previousWasCR: previousWasCR)
    }

    /// The byte state machine the scans share: walks `bytes` from `i`, every quote byte
    /// toggling `inQuotes`, and hands each `delimiter`, LF or CR outside quotes to `body` with
    /// its offset, which `body` may move past bytes it consumed. Stops at the end of the bytes,
    /// or when `body` returns false (then `i` is that byte's offset).
    /// - Complexity: O(bytes walked).
    @inlinable @inline(__always)
    static func walkOutsideQuotes(_ bytes: UnsafeRawBufferPointer, from i: inout Int, quote: UInt8, delimiter: UInt8,
                                  inQuotes: inout Bool, _ body: (inout Int, UInt8) -> Bool) {
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes && (byte == delimiter || byte == lineFeed || byte == carriageReturn) {
                guard body(&i, byte) else { return }
            }
            i += 1
        }
    }
}
