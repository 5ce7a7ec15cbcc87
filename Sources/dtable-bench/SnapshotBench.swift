import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

/// `dtable-bench --snapshot [--rows N] [--runs R]`: the cost of applying new models to a shown
/// `DataTable<T>` of N items (default 1M) with 1% of them changed (0.5% updated, 0.25%
/// inserted, 0.25% deleted), through `DataTable.apply(_:animatingDifferences:)`, then the next
/// frame. Prints `key=value` lines: the difference alone, the apply, the apply sorted (with
/// the sort run again over the new models), the apply of the same models rebuilt (their text
/// in new storage, so every model is compared column by column) and the frame after it; best
/// of `--runs` (3).
enum SnapshotBench {
    struct Item: Identifiable, Sendable {
        var id: Int
        var name: String
        var score: Int
    }

    /// The target for an apply of 1M models (ms).
    static let targetMilliseconds = 300.0

    /// Best times of `runs` runs, in ms.
    struct Figures {
        var diff = Double.infinity, apply = Double.infinity, applySorted = Double.infinity, frameAfter = Double.infinity
        /// The apply when every model was rebuilt (no model keeps its bytes: each is compared).
        var applyRebuilt = Double.infinity
    }

    /// Prints the figures as `key=value` lines.
    static func run(rows: Int, runs: Int) {
        print("rows=\(rows) changed=\(max(4, rows / 100))")
        let figures = measure(rows: rows, runs: runs)
        print("snapshot_diff_ms=\(format1(figures.diff))")
        print("snapshot_apply_ms=\(format1(figures.apply))")
        print("snapshot_apply_target_ms=\(format1(targetMilliseconds * Double(rows) / 1_000_000))")
        print("snapshot_apply_sorted_ms=\(format1(figures.applySorted))")
        print("snapshot_apply_rebuilt_ms=\(format1(figures.applyRebuilt))")
        print("snapshot_frame_after_ms=\(format1(figures.frameAfter))")
    }

    /// Measures the difference, the apply, the apply sorted and the frame after, over `rows` models.
    static func measure(rows: Int, runs: Int) -> Figures {
        let columns: [DataTableColumn<Item>] = [.init("Id", \.id), .init("Name", \.name), .init("Score", \.score)]
        let base = (0..<rows).map { Item(id: $0, name: "bench item number \($0 % 977)", score: ($0 &* 7919) % 100_000) }
        var edited = base
        var random = UInt64(42)
        func next(_ n: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(n))
        }
        let changes = max(4, rows / 100)
        for _ in 0..<(changes / 2) { edited[next(edited.count)].score += 1 }
        // Deletions and insertions at random places, in one pass (not O(n) per edit).
        var deleted = Set<Int>(), insertedBefore: [Int: Int] = [:]
        for _ in 0..<(changes / 4) { deleted.insert(next(rows)) }
        for k in 0..<(changes / 4) { insertedBefore[next(rows)] = k }
        var result: [Item] = []
        result.reserveCapacity(rows + changes)
        for (offset, item) in edited.enumerated() {
            if let k = insertedBefore[offset] { result.append(Item(id: rows + k, name: "new \(k)", score: k)) }
            if !deleted.contains(offset) { result.append(item) }
        }
        edited = result
        // The same models with their text in new storage: equal values, other bytes.
        let rebuilt = edited.map { Item(id: $0.id, name: String(decoding: Array($0.name.utf8), as: UTF8.self), score: $0.score) }

        var figures = Figures()
        for _ in 0..<runs {
            let start = clock.now
            let difference = DataTableDifference(from: base.map(\.id), to: edited.map(\.id))
            figures.diff = min(figures.diff, milliseconds(clock.now - start))
            if difference.isEmpty { progress("no difference?") }

            for variant in 0..<3 {
                let sorted = variant == 1
                let size = Size(width: 200, height: 60)
                let table = DataTable(data: base, columns: columns, size: size)
                let app = TableApplication(view: table.view, backend: MemoryBackend(size: size))
                if sorted {
                    table.view.sort(by: [SortDescriptor(column: 2, ascending: true)])
                }
                table.view.viewport.moveCursor(to: DataTableIndexPath(row: rows / 2, column: 0))
                app.drawFrame()
                let applyStart = clock.now
                table.apply(variant == 2 ? rebuilt : edited)
                table.view.waitForJob()
                let applied = milliseconds(clock.now - applyStart)
                let frameStart = clock.now
                app.drawFrame()
                let frame = milliseconds(clock.now - frameStart)
                if variant == 2 { figures.applyRebuilt = min(figures.applyRebuilt, applied) } else if sorted {
                    figures.applySorted = min(figures.applySorted, applied)
                } else {
                    figures.apply = min(figures.apply, applied)
                    figures.frameAfter = min(figures.frameAfter, frame)
                }
            }
        }
        return figures
    }
}
