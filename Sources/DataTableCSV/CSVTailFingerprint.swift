/// The last record of a fully indexed CSV file as it was: where it lies and a hash of its
/// bytes, to tell later whether the file only grew (the bytes read before are unchanged) or
/// was changed.
public struct CSVTailFingerprint: Sendable, Equatable {
    /// Data rows there were.
    public let rowCount: Int
    /// The file's size.
    public let length: Int
    /// The last record's start offset (the data start when there are no rows).
    let start: Int
    /// Its end offset (its terminator included).
    let end: Int
    /// The hash of its bytes.
    let hash: UInt64
    /// The inode of the file read.
    let inode: UInt64?
}

extension CSVFileDataSource {
    /// The fingerprint of the last record as the mapping holds it now; nil until the index is
    /// complete.
    public func tailFingerprint() -> CSVTailFingerprint? {
        guard isIndexComplete else { return nil }
        let rows = rowCount
        let start = rows > 0 ? index[rows - 1] : dataStart
        let end = rows > 0 ? index[rows] : dataStart
        return CSVTailFingerprint(rowCount: rows, length: file.length, start: start, end: end,
                                  hash: RowHash.hash(file.bytes(start..<end)), inode: file.openedStamp?.inode)
    }

    /// Whether this version of the file is `tail`'s with rows added at the end: the same
    /// file (inode), longer, with the old last record's bytes where they were. Then rows
    /// below `tail.rowCount` are the old ones (the last of them possibly longer, when it had
    /// no line end and the file went on).
    func continues(_ tail: CSVTailFingerprint) -> Bool {
        guard isIndexComplete, let inode = file.openedStamp?.inode, inode == tail.inode,
              file.length >= tail.length, rowCount >= tail.rowCount, tail.end <= file.length else { return false }
        return RowHash.hash(file.bytes(tail.start..<tail.end)) == tail.hash
    }

    /// Whether row `row` ends at `offset` (its terminator included).
    func row(_ row: Int, endsAt offset: Int) -> Bool { row < rowCount && index[row + 1] == offset }

    /// The version of the file mapped (nil for a stream).
    public var openedStamp: FileStamp? { file.openedStamp }
}

extension CSVFileDataSource {
    /// The bytes mapped (the file's size when it was opened).
    public var byteCount: Int { file.length }
}
