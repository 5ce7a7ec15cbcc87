// replaced by s4/readers at merge
extension ValueFormat {
    /// The format a column's values are written in (decimal separator, day-first dates), decided
    /// from `samples` (non-null values) and the file's `delimiter`.
    ///
    /// Placeholder until the readers that understand other formats land: always `.standard`.
    public static func infer(from samples: [String], delimiter: UInt8) -> ValueFormat {
        .standard
    }
}
