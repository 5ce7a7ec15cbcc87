import Glibc

/// The bytes of a stream as the table reads them: read from a descriptor, and decompressed on
/// the way when the stream starts with a gzip, bzip2, xz or zstd magic number.
///
/// The format is told from the first bytes (`CompressionFormat.detect`), as soon as they can
/// only be plain text or one format, so a plain stream is never held back waiting for bytes.
/// Used by the thread that copies a stream into its temporary file.
struct StreamReader {
    private let fd: Int32
    /// Compressed bytes read and not yet decoded (or, before the format is known, the first bytes).
    private let input: UnsafeMutableRawBufferPointer
    private var pending: Range<Int> = 0..<0
    private var endOfInput = false
    /// nil until the format is known.
    private var detection: CompressionFormat.Detection = .undecided
    private var decoder: Decompressor?
    /// Bytes read from the descriptor so far (compressed bytes when decompressing).
    private(set) var bytesRead = 0
    /// Decoder calls in a row that moved nothing.
    private var stalls = 0

    /// Bytes read from the descriptor at a time.
    static let inputPiece = 1 << 16

    /// A reader of `fd` (not closed by it).
    init(fd: Int32) {
        self.fd = fd
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.inputPiece, alignment: 16)
    }

    /// Frees the input buffer.
    func deallocate() { input.deallocate() }

    /// The format found, once the first bytes have told (nil for plain text or before).
    var format: CompressionFormat? {
        if case .compressed(let format) = detection { return format }
        return nil
    }

    /// What a read gives.
    enum Outcome {
        /// This many bytes were put into the buffer (at least 1).
        case bytes(Int)
        /// The stream ended properly.
        case end
        /// Reading failed: `message` says why (the bytes before it were delivered).
        case failed(String, isData: Bool)
    }

    /// Reads up to `output.count` bytes of the (decompressed) stream into `output`; blocks until
    /// at least one byte, the end, or a failure.
    mutating func read(into output: UnsafeMutableRawBufferPointer) -> Outcome {
        guard !output.isEmpty else { return .bytes(0) }
        while true {
            switch detection {
            case .undecided:
                if let failure = fill() { return failure }
                let prefix = UnsafeRawBufferPointer(rebasing: input[pending])
                detection = CompressionFormat.detect(prefix, isComplete: endOfInput)
                if case .compressed(let format) = detection {
                    do {
                        decoder = try Decompressor(format: format)
                    } catch {
                        return .failed(error.description, isData: true)
                    }
                }
            case .plain:
                if !pending.isEmpty {
                    let n = min(pending.count, output.count)
                    output.baseAddress!.copyMemory(from: input.baseAddress! + pending.lowerBound, byteCount: n)
                    pending = pending.lowerBound + n..<pending.upperBound
                    return .bytes(n)
                }
                if endOfInput { return .end }
                let n = Glibc.read(fd, output.baseAddress, output.count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return .failed(String(cString: strerror(errno)), isData: false) }
                if n == 0 { endOfInput = true; return .end }
                bytesRead += n
                return .bytes(n)
            case .compressed:
                guard let decoder else { return .end }
                stalls += 1
                // Never spin: a decoder that takes nothing from a full buffer will not start again.
                if stalls > 1000 { return .failed("the \(decoder.format.name) decoder made no progress", isData: true) }
                do {
                    if pending.isEmpty && endOfInput {
                        let produced = try decoder.finish(into: output)
                        return produced > 0 ? .bytes(produced) : .end
                    }
                    let (consumed, produced) = try decoder.decode(UnsafeRawBufferPointer(rebasing: input[pending]), into: output)
                    pending = pending.lowerBound + consumed..<pending.upperBound
                    if produced > 0 || consumed > 0 { stalls = 0 }
                    if produced > 0 { return .bytes(produced) }
                    if consumed == 0 || pending.isEmpty, let failure = fill() { return failure }
                } catch {
                    return .failed(error.description, isData: true)
                }
            }
        }
    }

    /// Reads more input after what is pending (moving it to the front); sets `endOfInput` at the end.
    private mutating func fill() -> Outcome? {
        if endOfInput { return nil }
        if pending.lowerBound > 0 {
            let count = pending.count
            if count > 0 { input.baseAddress!.copyMemory(from: input.baseAddress! + pending.lowerBound, byteCount: count) }
            pending = 0..<count
        }
        guard pending.upperBound < input.count else { return nil }
        while true {
            let n = Glibc.read(fd, input.baseAddress! + pending.upperBound, input.count - pending.upperBound)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failed(String(cString: strerror(errno)), isData: false) }
            if n == 0 { endOfInput = true } else { pending = pending.lowerBound..<pending.upperBound + n; bytesRead += n }
            return nil
        }
    }
}
