import CCompression

/// Why compressed data could not be read to its end.
public struct DecompressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a message ("corrupt gzip data (invalid block type)").
    public var description: String
}

/// A streaming decoder for one `CompressionFormat`, through the C library Debian ships for it
/// (zlib, libbz2, liblzma, libzstd).
///
/// Feed it the compressed bytes in pieces of any size with `decode`; concatenated streams (a
/// multi-member gzip, `cat a.bz2 b.bz2`, several xz streams or zstd frames) decode as one, as
/// their command-line tools do. At the end of the input, `finish` says whether the data stopped
/// inside a stream (a truncated file).
final class Decompressor {
    let format: CompressionFormat
    private enum State {
        case gzip(UnsafeMutablePointer<z_stream>)
        case bzip2(UnsafeMutablePointer<bz_stream>)
        case xz(UnsafeMutablePointer<lzma_stream>)
        case zstd(OpaquePointer)
    }
    private var state: State
    /// Whether the last byte consumed ended a stream (member, frame): the input may stop here.
    private(set) var isAtStreamEnd = false

    /// A decoder for `format`.
    init(format: CompressionFormat) throws(DecompressionError) {
        self.format = format
        switch format {
        case .gzip:
            state = .gzip(try Self.started(z_stream(), "gzip") { dt_inflate_init_gzip($0) == Z_OK })
        case .bzip2:
            state = .bzip2(try Self.started(bz_stream(), "bzip2") { BZ2_bzDecompressInit($0, 0, 0) == BZ_OK })
        case .xz:
            state = .xz(try Self.started(lzma_stream(), "xz") { dt_lzma_init_xz($0) == LZMA_OK })
        case .zstd:
            guard let stream = ZSTD_createDStream() else {
                throw DecompressionError(description: "cannot start the zstd decoder")
            }
            ZSTD_initDStream(stream)
            state = .zstd(stream)
        }
    }

    /// A library's stream struct, allocated, zeroed and started by `start`; freed again (and
    /// "cannot start the NAME decoder" thrown) when `start` fails.
    private static func started<Stream>(
        _ empty: Stream, _ name: String, _ start: (UnsafeMutablePointer<Stream>) -> Bool
    ) throws(DecompressionError) -> UnsafeMutablePointer<Stream> {
        let stream = UnsafeMutablePointer<Stream>.allocate(capacity: 1)
        stream.initialize(to: empty)
        guard start(stream) else {
            stream.deallocate()
            throw DecompressionError(description: "cannot start the \(name) decoder")
        }
        return stream
    }

    deinit {
        switch state {
        case .gzip(let stream):
            inflateEnd(stream)
            stream.deallocate()
        case .bzip2(let stream):
            BZ2_bzDecompressEnd(stream)
            stream.deallocate()
        case .xz(let stream):
            lzma_end(stream)
            stream.deallocate()
        case .zstd(let stream):
            ZSTD_freeDStream(stream)
        }
    }

    /// Decodes from `input` into `output`: how many input bytes were consumed and output bytes
    /// produced. Both may be 0 when the decoder needs more input (or more room); call again with
    /// empty input to flush what it still holds.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
        throws(DecompressionError) -> (consumed: Int, produced: Int) {
        var consumed = 0, produced = 0
        // A stream ended and more bytes follow: the next stream (member, frame) starts.
        while true {
            let rest = UnsafeRawBufferPointer(rebasing: input[consumed...])
            let room = UnsafeMutableRawBufferPointer(rebasing: output[produced...])
            if isAtStreamEnd {
                guard !rest.isEmpty else { break }
                // Zero padding after the last member (tape blocks) is ignored, as gzip does.
                if format == .gzip, rest.allSatisfy({ $0 == 0 }) {
                    consumed = input.count
                    break
                }
                try restart()
            }
            guard !room.isEmpty else { break }
            let (c, p, ended) = try step(rest, room)
            consumed += c
            produced += p
            if ended {
                isAtStreamEnd = true
                continue
            }
            if c == 0 && p == 0 { break }
            if consumed == input.count && p == 0 { break }
        }
        return (consumed, produced)
    }

    /// After the last input byte: flushes what the decoder holds into `output` (call until it
    /// returns 0), then throws when the data ended inside a stream.
    func finish(into output: UnsafeMutableRawBufferPointer) throws(DecompressionError) -> Int {
        if case .xz(let stream) = state, !isAtStreamEnd {
            // xz decodes concatenated streams: only LZMA_FINISH tells a proper end from a cut.
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = output.count
            let result = lzma_code(stream, LZMA_FINISH)
            let produced = output.count - stream.pointee.avail_out
            switch result {
            case LZMA_STREAM_END: isAtStreamEnd = true
            case LZMA_OK: if produced == 0 { throw truncated }
            case LZMA_BUF_ERROR: throw truncated
            default: throw xzError(result)
            }
            return produced
        }
        let (_, produced) = try decode(UnsafeRawBufferPointer(start: nil, count: 0), into: output)
        if produced > 0 { return produced }
        if !isAtStreamEnd { throw truncated }
        return 0
    }

    private var truncated: DecompressionError {
        DecompressionError(description: "the \(format.name) data ends early (the file is truncated)")
    }

    /// Starts the next stream after one ended.
    private func restart() throws(DecompressionError) {
        isAtStreamEnd = false
        switch state {
        case .gzip(let stream):
            guard inflateReset(stream) == Z_OK else { throw DecompressionError(description: "cannot restart the gzip decoder") }
        case .bzip2(let stream):
            BZ2_bzDecompressEnd(stream)
            stream.pointee = bz_stream()
            guard BZ2_bzDecompressInit(stream, 0, 0) == BZ_OK else { throw DecompressionError(description: "cannot restart the bzip2 decoder") }
        case .xz:
            break  // LZMA_CONCATENATED: never ends before LZMA_FINISH
        case .zstd:
            break  // the next frame starts by itself
        }
    }

    /// One call into the library: consumed, produced, and whether a stream ended.
    private func step(_ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer)
        throws(DecompressionError) -> (Int, Int, Bool) {
        let inBase = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let outBase = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        switch state {
        case .gzip(let stream):
            let inCount = min(input.count, Int(UInt32.max)), outCount = min(output.count, Int(UInt32.max))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inBase)
            stream.pointee.avail_in = UInt32(inCount)
            stream.pointee.next_out = outBase
            stream.pointee.avail_out = UInt32(outCount)
            let result = inflate(stream, Z_NO_FLUSH)
            let c = inCount - Int(stream.pointee.avail_in), p = outCount - Int(stream.pointee.avail_out)
            switch result {
            case Z_OK, Z_BUF_ERROR: return (c, p, false)
            case Z_STREAM_END: return (c, p, true)
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "error \(result)"
                throw DecompressionError(description: "corrupt gzip data (\(reason))")
            }
        case .bzip2(let stream):
            let inCount = min(input.count, Int(UInt32.max)), outCount = min(output.count, Int(UInt32.max))
            stream.pointee.next_in = UnsafeMutableRawPointer(mutating: input.baseAddress)?.assumingMemoryBound(to: CChar.self)
            stream.pointee.avail_in = UInt32(inCount)
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
            stream.pointee.avail_out = UInt32(outCount)
            let result = BZ2_bzDecompress(stream)
            let c = inCount - Int(stream.pointee.avail_in), p = outCount - Int(stream.pointee.avail_out)
            switch result {
            case BZ_OK: return (c, p, false)
            case BZ_STREAM_END: return (c, p, true)
            case BZ_DATA_ERROR_MAGIC: throw DecompressionError(description: "corrupt bzip2 data (bad stream header)")
            case BZ_MEM_ERROR: throw DecompressionError(description: "out of memory decoding bzip2 data")
            default: throw DecompressionError(description: "corrupt bzip2 data")
            }
        case .xz(let stream):
            stream.pointee.next_in = inBase
            stream.pointee.avail_in = input.count
            stream.pointee.next_out = outBase
            stream.pointee.avail_out = output.count
            let result = lzma_code(stream, LZMA_RUN)
            let c = input.count - stream.pointee.avail_in, p = output.count - stream.pointee.avail_out
            switch result {
            case LZMA_OK, LZMA_BUF_ERROR: return (c, p, false)
            case LZMA_STREAM_END: return (c, p, true)
            default: throw xzError(result)
            }
        case .zstd(let stream):
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
            if ZSTD_isError(result) != 0 {
                throw DecompressionError(description: "corrupt zstd data (\(String(cString: ZSTD_getErrorName(result))))")
            }
            // 0: a frame is complete and fully flushed.
            return (inBuffer.pos, outBuffer.pos, result == 0)
        }
    }

    private func xzError(_ result: lzma_ret) -> DecompressionError {
        switch result {
        case LZMA_MEM_ERROR, LZMA_MEMLIMIT_ERROR: return DecompressionError(description: "out of memory decoding xz data")
        case LZMA_FORMAT_ERROR: return DecompressionError(description: "corrupt xz data (not in the .xz format)")
        case LZMA_OPTIONS_ERROR: return DecompressionError(description: "unsupported xz options")
        default: return DecompressionError(description: "corrupt xz data")
        }
    }
}
