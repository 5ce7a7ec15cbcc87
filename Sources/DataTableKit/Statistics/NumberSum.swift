/// The sum of a column's numbers, which never traps and never overflows before its end: the
/// mean of `9223372036854775807, 1, -9223372036854775808, -1, 5` is exactly 0.8, and the mean of
/// `1e308, 1e308` is 1e308.
///
/// - Integers (within ±(2^64 − 1)) are summed exactly in 128 bits: no sum of fewer than 2^63
///   of them overflows.
/// - Other numbers are summed with Neumaier's compensation in two accumulators by magnitude:
///   below 2^512 as they are, from 2^512 up scaled by 2^-512 (exactly: a power of two). No
///   partial sum of fewer than 2^63 finite numbers leaves the double range in either, whatever
///   their order, and numbers that cancel (`1e308`, `-1e308`) cancel exactly.
/// - Infinities are counted apart: the total is ±infinity when one sign of them was added, NaN
///   when both were.
///
/// 56 bytes, no allocation (a grouping keeps one per section and summed column).
/// See docs/decisions/0082-numbers-at-the-edges.md.
struct NumberSum: Hashable, Sendable {
    /// The exact sum of the integers added.
    private(set) var integers: Int128 = 0
    /// Numbers below 2^512 in magnitude, and the others times 2^-512.
    private var small = Compensated(), large = Compensated()
    private var positiveInfinity = false, negativeInfinity = false
    /// Whether a number that is not an integer was added.
    private var hasOthers = false

    /// 2^512 and its inverse: where `large` starts, and its scale.
    private static let largeThreshold = 0x1p512, largeScale = 0x1p-512

    /// A running sum with Neumaier's compensation (the error of each addition, exactly).
    private struct Compensated: Hashable, Sendable {
        var sum = 0.0
        var compensation = 0.0

        @inline(__always) mutating func add(_ value: Double) {
            let t = sum + value
            compensation += abs(sum) >= abs(value) ? (sum - t) + value : (value - t) + sum
            sum = t
        }

        @inline(__always) mutating func add(_ other: Compensated) {
            add(other.sum)
            compensation += other.compensation
        }
    }

    /// An empty sum.
    init() {}

    /// Adds an integer.
    @inline(__always) mutating func add(_ value: Int) {
        integers += Int128(value)
    }

    /// Adds the integer `±magnitude`.
    @inline(__always) mutating func add(magnitude: UInt64, negative: Bool) {
        integers += negative ? -Int128(magnitude) : Int128(magnitude)
    }

    /// Adds a number; NaN is ignored (it is no number).
    @inline(__always) mutating func add(_ value: Double) {
        hasOthers = true
        let magnitude = abs(value)
        if magnitude < Self.largeThreshold {
            small.add(value)
        } else if magnitude.isFinite {
            large.add(value * Self.largeScale)
        } else if value == .infinity {
            positiveInfinity = true
        } else if value == -.infinity {
            negativeInfinity = true
        }
    }

    /// Adds a number read by `ValueParsing.number` (`value`: its double): exactly when it is a
    /// whole number of at most 19 digits (`12`, `-9223372036854775808`, `5.0`, `1e3`).
    @inline(__always) mutating func add(_ number: ValueParsing.Number, value: Double) {
        add(number, whole: number.wholeInt64, value: value)
    }

    /// `add(_:value:)` when the number's `wholeInt64` is known.
    @inline(__always) mutating func add(_ number: ValueParsing.Number, whole: Int64?, value: Double) {
        if let whole {
            add(Int(whole))
        } else if number.exact, number.exponent == 0 {
            add(magnitude: number.mantissa, negative: number.negative)
        } else {
            add(value)
        }
    }

    /// Adds another sum (of other rows).
    mutating func add(_ other: NumberSum) {
        integers += other.integers
        small.add(other.small)
        large.add(other.large)
        positiveInfinity = positiveInfinity || other.positiveInfinity
        negativeInfinity = negativeInfinity || other.negativeInfinity
        hasOthers = hasOthers || other.hasOthers
    }

    /// The exact sum when only integers were added.
    var integerSum: Int128? { hasOthers ? nil : integers }

    /// `sum / count` to `digits` decimals, rounded half away from zero, exactly (`sum`: an exact
    /// integer sum); nil when the digits would not fit in 128 bits.
    static func quotientText(_ sum: Int128, count: Int, digits: Int) -> String? {
        guard count > 0, digits >= 0, digits <= 18 else { return nil }
        var scale: Int128 = 1
        for _ in 0..<digits { scale *= 10 }
        let (scaled, overflow) = sum.magnitude.multipliedReportingOverflow(by: UInt128(scale))
        guard !overflow else { return nil }
        let n = UInt128(count)
        var units = scaled / n
        if (scaled % n) * 2 >= n { units += 1 }
        var text = String(units)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return sum < 0 && units != 0 ? "-" + text : text
    }

    /// The infinite total, when an infinity was added: ±infinity, or NaN for both signs.
    private var infinity: Double? {
        switch (positiveInfinity, negativeInfinity) {
        case (false, false): return nil
        case (true, false): return .infinity
        case (false, true): return -.infinity
        case (true, true): return .nan
        }
    }

    /// The parts of the sum divided by `divisor`, from the largest: their sum is the quotient.
    private func parts(dividedBy divisor: Double) -> [Double] {
        // The integers as two doubles whose sum is exact (|integers| < 2^127).
        let high = Double(integers)
        let low = Int128(exactly: high).map { Double(integers - $0) } ?? 0
        return [large.sum / divisor * Self.largeThreshold, large.compensation / divisor * Self.largeThreshold,
                high / divisor, low / divisor, small.sum / divisor, small.compensation / divisor]
    }

    /// The sum, rounded to a double: ±infinity beyond the double range.
    var value: Double {
        if let infinity { return infinity }
        var total = Compensated()
        for part in parts(dividedBy: 1) { total.add(part) }
        return total.sum + total.compensation
    }

    /// The sum divided by `count` (the mean of `count` numbers): never overflows for finite
    /// numbers; NaN for a count of 0.
    func mean(count: Int) -> Double {
        guard count > 0 else { return .nan }
        if let infinity { return infinity }
        let n = Double(count)
        // Without large numbers: one division of the compensated total (exact integers: 4/5 is
        // the double nearest 0.8).
        guard large.sum != 0 || large.compensation != 0 else {
            var total = Compensated()
            for part in parts(dividedBy: 1) { total.add(part) }
            return (total.sum + total.compensation) / n
        }
        var total = Compensated()
        for part in parts(dividedBy: n) { total.add(part) }
        return total.sum + total.compensation
    }
}

extension ValueParsing.Number {
    /// The number as an `Int64` when it is a whole number within its range (`12`, `5.0`, `1e3`,
    /// `-9223372036854775808`); nil otherwise (`1.5`, `1e19`, more than 19 digits).
    @inline(__always) var wholeInt64: Int64? {
        guard exact else { return nil }
        if exponent == 0 {
            if !negative { return mantissa <= UInt64(Int64.max) ? Int64(mantissa) : nil }
            return mantissa <= UInt64(Int64.max) ? -Int64(mantissa) : mantissa == UInt64(Int64.max) + 1 ? Int64.min : nil
        }
        // `12.50` has a fraction however its zeros go: one look at the last digit.
        if exponent < 0, mantissa % 10 != 0 { return nil }
        guard let (units, scale) = fixedPoint(), scale == 0 else { return nil }
        return units
    }
}
