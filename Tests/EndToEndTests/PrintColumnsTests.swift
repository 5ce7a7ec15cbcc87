import Testing
import TestSupport

extension EndToEnd {
    /// `--print` of some columns: each keeps its own alignment (the fast path once read it by
    /// display column, so a number column after a hidden one came out left-aligned).
    @Suite("--print --columns")
    struct PrintSomeColumns {
        @Test("--print --columns 'price|city': the prices stay right-aligned")
        func numbersStayRightAligned() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("prices.csv", text: "name,price,city\nAda,12.5,Oslo\nBob,3,Rome\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", "--columns", "price|city", path], timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            #expect(ProcessResult.lines(of: result.standardOutputText) == [" price city", "  12.5 Oslo", "     3 Rome"],
                    "\(result.standardOutputText.debugDescription)")
        }
    }
}
