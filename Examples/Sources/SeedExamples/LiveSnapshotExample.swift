import DataTableKit
import Foundation
import TerminalSurface

/// A quote on a ticker board; its symbol is its identity.
struct Quote: Identifiable, Sendable {
    var id: String { symbol }
    let symbol: String
    let company: String
    var price: Double
    /// Change since the open, in percent.
    var change: Double
    var volume: Int
}

/// A deterministic market: each step moves a few prices, lists one company and delists
/// another, as a feed would report them.
final class Market {
    /// The quotes listed now, by symbol.
    private(set) var quotes: [Quote.ID: Quote] = [:]
    /// Companies not listed now, waiting to be listed (the oldest first).
    private var waiting: [Quote]
    /// Steps taken (picks which prices move; the same every run).
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D

    /// What one step did.
    struct Step {
        var moved: [Quote.ID] = []
        var listed: Quote.ID?
        var delisted: Quote.ID?
    }

    init(listed: [Quote], waiting: [Quote]) {
        for quote in listed { quotes[quote.id] = quote }
        self.waiting = waiting
    }

    /// The listed symbols in board order (alphabetical).
    var board: [Quote.ID] { quotes.keys.sorted() }

    /// A pseudo-random number below `n` (xorshift: the same sequence on every machine).
    private func next(_ n: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(n))
    }

    /// Moves three prices, lists the longest-waiting company and delists another one.
    func step() -> Step {
        var step = Step()
        var symbols = board
        for _ in 0..<3 where !symbols.isEmpty {
            let symbol = symbols.remove(at: next(symbols.count))
            guard var quote = quotes[symbol] else { continue }
            let move = Double(next(401) - 200) / 100  // -2.00% ... +2.00%
            quote.price = (quote.price * (1 + move / 100) * 100).rounded() / 100
            quote.change = ((quote.change + move) * 100).rounded() / 100
            quote.volume += 1_000 * (1 + next(50))
            quotes[symbol] = quote
            step.moved.append(symbol)
        }
        if !symbols.isEmpty {
            let symbol = symbols[next(symbols.count)]
            if let quote = quotes.removeValue(forKey: symbol) {
                waiting.append(Quote(symbol: quote.symbol, company: quote.company, price: quote.price, change: 0,
                                     volume: 0))
                step.delisted = symbol
            }
        }
        if !waiting.isEmpty {
            let quote = waiting.removeFirst()
            quotes[quote.id] = quote
            step.listed = quote.id
        }
        return step
    }
}

/// Seed 004: a diffable data source. The table shows a snapshot of identities (`Quote.ID`);
/// the models are looked up by identity when it is applied. Every second the market moves and
/// a new snapshot is applied with `animatingDifferences: true`: moved prices are
/// reconfigured, one company is listed (inserted) and one delisted (deleted), and the rows
/// that changed flash.
final class LiveSnapshotExample {
    static let example = Example(
        name: "live-snapshot",
        summary: "DataTableSnapshot<Section, Quote.ID> applied every second: updates, an insert, a delete, flashing",
        make: { LiveSnapshotExample().table })

    enum Section: Hashable, Sendable { case main }

    static let columns: [DataTableColumn<Quote>] = [
        .init("Symbol", \.symbol),
        .init("Company", \.company),
        .init("Price", extract: { .string(String(format: "%.2f", $0.price)) }, sortedBy: { $0.price }),
        .init("Change", extract: { .string(String(format: "%+.2f%%", $0.change)) }, sortedBy: { $0.change }),
        .init("Volume", \.volume),
    ]

    let market = Market(
        listed: [
            Quote(symbol: "AAPL", company: "Apple", price: 189.20, change: 0.42, volume: 51_200_000),
            Quote(symbol: "AMZN", company: "Amazon", price: 146.09, change: -0.31, volume: 38_700_000),
            Quote(symbol: "GOOG", company: "Alphabet", price: 138.60, change: 1.05, volume: 22_900_000),
            Quote(symbol: "IBM", company: "IBM", price: 155.30, change: -0.12, volume: 3_400_000),
            Quote(symbol: "INTC", company: "Intel", price: 43.65, change: 2.31, volume: 41_800_000),
            Quote(symbol: "META", company: "Meta Platforms", price: 341.49, change: -1.20, volume: 15_100_000),
            Quote(symbol: "MSFT", company: "Microsoft", price: 377.43, change: 0.08, volume: 19_600_000),
            Quote(symbol: "ORCL", company: "Oracle", price: 114.89, change: 0.66, volume: 6_200_000),
        ],
        waiting: [
            Quote(symbol: "NVDA", company: "NVIDIA", price: 487.16, change: 0, volume: 0),
            Quote(symbol: "ADBE", company: "Adobe", price: 611.04, change: 0, volume: 0),
            Quote(symbol: "CSCO", company: "Cisco", price: 49.85, change: 0, volume: 0),
        ])
    let dataTable: DataTable<Quote>
    /// When the last snapshot was applied (in the terminal, one a second).
    private var lastApply = ContinuousClock.now

    var table: ExampleTable {
        let table = ExampleTable(view: dataTable.view, keeping: [self, dataTable])
        table.advance = { [unowned self] in self.applyNextSnapshot() }
        table.tick = { [unowned self] now in
            guard now - self.lastApply >= .seconds(1) else { return nil }
            self.lastApply = now
            return self.applyNextSnapshot().summary
        }
        return table
    }

    init() {
        var options = DataTableConfiguration()
        options.title = "live quotes"
        // Gains green, losses red (a flash paints over both while it lasts).
        options.defaultCellConfiguration = { cell, value, indexPath, _ in
            guard indexPath.column == 3 else { return }
            let text = value.stringRepresentation
            cell.label.style.foreground = text.hasPrefix("-") ? .red : (text.hasPrefix("+0.00") ? .default : .green)
        }
        dataTable = DataTable(data: [], columns: Self.columns, options: options)
        // The first snapshot: no flash, as a data source's first apply.
        dataTable.apply(snapshot(), animatingDifferences: false) { [market] in market.quotes[$0] }
    }

    /// The seed's snapshot: one section, the board's identities in order.
    func snapshot(reconfiguring moved: [Quote.ID] = []) -> DataTableSnapshot<Section, Quote.ID> {
        var snapshot = DataTableSnapshot<Section, Quote.ID>()
        snapshot.appendSections([.main])
        snapshot.appendItems(market.board, toSection: .main)
        snapshot.reconfigureItems(moved)
        return snapshot
    }

    /// Moves the market one step and applies the new snapshot; says what changed and which
    /// display rows flash (the updated and inserted ones).
    func applyNextSnapshot() -> (summary: String, flashingRows: Set<Int>) {
        let step = market.step()
        let difference = dataTable.apply(snapshot(reconfiguring: step.moved), animatingDifferences: true) { [market] in
            market.quotes[$0]
        }
        var parts = ["\(difference.updates.count) updated (\(step.moved.sorted().joined(separator: ", ")))"]
        if let listed = step.listed { parts.append("\(listed) listed") }
        if let delisted = step.delisted { parts.append("\(delisted) delisted") }
        let changedRows = Set(difference.updates + difference.insertions)
        let view = dataTable.view
        view.waitForJob()  // a sort the user chose runs again over the new quotes
        let flashing = Set((0..<dataTable.rowCount).filter { changedRows.contains(view.sourceRow(forDisplayRow: $0)) })
        return ("applied: " + parts.joined(separator: ", "), flashing)
    }
}
