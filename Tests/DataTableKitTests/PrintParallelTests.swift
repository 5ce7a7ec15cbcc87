import Dispatch
import Glibc
import Synchronization
import Testing
import TerminalSurface
import TestSupport
import DataTableCSV
@testable import DataTableKit

/// `--print`'s fast path on several threads (`TablePrinter+ParallelTextRows`) writes exactly the
/// bytes the one-thread fast path and the cell pipeline write, in display order, whatever the
/// batch size, the number of workers, the view (sort, filter, hidden and moved columns) and
/// which worker finishes first.
@Suite struct PrintParallelTests {
    /// How a view is set up before printing.
    enum ViewSetup: CaseIterable {
        case plain, sorted, filtered, columns, all
    }

    static func view(of source: DataTableDataSource, configuration: DataTableConfiguration, setup: ViewSetup) -> DataTableView {
        let view = DataTableView(dataSource: source, configuration: configuration)
        if setup == .sorted || setup == .all { view.sort(by: [SortDescriptor(column: 2, ascending: true)]) }
        if setup == .filtered || setup == .all {
            view.startFilter(try! RowMatcher(query: "e", mode: .substring))
            view.waitForJob()
        }
        if setup == .columns || setup == .all {
            _ = view.hideColumn(1)
            view.moveColumn(4, toDisplayColumn: 0)
        }
        return view
    }

    /// The bytes `print(_:writeBytes:)` writes, and the batches laid out on workers (counted
    /// by the test hook).
    static func printed(_ view: DataTableView, width: Int, threads: Int, batchRows: Int, fast: Bool = true,
                        hook: (@Sendable (Int) -> Void)? = nil) -> (bytes: [UInt8], batches: Int) {
        var printer = TablePrinter(width: width)
        printer.usesTextRowFastPath = fast
        printer.textRowThreads = threads
        printer.textBatchRows = batchRows
        let batches = Counter()
        printer.textBatchHook = { batch in
            batches.value.add(1, ordering: .relaxed)
            hook?(batch)
        }
        var bytes: [UInt8] = []
        printer.print(view, writeBytes: { bytes.append(contentsOf: $0) })
        return (bytes, batches.value.load(ordering: .relaxed))
    }

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    @Test("Two or three workers print the bytes of one thread and of the cell pipeline, on random hostile files",
          arguments: [(UInt64(21), 200), (22, 37), (23, 80), (24, 13)])
    func sameAsOneThread(seed: UInt64, width: Int) throws {
        let source = try PrintFastPathTests.csvFile(PrintFastPathTests.randomCSV(rows: 240, seed: seed))
        for (index, setup) in ViewSetup.allCases.enumerated() {
            var configuration = DataTableConfiguration()
            let truncation = [TruncationMode.tail, .head, .middle][(Int(seed) + index) % 3]
            configuration.textLayout = .singleLine(truncation: truncation)
            configuration.maxColumnWidth = [12, 7, 30, 40][Int(seed) % 4]
            let view = Self.view(of: source, configuration: configuration, setup: setup)
            #expect(TablePrinter.canPrintTextRows(view, colorCount: nil))
            let rowCount = view.viewport.rowCount
            #expect(rowCount > 20, "\(setup)")
            let one = Self.printed(view, width: width, threads: 1, batchRows: 2048)
            #expect(one.batches == 0)
            let pipeline = Self.printed(view, width: width, threads: 1, batchRows: 2048, fast: false)
            #expect(one.bytes == pipeline.bytes, "\(setup) \(truncation): the one-thread fast path differs from the pipeline")
            for batchRows in [1, 2, 3, 7, 64, rowCount - 1] {
                for threads in [2, 3] {
                    let many = Self.printed(view, width: width, threads: threads, batchRows: batchRows)
                    #expect(many.batches == (rowCount + batchRows - 1) / batchRows, "\(setup): not laid out in batches")
                    if many.bytes != one.bytes {
                        let a = many.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                        let b = one.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                        let message = "\(setup) \(truncation), \(threads) threads, \(batchRows) rows a batch: line \(i) differs"
                        Issue.record("\(message) (\(a.count) lines, \(b.count) expected)")
                    }
                }
            }
        }
    }

    @Test("Batches are written in order when a later batch is ready first")
    func inOrderWhenTheSecondWorkerFinishesFirst() throws {
        let source = try PrintFastPathTests.csvFile(PrintFastPathTests.randomCSV(rows: 200, seed: 31))
        let view = DataTableView(dataSource: source)
        let one = Self.printed(view, width: 90, threads: 1, batchRows: 2048)
        // Batch 0 is published only once batch 1 is: the writer has batch 1 before batch 0.
        let secondDone = DispatchSemaphoreBox()
        let finished = Mutex<[Int]>([])
        let many = Self.printed(view, width: 90, threads: 2, batchRows: 10) { batch in
            if batch == 0 { _ = secondDone.semaphore.wait(timeout: .now() + 20) }
            finished.withLock { $0.append(batch) }
            if batch == 1 { secondDone.semaphore.signal() }
        }
        let order = finished.withLock { $0 }
        // Batch 1 was laid out before batch 0 (the other worker may go on meanwhile).
        #expect(order.first == 1 && order.firstIndex(of: 0).map { $0 > 0 } == true, "\(order.prefix(8))")
        #expect(order.sorted() == Array(0..<20))
        #expect(many.batches == 20)
        #expect(many.bytes == one.bytes)
    }

    @Test("Long fields (read through the data source, under the lock) print the same on two workers")
    func longFieldsOnWorkers() throws {
        var text = "a,b,c\n"
        for row in 0..<300 {
            let long = row % 7 == 3 ? String(repeating: "long \(row) 東京 ", count: 600) : "short \(row)"
            text += "\(row),\"\(long)\",x\(row)\n"
        }
        let source = try PrintFastPathTests.csvFile(Array(text.utf8))
        let view = DataTableView(dataSource: source)
        let one = Self.printed(view, width: 120, threads: 1, batchRows: 2048)
        let pipeline = Self.printed(view, width: 120, threads: 1, batchRows: 2048, fast: false)
        #expect(one.bytes == pipeline.bytes)
        for batchRows in [1, 5, 64] {
            let many = Self.printed(view, width: 120, threads: 2, batchRows: batchRows)
            #expect(many.batches == (300 + batchRows - 1) / batchRows)
            #expect(many.bytes == one.bytes)
        }
    }

    @Test("Tables read through values (edits, rows in memory) stay on one thread and print the same")
    func valuesStayOnOneThread() throws {
        let file = try PrintFastPathTests.csvFile(PrintFastPathTests.randomCSV(rows: 120, seed: 41))
        let editable = EditableDataSource(base: file)
        editable.setField("edited \u{1B}[2J 東京", row: 3, column: 2)
        let memory = StringRowsDataSource(titles: ["a", "b"], rows: (0..<50).map { ["\($0)", "東京\n\u{7}x \($0)"] })
        for source in [editable as DataTableDataSource, memory] {
            let view = DataTableView(dataSource: source)
            let one = Self.printed(view, width: 60, threads: 1, batchRows: 2048)
            let many = Self.printed(view, width: 60, threads: 2, batchRows: 4)
            #expect(many.batches == 0)
            #expect(many.bytes == one.bytes)
        }
    }

    @Test("The String form gets the same lines from the workers")
    func stringLines() throws {
        let source = try PrintFastPathTests.csvFile(PrintFastPathTests.randomCSV(rows: 150, seed: 51))
        let view = DataTableView(dataSource: source)
        var one = TablePrinter(width: 70)
        one.textRowThreads = 1
        var many = TablePrinter(width: 70)
        many.textRowThreads = 2
        many.textBatchRows = 3
        var a: [String] = [], b: [String] = []
        one.print(view) { a.append($0) }
        many.print(view) { b.append($0) }
        #expect(a.count == 151)
        #expect(a == b)
    }
}

/// A semaphore to share with a `@Sendable` hook.
final class DispatchSemaphoreBox: Sendable {
    let semaphore = DispatchSemaphore(value: 0)
}
