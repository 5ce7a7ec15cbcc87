import Glibc
import Testing
import TestSupport
import DataTableKit
@testable import DataTableCSV

/// The path of `tool` when it is installed (the reference compressors the tests compare with).
func installedTool(_ tool: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + tool }.first { access($0, X_OK) == 0 }
}

/// `bytes` compressed by the system's `tool` (`gzip`, `bzip2`, `xz`, `zstd`), as a reference.
func compressed(_ bytes: [UInt8], with tool: String) throws -> [UInt8] {
    let input = temporaryFile(bytes)
    let result = try runProcess([installedTool(tool) ?? tool, "-c", "-q", input], timeout: 60)
    #expect(result.status == 0, "\(tool): \(result.standardErrorText)")
    return result.standardOutput
}

/// A CSV text of `rows` rows (~60 bytes each) with quoted fields, embedded line breaks, CJK,
/// rows numbered from `first`.
func compressionFixture(rows: Int, first: Int = 0, header: Bool = true) -> [UInt8] {
    var text = header ? "id,name,note,price\n" : ""
    for i in first..<first + rows {
        let note = i % 97 == 0 ? "\"two\nlines, \"\"quoted\"\"\"" : i % 13 == 0 ? "東京 \(i)" : "plain \(i)"
        text += "\(i),name\(i),\(note),\(i % 1000).\(i % 100)\n"
    }
    return Array(text.utf8)
}

/// Every record of a source (titles first), read after indexing it all.
func allRecords(_ source: CSVFileDataSource) -> [[String]] {
    source.indexAll()
    return [(0..<source.columnCount).map(source.title(ofColumn:))] + (0..<source.rowCount).map { source.fields(row: $0) }
}

@Suite("Compressed input") struct CompressedInputTests {
    static let tools = ["gzip", "bzip2", "xz", "zstd"]

    /// The table of `tool`'s compressed file equals the plain file's, for one stream and for two
    /// concatenated ones (a multi-member gzip, `cat a.bz2 b.bz2`, …).
    func checkRoundTrip(_ tool: String) throws {
        let first = compressionFixture(rows: 12_000), second = compressionFixture(rows: 9_000, first: 12_000, header: false)
        let plain = try CSVFileDataSource(path: temporaryFile(first + second))
        let expected = allRecords(plain)
        #expect(expected.count == 21_001)

        let single = try CSVFileDataSource.open(path: temporaryFile(try compressed(first + second, with: tool), suffix: ".data"))
        #expect(single.file.isStream)
        #expect(allRecords(single) == expected, "\(tool), one stream")
        #expect(single.notice == nil, "\(single.notice ?? "")")
        #expect(single.file.compressionFormat?.name == tool)

        let members = try compressed(first, with: tool) + (try compressed(second, with: tool))
        let concatenated = try CSVFileDataSource.open(path: temporaryFile(members, suffix: ".data"))
        #expect(allRecords(concatenated) == expected, "\(tool), two concatenated streams")
        #expect(concatenated.notice == nil, "\(concatenated.notice ?? "")")
    }

    @Test(.enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func gzipFilesReadLikeThePlainFile() throws { try checkRoundTrip("gzip") }

    @Test(.enabled(if: installedTool("bzip2") != nil, "bzip2 is not installed"))
    func bzip2FilesReadLikeThePlainFile() throws { try checkRoundTrip("bzip2") }

    @Test(.enabled(if: installedTool("xz") != nil, "xz is not installed"))
    func xzFilesReadLikeThePlainFile() throws { try checkRoundTrip("xz") }

    @Test(.enabled(if: installedTool("zstd") != nil, "zstd is not installed"))
    func zstdFilesReadLikeThePlainFile() throws { try checkRoundTrip("zstd") }

    @Test("gzip bytes on a pipe (stdin) are decompressed", .enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func gzipOnAPipe() throws {
        let text = compressionFixture(rows: 5_000)
        let expected = allRecords(try CSVFileDataSource(path: temporaryFile(text)))
        let gz = try compressed(text, with: "gzip")
        let pipe = TestPipe()
        let writer = DetachedThread {
            var sent = 0
            while sent < gz.count {
                // In small pieces, as a slow producer would write them.
                let n = gz[sent..<min(gz.count, sent + 1000)].withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                sent += n
            }
            pipe.close()
        }
        writer.start()
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        #expect(allRecords(source) == expected)
        #expect(source.notice == nil, "\(source.notice ?? "")")
    }

    /// A cut compressed file: a message naming the file, what is wrong and how many rows were
    /// read; the rows before the cut are whole and equal the file's.
    func checkTruncated(_ tool: String) throws {
        let text = compressionFixture(rows: 40_000)  // 1.4 MB: two bzip2 blocks
        let expected = allRecords(try CSVFileDataSource(path: temporaryFile(text)))
        let whole = try compressed(text, with: tool)
        // bzip2 decodes 900 KB blocks whole: the cut falls in the second one.
        let path = temporaryFile(Array(whole.prefix(whole.count * 9 / 10)), suffix: "-cut\u{1B}[31m.gz")
        let source = try CSVFileDataSource.open(path: path)
        let records = allRecords(source)
        let notice = source.notice ?? ""
        #expect(notice.contains("the \(tool) data ends early (the file is truncated)"), "\(notice)")
        #expect(notice.contains("showing the \(grouped(source.rowCount)) rows read before it"), "\(notice)")
        #expect(!notice.contains("\u{1B}"), "the file name reached the message raw: \(notice.debugDescription)")
        #expect(source.rowCount > 1000 && source.rowCount < 40_000, "\(source.rowCount)")
        #expect(records == Array(expected.prefix(records.count)), "\(tool): the rows read differ from the file's")
    }

    @Test(.enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func aTruncatedGzipSaysSoAndShowsWhatWasRead() throws { try checkTruncated("gzip") }

    @Test(.enabled(if: installedTool("bzip2") != nil, "bzip2 is not installed"))
    func aTruncatedBzip2SaysSo() throws { try checkTruncated("bzip2") }

    @Test(.enabled(if: installedTool("xz") != nil, "xz is not installed"))
    func aTruncatedXzSaysSo() throws { try checkTruncated("xz") }

    @Test(.enabled(if: installedTool("zstd") != nil, "zstd is not installed"))
    func aTruncatedZstdSaysSo() throws { try checkTruncated("zstd") }

    @Test("Corrupt gzip data: a message, the rows before it", .enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func corruptGzip() throws {
        let text = compressionFixture(rows: 20_000)
        var gz = try compressed(text, with: "gzip")
        for i in stride(from: gz.count / 2, to: gz.count / 2 + 64, by: 1) { gz[i] ^= 0x5A }
        let source = try CSVFileDataSource.open(path: temporaryFile(gz, suffix: ".csv.gz"))
        source.indexAll()
        let notice = source.notice ?? ""
        #expect(notice.contains("corrupt gzip data ("), "\(notice)")
        #expect(notice.contains("rows read before it"), "\(notice)")
        #expect(source.rowCount > 100, "\(source.rowCount)")
    }

    @Test("--buffer-limit counts the decompressed bytes", .enabled(if: installedTool("gzip") != nil, "gzip is not installed"))
    func bufferLimitCountsDecompressedBytes() throws {
        let text = compressionFixture(rows: 40_000)  // ~2.4 MB, compresses to a few hundred KB
        let gz = try compressed(text, with: "gzip")
        let limit = 1 << 20
        #expect(gz.count < limit)
        let source = try CSVFileDataSource.open(path: temporaryFile(gz, suffix: ".csv.gz"), bufferLimit: limit)
        source.indexAll()
        #expect(source.notice?.contains("at the 1 MiB limit") == true, "\(source.notice ?? "")")
        // The copier's count: the decompressed copy and 4 bytes of index per row.
        #expect(source.file.length + (source.rowCount + 1) * RowOffsetIndex.bytesPerRow <= limit)
        #expect(source.rowCount > 1000 && source.rowCount < 40_000)
    }

    @Test("Magic bytes decide, not the name")
    func detection() {
        func detect(_ bytes: [UInt8], complete: Bool = true) -> CompressionFormat.Detection {
            bytes.withUnsafeBytes { CompressionFormat.detect($0, isComplete: complete) }
        }
        #expect(detect([0x1F, 0x8B, 0x08, 0, 0]) == .compressed(.gzip))
        #expect(detect(Array("BZh91AY&SY".utf8)) == .compressed(.bzip2))
        #expect(detect(Array("BZh9 is a header,b\n".utf8)) == .plain)
        #expect(detect([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 4]) == .compressed(.xz))
        #expect(detect([0x28, 0xB5, 0x2F, 0xFD, 0x24]) == .compressed(.zstd))
        #expect(detect(Array("id,name\n".utf8)) == .plain)
        // A stream that has delivered only the start of a magic number waits for more bytes.
        #expect(detect([0x1F], complete: false) == .undecided)
        #expect(detect(Array("BZh".utf8), complete: false) == .undecided)
        #expect(detect([0x1F], complete: true) == .plain)
        #expect(detect(Array("a,b".utf8), complete: false) == .plain)
    }

    @Test("A zip archive is refused with a hint, not as binary")
    func zipArchiveHint() throws {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 60) + Array("data.csv".utf8)
        #expect(throws: MappedFile.OpenError.self) { try CSVFileDataSource.open(path: temporaryFile(zip, suffix: ".zip")) }
        do {
            _ = try CSVFileDataSource.open(path: temporaryFile(zip, suffix: ".zip"))
        } catch MappedFile.OpenError.system(let message) {
            #expect(message.contains("is a zip archive, not CSV text: extract it first"), "\(message)")
        }
    }
}
