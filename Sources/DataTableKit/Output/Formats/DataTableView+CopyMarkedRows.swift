extension DataTableView {
    /// Puts the marked rows on the clipboard as TSV (`y` with rows marked): `copyRows(as: .tsv)`.
    func copyMarkedRows() {
        copyRows(as: .tsv)
    }

    /// Puts the marked rows (none marked: the cursor row) on the clipboard in `format` (`Y`, and
    /// `y` with rows marked as `.tsv`): a header of the shown columns' titles, then the rows in
    /// display order, their shown columns in display order, so a TSV paste into a spreadsheet
    /// lands in cells. Marked rows not shown (filtered out, in a collapsed section) are left
    /// out. Refused over `clipboardLimit`, as every copy is.
    public func copyRows(as format: TableFormat) {
        let selection: DataTableViewSelection
        do { selection = try shownSelection() } catch {
            notice = "\(error)"
            return
        }
        let marked = marks.set
        var order: [UInt32] = []
        if marked.isEmpty {
            guard selection.rowCount > 0, !isCursorOnSectionRow else {
                notice = "no row to copy"
                return
            }
            order.append(UInt32(sourceRow(forDisplayRow: viewport.cursor.row)))
        } else {
            for position in 0..<selection.rowCount {
                let row = selection.sourceRow(at: position)
                if marked.contains(row) { order.append(UInt32(row)) }
            }
        }
        guard !order.isEmpty else {
            notice = "no marked row is shown"
            return
        }
        let copied = DataTableViewSelection(columns: selection.columns, order: order, rowCount: order.count)
        let columns = formatColumns(copied)
        let text = TableFormatOutput.text(copied, of: dataSource, format: format, columns: columns)
        let name = format == .markdown ? "Markdown" : format == .html ? "HTML" : format.rawValue.uppercased()
        copyToClipboard(text, saying: "copied \(grouped(order.count)) row\(order.count == 1 ? "" : "s") × \(columns.count) column\(columns.count == 1 ? "" : "s") as \(name)")
    }
}
