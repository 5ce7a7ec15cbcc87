import Testing
import DataTableKit
@testable import DataTableCSV

/// A `;`-separated European export, through the CSV path: the mapped file's raw fields, the
/// column's inferred format, the sort keys, the sort.
@Suite struct WrittenValuesSortTests {
    /// Rows of (date `D.M.YYYY`, amount with a decimal comma, US date with am/pm, money).
    static let file = """
        datum;betrag;when;price\r
        11.11.2007;39,1;7/10/2018 1:47 PM;$1,234.50\r
        3.1.2008;-24,69454;7/3/2018 1:47 PM;"$12.95"\r
        1.12.2007;1.234,5;7/3/2018 9:05 AM;(5.00)\r
        28.02.2007;"5,25";12/25/2017 11:59 PM;$0.99\r
        ;;;\r
        9.11.2007;100;1/2/2018 12:00 AM;-$3\r

        """

    @Test func europeanAndUSColumnsSortByValue() throws {
        let source = try CSVFileDataSource(path: temporaryFile(Array(Self.file.utf8)), hasHeader: true)
        source.indexAll()
        #expect(source.dialect.delimiter == UInt8(ascii: ";"))
        let count = source.rowCount
        func order(_ column: Int, _ kind: SortKeyKind) -> [String] {
            let samples = (0..<count).map { source.text(row: $0, column: column) }.filter { !$0.isEmpty }
            let format = ValueFormat.infer(from: samples, delimiter: source.dialect.delimiter, locale: "en_US.UTF-8")
            let reader = source.makeRawFieldReader(column: column, rowCount: count)!
            let keys = SortKeyColumn.extract(kind: kind, count: count, csvQuoted: true, format: format, field: reader)
            let rows = RowSorter.sort((0..<UInt32(count)).map { $0 }, by: [(keys, ascending: true)])!
            return rows.map { source.text(row: Int($0), column: column) }
        }
        #expect(order(0, .dateTime) == ["28.02.2007", "9.11.2007", "11.11.2007", "1.12.2007", "3.1.2008", ""])
        #expect(order(1, .decimal) == ["-24,69454", "5,25", "39,1", "100", "1.234,5", ""])
        #expect(order(2, .dateTime) == [
            "12/25/2017 11:59 PM", "1/2/2018 12:00 AM", "7/3/2018 9:05 AM", "7/3/2018 1:47 PM", "7/10/2018 1:47 PM", "",
        ])
        #expect(order(3, .decimal) == ["(5.00)", "-$3", "$0.99", "$12.95", "$1,234.50", ""])
    }
}
