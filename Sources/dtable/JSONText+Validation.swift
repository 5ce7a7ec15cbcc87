/// Telling JSON text (RFC 8259) from anything else, without building it: `--stats` replaces an
/// existing file only when it holds JSON (an earlier report), never a CSV file named by mistake.
extension JSONText {
    /// Whether `bytes` are one JSON value with optional whitespace around it. Nesting deeper
    /// than `maximumDepth` counts as not JSON (no recursion without a bound on any input).
    /// - Complexity: O(bytes).
    static func isValid(_ bytes: [UInt8], maximumDepth: Int = 512) -> Bool {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        guard parser.value(depth: 0) else { return false }
        parser.skipWhitespace()
        return parser.index == bytes.count
    }

    private struct Parser {
        let bytes: [UInt8]
        let maximumDepth: Int
        var index = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < maximumDepth else { return false }
            skipWhitespace()
            switch current {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if take(UInt8(ascii: "}")) { return true }
                repeat {
                    skipWhitespace()
                    guard string() else { return false }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")), value(depth: depth + 1) else { return false }
                    skipWhitespace()
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if take(UInt8(ascii: "]")) { return true }
                repeat {
                    guard value(depth: depth + 1) else { return false }
                    skipWhitespace()
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "]"))
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 { guard take(byte) else { return false } }
            return true
        }

        /// A string: no raw control characters, only the escapes JSON has.
        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = current, hex.isHexDigit else { return false }
                            index += 1
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        return false
                    }
                case 0..<0x20: return false
                default: break
                }
            }
            return false
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() -> Bool {
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // No leading zeros.
            } else {
                guard let first = current, first.isDigit, first != UInt8(ascii: "0") else { return false }
                digits()
            }
            if take(UInt8(ascii: ".")) {
                guard current?.isDigit == true else { return false }
                digits()
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard current?.isDigit == true else { return false }
                digits()
            }
            return true
        }

        mutating func digits() {
            while current?.isDigit == true { index += 1 }
        }
    }
}

private extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isHexDigit: Bool {
        isDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
