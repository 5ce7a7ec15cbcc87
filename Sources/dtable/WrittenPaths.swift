import DataTableCSV
import TerminalSurface

/// The files the command line names for dtable to write (`--stats`, `--output`), checked before
/// anything is read or shown: dtable never truncates or replaces a file it was not asked to
/// write, and an option taken for a switch (`dtable --stats data.csv`) must not cost the file
/// after it. See docs/decisions/0075-paths-to-write-are-checked-first.md.
enum WrittenPaths {
    /// Refuses `--output` or `--stats` naming the input (`input`: the FILE argument; nil or `-`
    /// for stdin and the demo), the same device and inode, or each other; checks the `--stats`
    /// path (`StatisticsDestination.check`) and returns it.
    static func check(stats: String?, output: String?, input: String?) throws -> StatisticsDestination? {
        let inputFile = input.flatMap { $0 == "-" ? nil : FileStamp.current(atPath: $0) }
        func isInput(_ path: String) -> Bool {
            guard let inputFile, let file = FileStamp.current(atPath: path) else { return false }
            return file.isSameFile(as: inputFile)
        }
        if let output, isInput(output) {
            throw DTableError("not writing the table to \(TerminalText.quoted(output)) on quit: it is the input file (:w writes it "
                              + "back; --output takes another file)")
        }
        guard let stats else { return nil }
        if isInput(stats) {
            throw DTableError("not writing statistics to \(TerminalText.quoted(stats)): it is the input file (--stats takes the "
                              + "name of a file for them: dtable --stats stats.json FILE)")
        }
        if let output, stats == output || (FileStamp.current(atPath: stats).map { file in
            FileStamp.current(atPath: output).map(file.isSameFile(as:)) ?? false
        } ?? false) {
            throw DTableError("--stats and --output name the same file \(TerminalText.quoted(stats))")
        }
        return try StatisticsDestination.check(stats)
    }
}
