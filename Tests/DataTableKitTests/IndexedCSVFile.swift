import Glibc
import TestSupport
@testable import DataTableCSV

/// Writes `bytes` to a new `.csv` file in the scratch directory (named `dtable-PREFIX-XXXXXX.csv`)
/// and opens it, indexed: the raw-record path of a data source, for the tests of this target.
func indexedCSVFile(_ bytes: [UInt8], prefix: String, dialect: CSVDialect? = nil) throws -> CSVFileDataSource {
    var template = Array("\(ScratchDirectory.path)/dtable-\(prefix)-XXXXXX.csv".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let source = try CSVFileDataSource(path: path, dialect: dialect)
    source.indexAll()
    return source
}
