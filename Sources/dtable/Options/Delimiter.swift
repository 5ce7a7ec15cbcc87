import TerminalSurface

/// The field delimiter (`--delimiter`): one ASCII character, or `tab` (any case) or `\t` for a
/// tab. The quote and the line ends cannot separate fields.
struct Delimiter: Equatable {
    /// The delimiter byte.
    var byte: UInt8
}

extension Delimiter: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        if text.lowercased() == "tab" || text == "\\t" {
            self.init(byte: UInt8(ascii: "\t"))
            return
        }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80,
              byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
            throw OptionValueError("\(option) must be one ASCII character or 'tab', not \(TerminalText.quoted(text, maxWidth: 20))")
        }
        self.init(byte: byte)
    }
}
