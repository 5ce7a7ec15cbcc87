/// The one place column widths are decided: the columns' policies (`ColumnWidth`), their
/// content widths and the table's width in, the laid-out widths out.
///
/// - `fixed(n)` is `n`, `fit` the content width, `percentage(p)` p% of the table's width (each
///   then held by its minimum and maximum);
/// - fill columns share what those and the gutters leave, by weight, each never below its
///   floor (its minimum, else its content width) nor above its maximum: a column held at a
///   bound leaves the rest to the others (water-filling). The division's remainder goes to
///   the leftmost fill columns, so the widths and gutters add up to the table's width exactly
///   unless every fill column is at its maximum;
/// - when the floors need more room than there is, every fill column is at its floor and the
///   table scrolls sideways.
enum ColumnWidthSolver {
    /// The widths of columns with `policies` and `content` widths (same count) in `available`
    /// cells, `gutter` cells after each column but the last.
    /// - Complexity: O(columns) (64 bisection steps over the fill columns).
    static func widths(policies: [ColumnWidth], content: [Int], available: Int, gutter: Int) -> [Int] {
        precondition(policies.count == content.count)
        var widths = [Int](repeating: 0, count: policies.count)
        var fills: [Int] = []
        for (i, policy) in policies.enumerated() {
            switch policy.base {
            case .fixed(let width): widths[i] = policy.clamped(width)
            case .fit: widths[i] = policy.clamped(content[i])
            case .percentage(let percent):
                widths[i] = policy.clamped(Swift.max(0, available) * Swift.min(100, Swift.max(0, percent)) / 100)
            case .fill:
                fills.append(i)
                widths[i] = floorWidth(of: policy, content: content[i])
            }
        }
        guard !fills.isEmpty else { return widths }
        let used = widths.indices.reduce(0) { fills.contains($1) ? $0 : $0 + widths[$1] }
        let room = available - used - gutter * Swift.max(0, policies.count - 1)
        share(room, among: fills, policies: policies, widths: &widths)
        return widths
    }

    /// The narrowest a fill column gets: its minimum, else its content width (held by its maximum).
    static func floorWidth(of policy: ColumnWidth, content: Int) -> Int {
        if let minimum = policy.minimum { return Swift.max(1, minimum) }
        return policy.clamped(content)
    }

    /// Divides `room` among the `fills` columns by weight, their floors (already in `widths`)
    /// and maxima holding (water-filling): the level `λ` where the columns' `λ × weight`, each
    /// held between its floor and maximum, add up to `room` says which columns are held at a
    /// bound; the others share what those leave by weight, the division's remainder going to
    /// the leftmost of them.
    private static func share(_ room: Int, among fills: [Int], policies: [ColumnWidth], widths: inout [Int]) {
        let floors = fills.map { widths[$0] }
        guard room > floors.reduce(0, +) else { return }  // too narrow: floors, and the table scrolls
        let weights = fills.map { Double(weight(of: policies[$0])) }
        let caps = fills.indices.map { k in policies[fills[k]].maximum.map { Swift.max($0, floors[k]) } ?? Int.max }
        func held(_ k: Int, _ level: Double) -> Double {
            Swift.min(Double(caps[k]), Swift.max(Double(floors[k]), level * weights[k]))
        }
        func total(_ level: Double) -> Double { fills.indices.reduce(0) { $0 + held($1, level) } }
        // The level: bisection over a function that only grows with it.
        var low = 0.0, high = Double(room)
        if total(high) <= Double(room) { low = high } else {
            for _ in 0..<64 {
                let middle = (low + high) / 2
                if total(middle) <= Double(room) { low = middle } else { high = middle }
            }
        }
        var free: [Int] = []
        var left = room
        for k in fills.indices {
            let want = low * weights[k]
            if weights[k] > 0 && want > Double(floors[k]) && want < Double(caps[k]) {
                free.append(k)
            } else {
                widths[fills[k]] = Int(held(k, low).rounded(.down))
                left -= widths[fills[k]]
            }
        }
        guard !free.isEmpty, left > 0 else { return }
        let freeWeight = free.reduce(0) { $0 + Int(weights[$1]) }
        var given = 0
        for k in free {
            widths[fills[k]] = Swift.min(caps[k], Swift.max(floors[k], left * Int(weights[k]) / freeWeight))
            given += widths[fills[k]]
        }
        var remainder = left - given
        while remainder > 0 {
            let before = remainder
            for k in free where remainder > 0 && widths[fills[k]] < caps[k] {
                widths[fills[k]] += 1
                remainder -= 1
            }
            if remainder == before { break }
        }
    }

    /// A fill column's weight (negative weights count as none).
    private static func weight(of policy: ColumnWidth) -> Int {
        if case .fill(let weight) = policy.base { return Swift.max(0, weight) }
        return 0
    }
}
