import DataTableKit
import Glibc

/// `dtable-bench --parse [--rows N] [--runs R]`: the cost per field of the value readers
/// (`ValueParsing`) and of numeric and date key extraction (`SortKeyColumn.extract`), on N
/// generated values of each style (default 10M) held in one byte buffer. Prints `key=value`
/// lines in ns per field, best of `--runs` (3), in thread CPU time (so that other processes on
/// a loaded machine do not count).
enum ParseBench {
    /// One style of values: its name, how the i-th value is written, and the column's format.
    struct Style: Sendable {
        var name: String
        var format: ValueFormat
        var value: @Sendable (Int) -> String
    }

    static let styles: [Style] = [
        Style(name: "integer", format: .standard) { i in String((i &* 7919) % 1_000_000 - 500_000) },
        Style(name: "decimal", format: .standard) { i in
            let v = (i &* 7919) % 10_000_000 - 5_000_000
            return "\(v / 100).\(String(abs(v % 100)).leftPadded(2))"
        },
        Style(name: "iso_date", format: .standard) { i in
            let d = (i &* 7919) % 20_000
            return "\(1990 + d / 365)-\(String(1 + d % 12).leftPadded(2))-\(String(1 + d % 28).leftPadded(2))"
        },
        Style(name: "us_date", format: .standard) { i in
            let d = (i &* 7919) % 20_000
            return "\(1 + d % 12)/\(1 + d % 28)/\(1990 + d / 365)"
        },
        Style(name: "comma_decimal", format: ValueFormat(decimalSeparator: UInt8(ascii: ","))) { i in
            let v = (i &* 7919) % 10_000_000 - 5_000_000
            return "\(v / 100),\(String(abs(v % 100)).leftPadded(2))"
        },
        Style(name: "money", format: .standard) { i in
            let v = (i &* 7919) % 100_000_000
            return "$\((v / 100).formatted(groupingWith: ",")).\(String(v % 100).leftPadded(2))"
        },
    ]

    static func run(rows: Int, runs: Int) {
        for style in styles {
            var bytes: [UInt8] = [], offsets: [Int] = [0]
            bytes.reserveCapacity(rows * 12)
            offsets.reserveCapacity(rows + 1)
            for i in 0..<rows {
                bytes.append(contentsOf: style.value(i).utf8)
                offsets.append(bytes.count)
            }
            let format = style.format
            bytes.withUnsafeBytes { buffer in
                offsets.withUnsafeBufferPointer { offsets in
                    @inline(__always) func field(_ i: Int) -> UnsafeRawBufferPointer {
                        UnsafeRawBufferPointer(rebasing: buffer[offsets[i]..<offsets[i + 1]])
                    }
                    func best(_ body: () -> Int) -> (Double, Int) {
                        var times: [Double] = [], result = 0
                        for _ in 0..<runs {
                            let start = cpuNanoseconds()
                            result = body()
                            times.append(Double(cpuNanoseconds() - start) / Double(rows))
                        }
                        return (times.min() ?? 0, result)
                    }
                    let isDate = style.name.hasSuffix("date")
                    let (read, parsed) = best {
                        var n = 0
                        for i in 0..<rows {
                            if isDate {
                                if ValueParsing.dateTime(field(i), format: format) != nil { n += 1 }
                            } else if ValueParsing.decimal(field(i), format: format) != nil {
                                n += 1
                            }
                        }
                        return n
                    }
                    let (extract, nulls) = best {
                        SortKeyColumn.extract(kind: isDate ? .dateTime : .decimal, count: rows, format: format, field: field).nullCount
                    }
                    print("\(style.name)_read_ns=\(String(format: read)) parsed=\(parsed)/\(rows)")
                    print("\(style.name)_extract_ns=\(String(format: extract)) nulls=\(nulls)")
                }
            }
        }
    }
}

/// This thread's CPU time in nanoseconds.
private func cpuNanoseconds() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }

    fileprivate init(format value: Double) {
        let tenths = Int(saturating: (value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}

extension Int {
    fileprivate func formatted(groupingWith separator: String) -> String {
        let digits = String(self)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out += separator }
            out.append(c)
        }
        return out
    }
}
