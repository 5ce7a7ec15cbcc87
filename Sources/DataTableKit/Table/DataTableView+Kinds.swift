import Glibc

/// Column kinds: the first guess is checked over a large sample off the UI thread, and the
/// user may set a column's kind (`ColumnKindSetting`, the `t` keys); a sort by a column whose kind changed
/// runs again.
extension DataTableView {
    /// Sets `column`'s kind (nil: back to the inferred kind); the column's alignment follows,
    /// and a sort by the column runs again with the new kind.
    public func setKind(_ setting: ColumnKindSetting?, ofColumn column: Int) {
        guard columns.indices.contains(column) else { return }
        if let setting {
            columns[column].kind = setting.kind
            columns[column].isKindSet = true
            columns[column].format.datePattern = setting.datePattern
        } else {
            columns[column].isKindSet = false
            columns[column].format.datePattern = nil
            // Inferred again at once over the large sample (one column: a few milliseconds).
            let count = dataSource.rowCount
            if let inferred = ColumnKindSampler.infer(source: dataSource, rowCount: count, columns: [column],
                                                      nullTokens: configuration.nullTokens)[column] {
                columns[column].kind = inferred.kind
                columns[column].format = inferred.format
            }
        }
        columns[column].alignment = Self.alignment(of: columns[column].kind)
        resortIfSorted(by: [column])
        refilterIfFiltered(by: [column])
    }

    /// Whether `column`'s kind was set by the user.
    public func isKindSet(ofColumn column: Int) -> Bool {
        columns.indices.contains(column) && columns[column].isKindSet
    }

    /// Blocks until the check of the columns' kinds over the large sample has run over the rows
    /// there are now, and takes its result (print mode, scripts, tests; the viewer polls).
    public func settleColumnKinds() {
        checkColumnKindsIfNeeded()
        while columnLayout.sampling.sampler != nil {
            if !applyColumnKindSample(), columnLayout.sampling.sampler != nil { usleep(500) }
            // A check over fewer rows than there are now is followed by one over all of them.
            checkColumnKindsIfNeeded()
        }
    }

    /// The kinds of `configuration.columnKinds`, applied once as the table opens.
    func applyConfiguredKinds() {
        for (column, setting) in configuration.columnKinds where columns.indices.contains(column) {
            columns[column].kind = setting.kind
            columns[column].isKindSet = true
            columns[column].format.datePattern = setting.datePattern
            columns[column].alignment = Self.alignment(of: setting.kind)
        }
    }

    /// Starts a check of the kinds over a sample of the rows there are now, when none runs and
    /// the source has grown to twice the rows of the last check, or finished loading since; or
    /// when the widths must be measured (`columnLayout.sampling.needsWidths`: the sample measures them too).
    func checkColumnKindsIfNeeded() {
        guard columnLayout.sampling.sampler == nil else { return }
        let count = dataSource.rowCount
        let complete = sourceWatch.isSourceComplete
        let measuresWidths = columnLayout.sampling.needsWidths && count > 0
        guard measuresWidths || (count > columnLayout.sampling.sampledRowCount && (count >= 2 * columnLayout.sampling.sampledRowCount || complete)) else { return }
        let unset = columns.indices.filter { !columns[$0].isKindSet }
        guard !unset.isEmpty || measuresWidths else {
            columnLayout.sampling.sampledRowCount = count
            return
        }
        var widthRule: ColumnKindSampler.WidthRule?
        if measuresWidths {
            columnLayout.sampling.needsWidths = false
            widthRule = ColumnKindSampler.WidthRule(
                modes: configuration.columnWidthModeProvider.map { provider in
                    columns.indices.map { provider($0) ?? configuration.columnWidthMode }
                },
                defaultMode: configuration.columnWidthMode, minWidth: configuration.minColumnWidth,
                maxWidth: configuration.maxColumnWidth)
        }
        columnLayout.sampling.sampler = ColumnKindSampler(source: dataSource, rowCount: count, columns: measuresWidths ? Array(columns.indices) : unset,
                                        nullTokens: configuration.nullTokens, widthRule: widthRule)
    }

    /// Takes a finished check's kinds into the columns the user did not set (a sort by a column
    /// whose kind changed runs again), and its widths where they are wider. Returns whether a
    /// kind or a width changed.
    @discardableResult
    func applyColumnKindSample() -> Bool {
        guard let sampler = columnLayout.sampling.sampler, let sample = sampler.take() else { return false }
        columnLayout.sampling.sampler = nil
        columnLayout.sampling.sampledRowCount = sampler.rowCount
        var widened = false
        for (column, width) in sample.widths.enumerated() where column < columns.count {
            // A width the user set (`<`, `>`) stays.
            guard let width, width > columns[column].width, !columns[column].isWidthSet else { continue }
            columns[column].width = width
            widened = true
        }
        if widened { layoutColumns() }
        var changed: [Int] = []
        for (column, inferred) in sample.kinds.enumerated() {
            guard let inferred, columns.indices.contains(column), !columns[column].isKindSet else { continue }
            if columns[column].kind != inferred.kind || columns[column].format != inferred.format {
                columns[column].kind = inferred.kind
                columns[column].format = inferred.format
                columns[column].alignment = Self.alignment(of: inferred.kind)
                changed.append(column)
            }
        }
        resortIfSorted(by: changed)
        refilterIfFiltered(by: changed)
        return !changed.isEmpty || widened
    }

    /// Runs the sort shown (or running) again when one of `changedColumns` is a key of it.
    func resortIfSorted(by changedColumns: [Int]) {
        guard !changedColumns.isEmpty else { return }
        if let job = jobs.active, case .sort(let running) = job.kind {
            // Grouping rides the sort job: its group key and footer sums depend on the kinds.
            if running.contains(where: { changedColumns.contains($0.column) }) || sectionState.grouping != nil {
                startSort(by: running)
            }
        } else if jobs.active == nil,
                  sortDescriptors.contains(where: { changedColumns.contains($0.column) }) || sectionState.grouping != nil {
            reorderKeepingTheTop { startSort(by: sortDescriptors) }
        }
    }

    /// Numbers right, everything else left.
    static func alignment(of kind: SortKeyKind) -> TextAlignment {
        kind == .integer || kind == .decimal ? .right : .left
    }

    /// "price: 3 values are not numbers" for the keys of the sort shown that have strays (nil: none).
    var strayNotice: String? {
        let parts = sortDescriptors.compactMap { descriptor -> String? in
            guard let n = strayCounts[descriptor.column], n > 0, columns.indices.contains(descriptor.column) else { return nil }
            let kind = sortKeyKind(ofColumn: descriptor.column)
            let what = kind.strayDescription
            let phrase = n == 1 ? "1 value is not a \(what.dropLast())" : "\(grouped(n)) values are not \(what)"
            return "\(columns[descriptor.column].title): \(phrase)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
