import Testing
import TestSupport
@testable import DataTableKit

/// `ValueParsing.integer` reads through the one plain number grammar (`plainNumber`, no digit
/// loop of its own); this checks it against its contract, read another way (the oracle), over
/// random strings of digits, signs, group and decimal separators, blanks and currency.
@Suite struct IntegerReadingAgreementTests {
    /// The integer by the contract `integer` states, written another way: after blanks and an
    /// optional sign, digits grouped by the separator that is not the decimal one (1-3 digits,
    /// then groups of exactly 3) read by the standard library's `Int(_:)` (nil on overflow);
    /// anything else as written (`writtenNumber`), when integral and in range.
    static func oracle(_ text: String, format: ValueFormat) -> Int? {
        let blanks: Set<Character> = [" ", "\t"]
        var body = Substring(text)
        while let first = body.first, blanks.contains(first) { body.removeFirst() }
        while let last = body.last, blanks.contains(last) { body.removeLast() }
        var sign = ""
        if let first = body.first, first == "-" || first == "+" {
            sign = String(first)
            body.removeFirst()
        }
        let group: Character = format.decimalSeparator == UInt8(ascii: ",") ? "." : ","
        if !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == group) }) {
            let groups = body.split(separator: group, omittingEmptySubsequences: false)
            guard groups.allSatisfy({ !$0.isEmpty }), groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
            else { return nil }
            return Int(sign + groups.joined())
        }
        var copy = text
        return copy.withUTF8 { utf8 -> Int? in
            var range = 0..<0
            guard let number = ValueParsing.writtenNumber(UnsafeRawBufferPointer(utf8), decimalSeparator: format.decimalSeparator, body: &range),
                  number.integral, number.exact, number.exponent == 0
            else { return nil }
            let magnitude = String(number.mantissa)
            return Int((number.negative ? "-" : "") + magnitude)
        }
    }

    static let pieces: [String] = [
        "0", "1", "2", "3", "5", "7", "9", "00", "123", "999", "1000", "9223372036854775807",
        "9223372036854775808", "9223372036854775809", "18446744073709551615", "18446744073709551616",
        "99999999999999999999", "0000000000000000000001", "10000000000000000000",
        "-", "+", ",", ".", " ", "\t", "e", "E", "e3", "e-2", "$", "€", "(", ")", "%", "'", "EUR", "USD",
        "\u{00A0}", "\u{2212}", ",000", ".000", ",00", ",0000", ";",
    ]

    static func sample(_ random: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<Int(random.next() % 7) {
            let r = random.next()
            text += r % 3 == 0 ? String(r / 3 % 1000) : pieces[Int(r / 3 % UInt64(pieces.count))]
        }
        return text
    }

    @Test(arguments: [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "'")])
    func agreesWithTheOldReader(decimalSeparator: UInt8) {
        let format = ValueFormat(decimalSeparator: decimalSeparator)
        var random = SplitMix64(seed: UInt64(decimalSeparator))
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let text = Self.sample(&random)
            let (old, new) = (Self.oracle(text, format: format), ValueParsing.integer(text, format: format))
            if old != new, mismatches.count < 10 { mismatches.append("\(text.debugDescription): \(String(describing: old)) vs \(String(describing: new))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func edges() {
        for (text, expected) in [("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
                                 ("-0", 0), ("1,234,567", 1_234_567), ("0000000000000000000001", 1)] {
            #expect(ValueParsing.integer(text) == expected, "\(text)")
        }
        for text in ["9223372036854775808", "-9223372036854775809", "1,23", "1e3", "1.0", "", " ", "-"] {
            #expect(ValueParsing.integer(text) == nil, "\(text)")
        }
    }
}
