extension FixedWidthInteger {
    /// `value` rounded toward zero, or the type's nearest bound when it lies beyond them
    /// (infinities included); NaN gives `nan`.
    ///
    /// The one conversion of a `Double` to an integer in the package: `Int(value)` traps on NaN,
    /// an infinity or a value out of range, and values read from files can be any of these
    /// (`1e400` reads as infinity). Round first when rounding is meant:
    /// `Int(saturating: (x * 100).rounded())`. See docs/decisions/0082-numbers-at-the-edges.md.
    @inlinable
    package init(saturating value: Double, nan: Self = 0) {
        if value.isNaN {
            self = nan
        } else if value <= Double(Self.min) {
            self = Self.min
        } else if value >= Double(Self.max) {
            // Double(Self.max) rounds up to a power of two for 64 bits: every value below it fits.
            self = Self.max
        } else if Self.bitWidth <= 64 || abs(value) < 0x1p63 {
            // Through the concrete conversions (one instruction each): a generic `Self(value)`
            // takes the standard library's bit-by-bit path (see record 0082).
            self = value < 0x1p63 ? Self(truncatingIfNeeded: Int64(value)) : Self(truncatingIfNeeded: UInt64(value))
        } else {
            self.init(value)
        }
    }
}
