import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

/// `--echo-column COL`: Enter picks the cursor's row and dtable quits, printing that row's
/// value of COL on stdout (csvlens' picker: `id=$(dtable --echo-column id f.csv)`).
///
/// The value goes out as its bytes stand (quotes removed, edits included, bytes that are not
/// UTF-8 kept) followed by a newline, but only to a pipe or a file: when stdout is a terminal
/// (the one showing the table, or another) control characters are shown as placeholders
/// (`TerminalText.sanitized`) so a value cannot send escape sequences to it.
extension ViewerSession {
    /// Enter on a record: with `--echo-column`, keeps the value of `sourceRow` to print and
    /// returns true (the table quits); else false.
    func pickEchoedValue(sourceRow: Int) -> Bool {
        guard let column = echoColumn else { return false }
        echoedValue = Self.valueBytes(of: editable, row: sourceRow, column: column)
        return true
    }

    /// The text of a field as bytes: the file's bytes (unquoted) when the source has them and
    /// the field is not edited, else its text.
    static func valueBytes(of source: DataTableDataSource, row: Int, column: Int) -> [UInt8] {
        guard row < source.rowCount, column < source.columnCount else { return [] }
        if let rawRecords = source as? DataTableRawRecords, rawRecords.rawField(row: row, column: column) != nil,
           let reader = rawRecords.makeRawRecordReader(rowCount: row + 1) {
            let record = reader.record(row)
            var fields: [CSVRawRecord.Field] = []
            CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &fields)
            var bytes: [UInt8] = []
            if column < fields.count { CSVRawRecord.decode(fields[column], in: record, quote: reader.quote, into: &bytes) }
            return bytes
        }
        return Array(source.text(row: row, column: column).utf8)
    }

    /// On exit: the picked value and a newline on stdout (see the type's note on terminals).
    func writeEchoedValue() {
        guard let value = echoedValue else { return }
        var bytes = value
        if isatty(1) == 1 { bytes = Array(TerminalText.sanitized(String(decoding: value, as: UTF8.self)).utf8) }
        bytes.append(0x0A)
        var out = BufferedStandardOutput()
        out.write(bytes)
        out.flush()
    }
}
