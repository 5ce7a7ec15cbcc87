import Testing
import TestSupport
@testable import DataTableKit

/// The one-loop reading of short plain numbers (`ValueParsing.shortPlainNumber`, the first
/// step of every number read) against a reader written here: random fields of digits, signs,
/// both separators, spaces and `e`, up to 22 bytes, in both decimal formats. Where the
/// reference sees `-?digits[D digits]` (or `D digits`, `digits D`) it gives the exact value,
/// and the parser's fixed point must be it; an integer column must read it as an `Int` exactly
/// when it has no separator.
@Suite struct ShortNumberReadingTests {
    /// `(negative, digits without leading zeros, scale)` of a plain field, trailing fraction
    /// zeros dropped; nil when the field is not `[+-]?` digits with at most one `decimal`.
    static func reference(_ field: [UInt8], decimal: UInt8) -> (negative: Bool, digits: [UInt8], scale: Int)? {
        var body = field[...]
        let negative = body.first == UInt8(ascii: "-")
        if negative || body.first == UInt8(ascii: "+") { body = body.dropFirst() }
        let parts = body.split(separator: decimal, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { $0 >= 48 && $0 <= 57 } }),
              parts.contains(where: { !$0.isEmpty }) else { return nil }
        let integer = Array(parts[0])
        var fraction = parts.count == 2 ? Array(parts[1]) : []
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        var digits = integer + fraction
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        return (negative, digits, fraction.count)
    }

    @Test(arguments: [UInt8(ascii: "."), UInt8(ascii: ",")])
    func shortFieldsReadExactly(decimal: UInt8) {
        var random = SplitMix64(seed: 0x5407 + UInt64(decimal))
        let format = ValueFormat(decimalSeparator: decimal)
        let alphabet = Array("0123456789".utf8) + Array("0123456789-.,+ e".utf8)
        var plainSeen = 0
        for _ in 0..<20_000 {
            let length = 1 + Int(random.next() % 22)
            var field = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            // Mostly well-formed: digits with one separator, maybe a sign.
            if random.next() % 2 == 0 {
                field = field.map { $0 >= 48 && $0 <= 57 ? $0 : UInt8(ascii: "7") }
                for _ in 0..<Int(random.next() % 3) { field[Int(random.next() % UInt64(field.count))] = decimal }
                if random.next() % 3 == 0 { field.insert(random.next() % 2 == 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"), at: 0) }
            }
            let number = field.withUnsafeBytes { ValueParsing.number($0, format: format) }
            // Digits with two decimal separators are no number.
            if field.filter({ $0 == decimal }).count >= 2, field.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == decimal }) {
                #expect(number == nil, "\(String(decoding: field, as: UTF8.self))")
            }
            guard let expected = Self.reference(field, decimal: decimal) else { continue }
            plainSeen += 1
            let text = String(decoding: field, as: UTF8.self)
            guard let number else {
                Issue.record("\(text) not read")
                continue
            }
            // Up to 18 significant digits and 18 fraction digits the value has a fixed point;
            // compare it as digits.
            guard expected.digits.count <= 18, expected.scale <= 18 else { continue }
            guard let (mantissa, scale) = number.fixedPoint() else {
                Issue.record("\(text) has no fixed point")
                continue
            }
            let magnitude = Array(String(mantissa.magnitude).utf8)
            #expect(magnitude == (expected.digits.isEmpty ? Array("0".utf8) : expected.digits), "\(text)")
            #expect(Int(scale) == (expected.digits.isEmpty ? 0 : expected.scale), "\(text)")
            #expect((mantissa < 0) == (expected.negative && !expected.digits.isEmpty), "\(text)")
            let integer = field.withUnsafeBytes { ValueParsing.integer($0, format: format) }
            let hasSeparator = field.contains(decimal)
            #expect((integer != nil) == !hasSeparator, "\(text)")
            if let integer, !hasSeparator { #expect(Int64(integer) == mantissa, "\(text)") }
        }
        #expect(plainSeen > 5000)
    }

    @Test func signsAndSeparatorsAloneAreNoNumber() {
        for text in ["+", "-", ".", ",", "-.", "+.", "-,", "--5", "+-5", "5-", "5..", ".5."] {
            var field = text
            let number = field.withUTF8 { ValueParsing.number(UnsafeRawBufferPointer($0)) }
            #expect(number == nil, "\(text)")
        }
    }
}
