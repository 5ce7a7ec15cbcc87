import Glibc

/// Writes the benchmark CSV: 8 mixed columns with quotes, commas, CJK, emoji, negative
/// numbers, dates and ~1% embedded newlines, from a fixed seed (same bytes on every run).
enum BenchData {
    static let header = "id,name,email,status,progress,price,date,note\n"
    static let names = ["Ada Lovelace", "Grace \"Amazing\" Hopper", "Linus, T.", "山田 太郎", "Zoë 🚀 Saldaña",
                        "José Müller", "李小龙", "Ngozi Okafor"]
    static let statuses = ["active", "pending", "done", "error", "inactive"]
    static let notes = ["ok", "needs review", "see \"ticket\" #42", "続きは明日", "👍 fine", "waiting, on vendor",
                        "multi\nline note", "plain text that is a little longer than the others"]

    /// Creates `path` with `rows` rows unless it already exists with the expected size marker.
    static func ensure(path: String, rows: Int) -> Int {
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0 { return Int(info.st_size) }
        guard let file = fopen(path + ".tmp", "w") else { fatalError("cannot write \(path)") }
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func quoted(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var buffer = header
        for i in 0..<rows {
            let r = next()
            let name = names[Int(r % UInt64(names.count))]
            let status = statuses[Int((r >> 8) % UInt64(statuses.count))]
            let progress = Int((r >> 16) % 101)
            let cents = Int((r >> 24) % 2_000_000) - 500_000
            let price = (cents < 0 ? "-" : "") + "\(abs(cents) / 100).\(abs(cents) % 100 < 10 ? "0" : "")\(abs(cents) % 100)"
            let month = 1 + Int((r >> 40) % 12), day = 1 + Int((r >> 44) % 28)
            let date = "20\(10 + Int((r >> 48) % 15))-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            // ~1% of notes carry an embedded newline.
            let note = (r >> 52) % 100 == 0 ? notes[6] : notes[Int((r >> 56) % 8) == 6 ? 0 : Int((r >> 56) % 8)]
            buffer += "\(i + 1),\(quoted(name)),user\(i)@example.com,\(status),\(progress),\(price),\(date),\(quoted(note))\n"
            if buffer.utf8.count > 1 << 20 {
                fputs(buffer, file)
                buffer = ""
            }
        }
        fputs(buffer, file)
        fclose(file)
        rename(path + ".tmp", path)
        stat(path, &info)
        return Int(info.st_size)
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
