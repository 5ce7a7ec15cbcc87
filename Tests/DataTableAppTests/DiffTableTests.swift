import Glibc
import Testing
import TestSupport
import DataTableApp
import DataTableCSV
import DataTableKit
import TerminalSurface

/// The comparison of two files through the real controller on the in-memory backend: the new
/// version shows at once, then the compared table with the removed rows among the rows.
@Suite struct DiffTableTests {
    static func file(_ text: String) -> String {
        var template = Array("\(ScratchDirectory.path)/dtable-diff-XXXXXX.csv".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        precondition(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func lines(_ backend: MemoryBackend) -> [String] {
        Snapshot.text(of: try! #require(backend.presented), includeStyles: false).split(separator: "\n")
            .map { line in
                var text = String(line.dropFirst().dropLast())
                while text.hasSuffix(" ") { text.removeLast() }
                return text
            }
    }

    @Test func theNewVersionShowsAtOnceThenTheComparison() throws {
        // Excel-style old version (BOM, CRLF, quoted), pandas-style new one.
        let old = try CSVFileDataSource(path: Self.file("\u{FEFF}id,name,price\r\n1,\"ann\",10\r\n2,bob,20\r\n3,cy,30\r\n"))
        let new = try CSVFileDataSource(path: Self.file("id,name,price\n1,ann,10\n2,bob,25\n4,dee,40\n"))
        let comparison = CSVTableDiffComparison(old: old, new: new, keyColumns: ([0], [0]))
        let backend = MemoryBackend(size: Size(width: 40, height: 8))
        let view = DataTableView(dataSource: comparison.live, size: backend.size)
        let app = TableApplication(view: view, backend: backend)
        app.drawFrame()
        let first = Self.lines(backend)
        #expect(first[0] == "change   id name   price")
        #expect(Array(first[1...3]) == ["          1 ann       10", "          2 bob       25", "          4 dee       40"])

        comparison.start()
        var waited = 0
        while !comparison.isFinished && waited < 1000 { usleep(5000); waited += 1 }
        #expect(view.refreshFromDataSource(checkingForChanges: false))
        app.drawFrame()
        let compared = Self.lines(backend)
        #expect(Array(compared[1...4]) == ["          1 ann       10", "changed   2 bob       25", "removed   3 cy        30",
                                           "added     4 dee       40"])
        #expect(compared.joined().contains("diff: 1 added, 1 removed, 1 changed"))
        // The change column filters and counts as any column does.
        #expect(view.dataSource.text(row: 2, column: 0) == "removed")
    }

    @Test func aCancelledComparisonLeavesTheNewVersionShownAndSaysSo() throws {
        let old = try CSVFileDataSource(path: Self.file("id,v\n1,a\n"))
        let new = try CSVFileDataSource(path: Self.file("id,v\n2,b\n"))
        let comparison = CSVTableDiffComparison(old: old, new: new)
        #expect(comparison.live.layer(CSVTableDiffDataSource.self)?.comparison === comparison)
        comparison.cancel()
        comparison.start()
        var waited = 0
        while comparison.live.message == nil && waited < 1000 { usleep(5000); waited += 1 }
        #expect(comparison.live.message == "diff: cancelled")
        #expect(!comparison.isFinished && !comparison.live.hasRowChanges)
        #expect(comparison.live.rowCount == 1 && comparison.live.text(row: 0, column: 0) == "")
    }
}
