import Foundation
import Testing
import TestSupport
@testable import DataTableKit

/// A number too wide for its cell is written shorter with its value unchanged, or as `#`s
/// (`ExactNumber`); values are compared as `Decimal`s here, never by the code under test.
@Suite struct ExactNumberTests {
    @Test(arguments: [
        ("123000000", 6, "1.23e8"), ("0.0000125", 7, "1.25e-5"), ("+0012.500", 4, "12.5"), ("1,234,567", 7, "1234567"),
        ("1.5e3", 4, "1500"), ("-4.5e+300", 8, "-4.5e300"), ("100.04", 5, "#####"), ("$1,234", 4, "####"),
        ("0.000", 1, "0"), ("12", 5, "12"), ("98.96", 5, "98.96"), ("1000000", 3, "1e6"),
    ] as [(String, Int, String)])
    func examples(text: String, width: Int, expected: String) {
        #expect(ExactNumber.text(text, fittingWidth: width) == expected)
    }

    @Test func aDecimalCommaFormatKeepsItsSeparator() {
        #expect(ExactNumber.text("39,100", fittingWidth: 4, decimalSeparator: UInt8(ascii: ",")) == "39,1")
        #expect(ExactNumber.text("1.234.000,5", fittingWidth: 9, decimalSeparator: UInt8(ascii: ",")) == "1234000,5")
        #expect(ExactNumber.text("0,00000025", fittingWidth: 6, decimalSeparator: UInt8(ascii: ",")) == "2,5e-7")
    }

    @Test func everyShorterFormHasTheSameValueAndFits() {
        var random = SplitMix64(seed: 19)
        for _ in 0..<5_000 {
            // A plain number: sign, up to 12 integer digits (leading zeros too), up to 12
            // decimals (trailing zeros too), maybe an exponent.
            let integer = String((0..<Int(random.next() % 13)).map { _ in Character(String(random.next() % 10)) })
            let fraction = String((0..<Int(random.next() % 13)).map { _ in Character(String(random.next() % 10)) })
            guard !(integer + fraction).isEmpty else { continue }
            var text = ["", "-", "+"][Int(random.next() % 3)] + (integer.isEmpty ? "0" : integer)
            if !fraction.isEmpty { text += "." + fraction }
            if random.next() % 3 == 0 { text += "e" + String(Int(random.next() % 60) - 30) }
            let width = 1 + Int(random.next() % 16)
            let shown = ExactNumber.text(text, fittingWidth: width)
            #expect(shown.count <= width, "\(text) in \(width): \(shown)")
            if shown == String(repeating: "#", count: width) { continue }
            #expect(Decimal(string: shown) == Decimal(string: text), "\(text) in \(width): \(shown)")
            #expect(!shown.contains("…"))
        }
    }
}
