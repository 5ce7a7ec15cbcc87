/// Writing values as TOML text (a file the program writes for itself to read back, such as a
/// saved view), so that `TOMLDocument(parsing:)` reads the same values.
extension TOMLValue {
    /// The value as TOML: a basic string with `"`, `\` and control characters escaped
    /// (`\n`, `\t`, `\u007F`), an integer, `true`/`false`, or an array of them on one line.
    /// `.other` (a value no setting takes) is written as the string of its phrase.
    public var tomlText: String {
        switch self {
        case .string(let text): return Self.basicString(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let elements): return "[" + elements.map(\.tomlText).joined(separator: ", ") + "]"
        case .other(let phrase): return Self.basicString(phrase)
        }
    }

    /// `text` as a TOML basic string.
    static func basicString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension TOMLEntry {
    /// `key = value` (a bare key: letters, digits, `-` and `_`; any other key is quoted).
    public static func line(_ key: String, _ value: TOMLValue) -> String {
        let bare = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        return (bare ? key : TOMLValue.basicString(key)) + " = " + value.tomlText
    }
}
