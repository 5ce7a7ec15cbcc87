import ArgumentParser
import DataTableKit
import TerminalSurface

extension DTableCommand {
    /// Print mode in a `TableFormat` (`--format`): the view's shown columns and records, in
    /// display order, streamed through the format's writer in chunks as they are made. To a
    /// terminal, the text between tabs and line feeds is sanitized (`TerminalText.sanitized`),
    /// as every printed cell is; to a pipe or file the bytes are exact.
    func printFormatted(_ view: DataTableView, format: TableFormat, launch: Launch, out: inout BufferedStandardOutput) throws {
        // The kinds of the large sample type the JSON values; a filter or sort still running ends.
        view.settleColumnKinds()
        _ = view.waitForJob()
        let selection = try view.shownSelection()
        let columns = view.formatColumns(selection)
        let toTerminal = launch.stdoutIsTerminal
        TableFormatOutput.write(selection, of: view.dataSource, format: format, columns: columns) { chunk in
            if toTerminal {
                out.write(Self.sanitizedForTerminal(chunk))
            } else {
                out.write(chunk)
            }
        }
        out.flush()
        guard StatisticsReport(view: view, application: nil, bytesWritten: out.bytesWritten,
                               peakAnonymousKilobytes: ProcessMemory.anonymousKilobytes()).write(to: launch.statsFile) else { throw ExitCode(2) }
    }

    /// `chunk` with each run of text between tabs and line feeds sanitized (tabs and line feeds kept).
    static func sanitizedForTerminal(_ chunk: UnsafeRawBufferPointer) -> String {
        var text = ""
        var start = 0
        for i in 0...chunk.count where i == chunk.count || chunk[i] == 0x0A || chunk[i] == 0x09 {
            text += TerminalText.sanitized(String(decoding: UnsafeRawBufferPointer(rebasing: chunk[start..<i]), as: UTF8.self))
            if i < chunk.count { text.unicodeScalars.append(Unicode.Scalar(chunk[i])) }
            start = i + 1
        }
        return text
    }
}
