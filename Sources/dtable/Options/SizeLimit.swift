import DataTableCSV
import TerminalSurface

/// A size in bytes as people write it (`500M`, `4GiB`, `1048576`; see `ByteSize.parse`), or
/// `none` for no limit (`--buffer-limit`).
struct SizeLimit: Equatable {
    /// The bytes; `Int.max` for `none`.
    var bytes: Int
}

extension SizeLimit: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        guard let bytes = ByteSize.parse(text) else {
            throw OptionValueError("\(option) must be a size such as 500M, 4G or 1048576 (bytes), or none, not \(TerminalText.quoted(text, maxWidth: 40))")
        }
        self.init(bytes: bytes)
    }
}
