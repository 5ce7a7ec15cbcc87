extension DataTableView {
    /// Puts the marked rows on the clipboard as TSV (`y` with rows marked): a header of the
    /// shown columns' titles, then the marked rows in display order, their shown columns in
    /// display order (`TableFormat.tsv`), so a paste into a spreadsheet lands in cells. Marked
    /// rows not shown (filtered out, in a collapsed section) are left out. Refused over
    /// `clipboardLimit`, as every copy is.
    func copyMarkedRows() {
        let selection: DataTableViewSelection
        do { selection = try shownSelection() } catch {
            notice = "\(error)"
            return
        }
        let marked = marks.set
        var order: [UInt32] = []
        for position in 0..<selection.rowCount {
            let row = selection.sourceRow(at: position)
            if marked.contains(row) { order.append(UInt32(row)) }
        }
        guard !order.isEmpty else {
            notice = "no marked row is shown"
            return
        }
        let copied = DataTableViewSelection(columns: selection.columns, order: order, rowCount: order.count)
        let columns = formatColumns(copied)
        let text = TableFormatOutput.text(copied, of: dataSource, format: .tsv, columns: columns)
        copyToClipboard(text, saying: "copied \(grouped(order.count)) row\(order.count == 1 ? "" : "s") × \(columns.count) column\(columns.count == 1 ? "" : "s") as TSV")
    }
}
