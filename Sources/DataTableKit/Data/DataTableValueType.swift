/// A value shown in a table cell, typed so that sorting and alignment can respect its kind.
public enum DataTableValueType: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// An empty cell.
    case null

    /// The text a cell shows for the value.
    public var stringRepresentation: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(saturating: d)) : String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        }
    }

    /// The value as an integer when it is one (or a string holding one).
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return d == d.rounded() && abs(d) < 9e18 ? Int(saturating: d) : nil
        case .string(let s): return Int(s)
        case .bool(let b): return b ? 1 : 0
        case .null: return nil
        }
    }

    /// The value as a floating-point number when it is numeric (or a string holding a number).
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .string(let s): return Double(s)
        case .bool(let b): return b ? 1 : 0
        case .null: return nil
        }
    }

    /// Whether the value is a number, or text that reads as one (used for right alignment).
    public var isNumeric: Bool {
        switch self {
        case .int, .double: return true
        case .string(let s): return NumberText.isNumber(s)
        case .bool, .null: return false
        }
    }
}

extension DataTableValueType {
    /// The typed value of a field's text: `.null` for empty text; `.int`, `.double` or `.bool`
    /// when the text is exactly that value's canonical form (`42`, `-3.5`, `true`), so that
    /// `stringRepresentation` gives back the same text; `.string` otherwise (`1,234.50`, dates).
    public init(fieldText text: String) {
        if text.isEmpty { self = .null; return }
        if let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
            if let i = Int(text), String(i) == text { self = .int(i); return }
            if let d = Double(text), d.isFinite, DataTableValueType.double(d).stringRepresentation == text { self = .double(d); return }
        }
        if text == "true" { self = .bool(true); return }
        if text == "false" { self = .bool(false); return }
        self = .string(text)
    }
}

/// Recognising numbers in text without allocating.
enum NumberText {
    /// True for `-12`, `+3.5`, `1e9`, `.5`, `1,234.5` (grouping commas), and nothing else.
    /// - Complexity: O(n) in the UTF-8 length, no allocation.
    static func isNumber(_ s: String) -> Bool {
        var sawDigit = false, sawDot = false, sawExponent = false
        var previous: UInt8 = 0
        var index = 0
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return false }
            case UInt8(ascii: "."):
                guard !sawDot, !sawExponent else { return false }
                sawDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else { return false }
                sawExponent = true
            case UInt8(ascii: ","):
                guard sawDigit, !sawDot, !sawExponent else { return false }
            default:
                return false
            }
            previous = byte
            index += 1
        }
        return sawDigit && previous != UInt8(ascii: ",") && previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E")
    }
}
