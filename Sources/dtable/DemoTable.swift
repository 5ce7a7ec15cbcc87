import DataTableKit

/// The table `dtable` shows with no input: a made-up team roster, generated deterministically.
enum DemoTable {
    static let titles = ["id", "name", "email", "status", "progress", "trend", "price", "joined", "city", "country", "note"]

    static let firstNames = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances",
                             "山田", "Zoë", "José", "Ngozi", "Søren", "李", "Chloé", "Mateus"]
    static let lastNames = ["Lovelace", "Hopper", "Torvalds", "Hamilton", "Thompson", "Liskov", "Ritchie",
                            "Allen", "太郎", "Saldaña", "Müller", "Okafor", "Kierkegaard", "小龙", "Dubois", "Silva"]
    static let statuses = ["active", "pending", "done", "error", "inactive"]
    static let cities = ["Zürich", "東京", "São Paulo", "Lagos", "Reykjavík", "Montréal", "Kraków", "Seoul 서울"]
    static let countries = ["CH", "JP", "BR", "NG", "IS", "CA", "PL", "KR"]
    static let notes = ["", "ships on Friday 🚀", "needs review", "blocked by \"infra\"", "👍 looks good",
                        "waiting, on vendor", "see ticket #4521", "続きは明日"]

    /// The cell kinds the demo shows when no kind option is given: one of every built-in kind.
    static let cellKinds = CellKindOptions(
        badges: [BadgeSpec(column: "status")], progressBars: [ProgressSpec(column: "progress")], avatars: ["name"],
        subtitles: [DetailSpec(column: "email", detail: "note")], rightDetails: [DetailSpec(column: "city", detail: "country")],
        sparklines: ["trend"], actions: [ActionSpec(name: "Edit"), ActionSpec(name: "Delete")])

    /// 500 rows of mixed text, numbers, dates, CJK and emoji.
    static func make(rows: Int = 500) -> DataTableDataSource {
        var generator = SplitMix64(seed: 2024)
        var data: [[String]] = []
        data.reserveCapacity(rows)
        for i in 0..<rows {
            let first = firstNames[Int(generator.next() % UInt64(firstNames.count))]
            let last = lastNames[Int(generator.next() % UInt64(lastNames.count))]
            let emailName = String(first.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic })
            let email = (emailName.isEmpty ? "user\(i)" : emailName) + "\(i)@example.com"
            let status = statuses[Int(generator.next() % UInt64(statuses.count))]
            let progress = status == "done" ? 100 : Int(generator.next() % 100)
            let cents = Int(generator.next() % 2_000_000) - 200_000
            let price = (cents < 0 ? "-" : "") + "\(abs(cents) / 100).\(pad2(abs(cents) % 100))"
            let month = 1 + Int(generator.next() % 12), day = 1 + Int(generator.next() % 28)
            let joined = "20\(pad2(15 + Int(generator.next() % 10)))-\(pad2(month))-\(pad2(day))"
            let cityIndex = Int(generator.next() % UInt64(cities.count))
            let city = cities[cityIndex]
            let trend = (0..<12).map { _ in String(generator.next() % 40) }.joined(separator: " ")
            let note = notes[Int(generator.next() % UInt64(notes.count))]
            data.append([String(i + 1), "\(first) \(last)", email, status, String(progress), trend, price, joined, city,
                         countries[cityIndex], note])
        }
        return StringRowsDataSource(titles: titles, rows: data)
    }

    private static func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}

/// A small deterministic random number generator (so the demo is the same on every run).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
