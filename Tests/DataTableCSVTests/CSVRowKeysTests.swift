import Glibc
import Testing
import TestSupport
import DataTableKit
@testable import DataTableCSV

/// Row identities across versions of a file (`CSVRowKeys`): by content (duplicates told
/// apart by occurrence) or by key columns, and the changes between two versions.
@Suite struct CSVRowKeysTests {
    func keys(_ text: String, keyColumns: [Int] = []) throws -> CSVRowKeys {
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        return try #require(CSVRowKeys.compute(of: source, keyColumns: keyColumns))
    }

    @Test func contentKeysAreTheRowsBytesWithoutTheLineEnd() throws {
        let a = try keys("id,v\n1,x\n2,y\n3,z\n")
        let b = try keys("id,v\r\n3,z\r\n1,x\r\n2,y")
        #expect(a.identities.count == 3)
        #expect(Set(a.identities).count == 3)
        #expect(b.identities == [a.identities[2], a.identities[0], a.identities[1]])
        let c = try keys("id,v\n1,x\n2,Y\n3,z\n")
        #expect(c.identities[0] == a.identities[0] && c.identities[2] == a.identities[2])
        #expect(c.identities[1] != a.identities[1])
    }

    @Test func duplicateRowsAreToldApartByOccurrence() throws {
        let a = try keys("v\nsame\nother\nsame\nsame\n")
        #expect(Set(a.identities).count == 4)
        #expect(a.identities[0] != a.identities[2])
        #expect(a.identities[2] != a.identities[3])
        // The k-th occurrence has the same identity in every version.
        let b = try keys("v\nnew\nsame\nsame\nother\nsame\n")
        #expect(b.identities[1] == a.identities[0])
        #expect(b.identities[2] == a.identities[2])
        #expect(b.identities[4] == a.identities[3])
        #expect(CSVRowKeys.disambiguated([7, 7, 7]) == CSVRowKeys.disambiguated([7, 7, 7, 8]).dropLast())
    }

    @Test func keyColumnsMatchRowsByValueWithoutQuotesAndSeeChangedContent() throws {
        let a = try keys("id,name\n1,ada\n2,bob\n\"3\",cy\n", keyColumns: [0])
        let b = try keys("id,name\n3,cy\n\"2\",bobby\n1,ada\n", keyColumns: [0])
        #expect(b.identities == [a.identities[2], a.identities[1], a.identities[0]])
        let (changes, summary) = a.changes(to: b)
        #expect(changes.newSourceRows == [2, 1, 0])
        #expect(changes.changedRows == [1, 0])  // bob's content changed; "3" re-quoted changed its bytes
        #expect(summary == CSVReloadSummary(changed: 2))
        var scratch: [UInt8] = []
        let text = #""a""b""#
        let value = Array(text.utf8).withUnsafeBytes { CSVRowKeys.withUnquoted($0, quote: 0x22, scratch: &scratch) { Array($0) } }
        #expect(String(decoding: value, as: UTF8.self) == #"a"b"#)
    }

    @Test func aRowEditedInPlaceIsChangedNotRemovedAndAdded() throws {
        let a = try keys("v\n1\n2\n3\n4\n5\n")
        let b = try keys("v\n1\n2\nthree\n4\n5\nsix\n")
        let (changes, summary) = a.changes(to: b)
        #expect(changes.newSourceRows == [0, 1, 2, 3, 4])
        #expect(changes.changedRows == [2, 5])
        #expect(summary.description == "1 changed, 1 added")
        let c = try keys("v\n2\nX\n4\n")
        let (back, backSummary) = a.changes(to: c)
        #expect(back.newSourceRows == [nil, 0, 1, 2, nil])
        #expect(backSummary.description == "1 changed, 2 removed")
        #expect(a.changes(to: a).summary.description == "no rows changed")
    }
}

/// `CSVReload`: a new version of a file read on a worker and matched with the old one.
@Suite struct CSVReloadTests {
    func write(_ text: String, to path: String) {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        rename(temporary, path)
    }

    func append(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND)
        precondition(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func outcome(of reload: CSVReload) -> CSVReload.Outcome {
        while true {
            if let outcome = reload.takeOutcome() { return outcome }
            usleep(1000)
        }
    }

    func opened(_ text: String) throws -> CSVFileDataSource {
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        return source
    }

    @Test func aReplacedFileIsMatchedRowByRow() throws {
        let old = try opened("id,v\n1,a\n2,b\n3,c\n")
        let keys = CSVRowKeys.compute(of: old)
        write("id,v\n1,a\n2,B\n3,c\n4,d\n", to: old.path)
        guard case .done(let result) = outcome(of: CSVReload(reloading: old, oldKeys: keys, keyColumns: [], tail: old.tailFingerprint()))
        else { Issue.record("not reloaded"); return }
        #expect(!result.isAppend)
        #expect(result.summary.description == "1 changed, 1 added")
        #expect(result.changes.newSourceRows == [0, 1, 2])
        #expect(result.source.text(row: 1, column: 1) == "B")
        #expect(old.text(row: 1, column: 1) == "b")  // the old mapping still holds the old version
    }

    @Test func aFileThatOnlyGrewIsTakenAsAppendedRows() throws {
        let old = try opened("id,v\n1,a\n2,b\n")
        let tail = old.tailFingerprint()
        append("3,c\n4,d\n", to: old.path)
        guard case .done(let result) = outcome(of: CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: tail, appendOnly: true))
        else { Issue.record("not appended"); return }
        #expect(result.isAppend)
        #expect(result.changes == .appended(oldCount: 2, newCount: 4))
        #expect(result.summary.added == 2)

        // A last line without its line end that goes on is the same row, changed.
        let open = try opened("id,v\n1,a\n2,b")
        let openTail = open.tailFingerprint()
        append("c\n3,d\n", to: open.path)
        guard case .done(let grown) = outcome(of: CSVReload(reloading: open, oldKeys: nil, keyColumns: [], tail: openTail))
        else { Issue.record("not appended"); return }
        #expect(grown.changes == .appended(oldCount: 2, newCount: 3, changingLastRow: true))
        #expect(grown.source.text(row: 1, column: 1) == "bc")
    }

    @Test func aFileChangedOtherwiseIsNotAnAppend() throws {
        let old = try opened("id,v\n1,a\n2,b\n")
        let tail = old.tailFingerprint()
        write("id,v\n1,a\n2,x\n3,c\n", to: old.path)
        guard case .notAnAppend = outcome(of: CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: tail, appendOnly: true))
        else { Issue.record("taken as an append"); return }
    }

    @Test func binaryOrReshapedOrMissingFilesKeepTheOldTableWithAMessage() throws {
        let old = try opened("id,v\n1,a\n")
        let binary = [UInt8](repeating: 0, count: 4096)
        let fd = Glibc.open(old.path, O_WRONLY | O_TRUNC)
        _ = binary.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard case .failed(let message) = outcome(of: CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: nil))
        else { Issue.record("binary reloaded"); return }
        #expect(message.hasPrefix("not reloaded: "))
        #expect(message.contains("binary"))

        write("id,v,w\n1,a,b\n", to: old.path)
        guard case .failed(let columns) = outcome(of: CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: nil))
        else { Issue.record("reshaped file reloaded"); return }
        #expect(columns.contains("columns changed from 2 to 3"))

        unlink(old.path)
        guard case .failed(let missing) = outcome(of: CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: nil))
        else { Issue.record("missing file reloaded"); return }
        #expect(missing.contains("cannot open"))
    }

    @Test func cancellingStopsTheReload() throws {
        let rows = (0..<200_000).map { "\($0),value \($0)\n" }.joined()
        let old = try opened("id,v\n" + rows)
        write("id,v\n" + rows + "x,y\n", to: old.path)
        let reload = CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: nil)
        reload.cancel()
        guard case .cancelled = outcome(of: reload) else { Issue.record("not cancelled"); return }
    }
}
