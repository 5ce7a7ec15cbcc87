/// What one column holds over a set of rows: counts, distinct values, range, centre, spread, the
/// most frequent value and a histogram (see `ColumnSummaryJob`, which computes it).
///
/// Fields are read as the table reads them to sort (`SortKeyKind` and `ValueFormat`: decimal
/// commas, money, dates as written); empty fields and `NullTokens` are nulls. The numeric
/// figures (mean, quantiles, histogram) cover the values the kind reads: numbers, dates (in
/// milliseconds since the epoch) and booleans (0 and 1); they are nil for text. Distinct values
/// and the most frequent one are counted by text as written (after CSV unquoting), nulls left
/// out.
public struct ColumnSummary: Sendable, Hashable {
    /// The column's index in the data source.
    public let column: Int
    /// The column's title.
    public let title: String
    /// How its fields were read.
    public let kind: SortKeyKind
    /// How its values are written (decimal separator, date order).
    public let format: ValueFormat
    /// Rows summarized.
    public let rowCount: Int
    /// Rows whose field is empty or a null token.
    public let nullCount: Int
    /// Non-null fields the kind cannot read (`n/k` in a number column); counted as values by
    /// text, left out of the numeric figures.
    public let strayCount: Int
    /// Distinct non-null texts: exact unless `isDistinctCountEstimated`.
    public let distinctCount: Int
    /// Whether `distinctCount` is an estimate (more distinct texts than the counter's limit;
    /// HyperLogLog, standard error 0.8%). Never for a text column counted from kept sort keys
    /// (`ColumnSummaryJob`).
    public let isDistinctCountEstimated: Bool
    /// The smallest value as written (a number's or date's own text; text: the first in the
    /// sort's collation); nil when there is none.
    public let minimum: String?
    /// The largest value as written (text: the last in collation order).
    public let maximum: String?
    /// The mean of the values (booleans: the share of `true`); nil without values or for text.
    /// Exact for whole numbers up to 19 digits, compensated for others, never overflowing
    /// (`NumberSum`); ±infinity when infinite values of one sign occur, NaN when both do.
    public let mean: Double?
    /// Quantiles of the values (see `levels`); nil without values, for text and booleans. As
    /// doubles: `formattedQuantile(_:)` shows a whole number past 2^53 exactly.
    public let quantiles: Quantiles?
    /// The most frequent non-null text (ties: the first in collation order).
    public let mostFrequent: String?
    /// How often `mostFrequent` occurs (exact even when it may not be the most frequent).
    public let mostFrequentCount: Int
    /// Whether another text might be more frequent: some texts were too many to count (the
    /// distinct count is an estimate) and `mostFrequent` is the most frequent of those counted.
    public let isMostFrequentEstimated: Bool
    /// Bin counts. Numbers and dates: equal slices from the smallest to the largest finite value
    /// (see `histogramRange`; infinite values, `1e400`, are in no bin); booleans: `false` then `true`; text: the counts of the most frequent
    /// texts, largest first.
    public let histogram: [Int]
    /// The finite values' range the numeric bins cover (nil for text and booleans, and when no
    /// value is finite).
    public let histogramRange: ClosedRange<Double>?
    /// Most digits after the decimal separator among the numbers (at most 6), for showing
    /// figures as the column writes them.
    let fractionDigits: Int
    /// How finely the dates are written, for showing figures as dates.
    let dateResolution: DateResolution
    /// The quantiles at `levels` that are whole numbers of the column held exactly (nil for one
    /// between two values, and for columns of doubles): what `formattedQuantile` shows.
    let exactQuantiles: [Int64?]
    /// The exact sum of a number column holding only whole numbers: its mean is shown exactly.
    let exactSum: Int128?

    /// The quantile levels computed: 5%, 25%, 50%, 75%, 95%.
    public static let levels: [Double] = [0.05, 0.25, 0.5, 0.75, 0.95]

    /// The values at `ColumnSummary.levels`, by linear interpolation between the closest ranks
    /// (Hyndman & Fan type 7, as R, NumPy and pandas by default).
    public struct Quantiles: Sendable, Hashable {
        /// 5th percentile.
        public let p5: Double
        /// First quartile.
        public let p25: Double
        /// The median.
        public let median: Double
        /// Third quartile.
        public let p75: Double
        /// 95th percentile.
        public let p95: Double

        /// Quantiles at the five levels.
        public init(p5: Double, p25: Double, median: Double, p75: Double, p95: Double) {
            self.p5 = p5
            self.p25 = p25
            self.median = median
            self.p75 = p75
            self.p95 = p95
        }
    }

    /// The finest unit of a date column's values.
    enum DateResolution: Hashable, Sendable {
        case days, seconds, milliseconds
    }

    /// Non-null fields (values and strays).
    public var nonNullCount: Int { rowCount - nullCount }

    /// The median, when there are quantiles.
    public var median: Double? { quantiles?.median }

    init(column: Int, title: String, kind: SortKeyKind, format: ValueFormat, rowCount: Int, nullCount: Int,
         strayCount: Int, distinctCount: Int, isDistinctCountEstimated: Bool, minimum: String?, maximum: String?,
         mean: Double?, quantiles: Quantiles?, mostFrequent: String?, mostFrequentCount: Int,
         isMostFrequentEstimated: Bool, histogram: [Int], histogramRange: ClosedRange<Double>?,
         fractionDigits: Int, dateResolution: DateResolution, exactQuantiles: [Int64?] = [], exactSum: Int128? = nil) {
        self.column = column
        self.title = title
        self.kind = kind
        self.format = format
        self.rowCount = rowCount
        self.nullCount = nullCount
        self.strayCount = strayCount
        self.distinctCount = distinctCount
        self.isDistinctCountEstimated = isDistinctCountEstimated
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.quantiles = quantiles
        self.mostFrequent = mostFrequent
        self.mostFrequentCount = mostFrequentCount
        self.isMostFrequentEstimated = isMostFrequentEstimated
        self.histogram = histogram
        self.histogramRange = histogramRange
        self.fractionDigits = fractionDigits
        self.dateResolution = dateResolution
        self.exactQuantiles = exactQuantiles
        self.exactSum = exactSum
    }
}
