import Glibc

/// Heights in lines of the rows in display order, with O(log n) lookups between a row and
/// the line it starts on: the offsets of a virtualized table whose rows are not all one line.
///
/// Every row is `estimatedHeight` lines until `setHeight(_:at:)` says otherwise. Only the
/// differences from the estimate are stored, in a Fenwick tree (binary indexed tree) of
/// `Int32` allocated with `calloc`: its pages are the kernel's shared zero page until a
/// measurement writes into them, so a 10M-row table costs memory for the rows measured (a
/// few pages per screenful), not 40 MB up front. The same differences are also kept in a
/// dictionary (`heightDeltas`) to answer one row's height in O(1) and to rebuild the tree when
/// it must grow.
///
/// A table with `.fixed` row heights never calls `setHeight`, so every lookup is arithmetic.
public final class RowHeightIndex {
    /// Lines of a row that was never measured (and of every row in `.fixed` mode).
    public let estimatedHeight: Int
    /// Rows in display order.
    public private(set) var count = 0
    /// Fenwick tree over `height - estimatedHeight`, 1-based: `tree[i]` sums the deltas of rows
    /// `i - (i & -i) ..< i`. nil until the first height differs from the estimate.
    private var tree: UnsafeMutablePointer<Int32>?
    /// Slots of `tree` (a power of two, at least `count`).
    private var treeCapacity = 0
    /// Display row -> height - estimate, for rows whose height differs from the estimate.
    /// Generation: cleared by `removeAllHeights()` and `setCount` shrinking.
    public private(set) var heightDeltas: [Int: Int] = [:]
    /// Bumped by every `removeAllHeights()`, so owners of per-row state can notice.
    public private(set) var resetCount = 0
    /// Heights above this are stored as this.
    public static let maximumHeight = 1 << 15

    /// An index of `count` rows, each `estimatedHeight` lines until set.
    public init(estimatedHeight: Int = 1, count: Int = 0) {
        self.estimatedHeight = max(1, estimatedHeight)
        self.count = count
    }

    deinit { free(tree) }

    /// Lines of `row`. - Complexity: O(1).
    public func height(ofRow row: Int) -> Int { estimatedHeight + (heightDeltas[row] ?? 0) }

    /// Sets the height of `row` (at least 1 line).
    /// - Complexity: O(log n).
    public func setHeight(_ height: Int, ofRow row: Int) {
        precondition(row >= 0 && row < count, "row \(row) outside 0..<\(count)")
        // Bounded so that no sum of deltas in the Int32 tree can overflow (2^31 / 2^16 rows).
        let delta = max(1, min(height, Self.maximumHeight)) - estimatedHeight
        let old = heightDeltas[row] ?? 0
        guard delta != old else { return }
        heightDeltas[row] = delta == 0 ? nil : delta
        if tree == nil || count > treeCapacity {
            rebuildTree()  // adds every delta, this one included
        } else {
            add(delta - old, at: row)
        }
    }

    /// Forgets every measured height (column widths, wrapping or the data changed).
    public func removeAllHeights() {
        resetCount += 1
        heightDeltas.removeAll()
        free(tree)
        tree = nil
        treeCapacity = 0
    }

    /// Sets the number of rows. Rows added are unmeasured; when the count shrinks the rows
    /// are a different set (a filter), so every height is forgotten.
    /// - Complexity: O(1) while the tree has room, else O(m log n) for the m measured rows.
    public func setCount(_ newCount: Int) {
        if newCount < count { removeAllHeights() }
        count = newCount
        if tree != nil && newCount > treeCapacity { rebuildTree() }
    }

    /// The line on which `row` starts (`row == count`: the total height).
    /// - Complexity: O(log n).
    public func startLine(ofRow row: Int) -> Int {
        let row = max(0, min(row, count))
        return row * estimatedHeight + prefixDelta(row)
    }

    /// Lines of all rows together.
    public var totalHeight: Int { startLine(ofRow: count) }

    /// The row that covers `line` (clamped to the rows there are; 0 when there are none).
    /// - Complexity: O(log n): a descent of the Fenwick tree, adding `estimatedHeight` per row
    ///   skipped, since row starts strictly increase.
    public func row(atLine line: Int) -> Int {
        guard count > 0, line > 0 else { return 0 }
        guard let tree else { return min(count - 1, line / estimatedHeight) }
        // The largest p with startLine(p) <= line.
        var position = 0, sum = 0
        var step = treeCapacity
        while step > 0 {
            let next = position + step
            if next <= count {
                let start = next * estimatedHeight + sum + Int(tree[next])
                if start <= line {
                    position = next
                    sum += Int(tree[next])
                }
            }
            step >>= 1
        }
        return min(position, count - 1)
    }

    // MARK: - Fenwick tree

    private func prefixDelta(_ row: Int) -> Int {
        guard let tree else { return 0 }
        var i = row, sum = 0
        while i > 0 {
            sum += Int(tree[i])
            i &= i - 1
        }
        return sum
    }

    private func add(_ delta: Int, at row: Int) {
        guard let tree else { return }
        var i = row + 1
        while i <= treeCapacity {
            tree[i] &+= Int32(truncatingIfNeeded: delta)
            i += i & -i
        }
    }

    /// Allocates a tree with room for `count` rows and adds the known deltas to it.
    private func rebuildTree() {
        free(tree)
        var capacity = 1024
        while capacity < count { capacity <<= 1 }
        treeCapacity = capacity
        // calloc: untouched pages stay the shared zero page (see the type's comment).
        tree = calloc(capacity + 1, MemoryLayout<Int32>.stride)?.assumingMemoryBound(to: Int32.self)
        precondition(tree != nil, "out of memory for a row height index of \(capacity) rows")
        for (row, delta) in heightDeltas { add(delta, at: row) }
    }
}
