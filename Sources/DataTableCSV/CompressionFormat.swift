/// A compressed format dtable opens directly, told by its first bytes (never by the file name).
public enum CompressionFormat: String, Sendable, CaseIterable {
    case gzip, bzip2, xz, zstd

    /// What the first bytes of an input say.
    public enum Detection: Sendable, Equatable {
        /// The bytes start with this format's magic number.
        case compressed(CompressionFormat)
        /// The bytes start with no known magic number: plain text (or something else).
        case plain
        /// Too few bytes to tell yet: every byte so far agrees with some magic number.
        case undecided
    }

    /// Bytes `detect` needs at most to decide.
    public static let longestMagic = 10

    /// The magic numbers of each format (nil: a digit 1-9). bzip2's is `BZh`, the block size
    /// digit and the first block's (or the end of stream's) own magic, so that a text starting
    /// with "BZh" is not taken for bzip2.
    static func magics(of format: CompressionFormat) -> [[UInt8?]] {
        switch format {
        case .gzip: return [[0x1F, 0x8B, 0x08]]
        case .xz: return [[0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]]
        case .zstd: return [[0x28, 0xB5, 0x2F, 0xFD]]
        case .bzip2:
            let head: [UInt8?] = [0x42, 0x5A, 0x68, nil]
            return [head + [0x31, 0x41, 0x59, 0x26, 0x53, 0x59], head + [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]]
        }
    }

    /// Whether `prefix` starts with one of `format`'s magic numbers: true, false, or nil when
    /// `prefix` is too short to tell.
    static func matches(_ format: CompressionFormat, _ prefix: UnsafeRawBufferPointer) -> Bool? {
        var result: Bool? = false
        for magic in magics(of: format) {
            var match: Bool? = true
            for (i, expected) in magic.enumerated() {
                guard i < prefix.count else { match = nil; break }
                let byte = prefix[i]
                let ok = expected.map { byte == $0 } ?? (byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9"))
                if !ok { match = false; break }
            }
            if match == true { return true }
            if match == nil { result = nil }
        }
        return result
    }

    /// Which format `prefix` (the first bytes of an input) is in. `isComplete`: no more bytes
    /// will come, so an undecided prefix is plain.
    /// - Complexity: O(1) (at most `longestMagic` bytes are read).
    public static func detect(_ prefix: UnsafeRawBufferPointer, isComplete: Bool = true) -> Detection {
        var undecided = false
        for format in allCases {
            switch matches(format, prefix) {
            case true?: return .compressed(format)
            case nil: undecided = true
            case false?: break
            }
        }
        if prefix.isEmpty { return isComplete ? .plain : .undecided }
        return undecided && !isComplete ? .undecided : .plain
    }

    /// The tool's name as users know it ("gzip").
    public var name: String { rawValue }
}
