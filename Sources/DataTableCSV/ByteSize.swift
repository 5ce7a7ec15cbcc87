import DataTableKit

/// Sizes in bytes as people write them (`4G`, `500MiB`, `1048576`) and as the status line says
/// them (`4 GiB`, `1.5 MiB`).
///
/// Every multiple is binary: k, M, G and T mean 1024, 1024², 1024³ and 1024⁴ whether written
/// `M`, `MB` or `MiB` (any case), so `500M` = `500MB` = `500MiB` = 524,288,000 bytes.
public enum ByteSize {
    /// The number of bytes `text` names: digits (a decimal point allowed before a unit, as in
    /// `1.5G`) and an optional unit `B`, `k`/`K`/`KB`/`KiB`, `M`/`MB`/`MiB`, `G`/`GB`/`GiB`,
    /// `T`/`TB`/`TiB`, with or without a space. `none` (or `unlimited`) means no limit: `Int.max`.
    /// nil for anything else, zero, or a size past `Int.max`.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        let lower = trimmed.lowercased()
        if lower == "none" || lower == "unlimited" { return Int.max }
        let digits = lower.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits.first != ".", digits.last != "." else {
            return nil
        }
        let unit = lower.dropFirst(digits.count).trimmingSpaces
        let shift: Int
        switch unit {
        case "", "b": shift = 0
        case "k", "kb", "kib": shift = 10
        case "m", "mb", "mib": shift = 20
        case "g", "gb", "gib": shift = 30
        case "t", "tb", "tib": shift = 40
        default: return nil
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]) else { return nil }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else { return nil }
        var bytes = scaled
        if parts.count == 2 {
            // A fraction of the unit, rounded down to whole bytes (only with a unit).
            guard shift > 0, let fraction = Double("0." + parts[1]) else { return nil }
            bytes += Int(saturating: fraction * Double(1 << shift))
        }
        return bytes > 0 ? bytes : nil
    }

    /// `bytes` in the largest binary unit it reaches, with one decimal unless whole:
    /// "900 B", "64 KiB", "1.5 GiB", "4 GiB".
    public static func formatted(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var unit = 0
        while unit + 1 < units.count && bytes >= 1 << (10 * (unit + 1)) { unit += 1 }
        if unit == 0 { return "\(bytes) B" }
        let size = 1 << (10 * unit)
        if bytes % size == 0 { return "\(bytes / size) \(units[unit])" }
        let tenths = Int(saturating: (Double(bytes) / Double(size) * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
