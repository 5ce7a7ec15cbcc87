import ArgumentParser
import DataTableApp

/// `dtable`: view a CSV file as a table in the terminal, or print it aligned.
struct DTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dtable",
        abstract: "View a CSV file as a table in the terminal.",
        discussion: """
            With no FILE and a terminal on stdin, opens a demo table. With no FILE (or -) and \
            stdin not a terminal, reads the CSV from stdin and takes keys from /dev/tty. When \
            stdout is not a terminal, or with --print, writes the table as aligned text and exits. \
            Press ? in the viewer for the keys.
            """,
        version: "dtable 0.1.0"
    )

    @Argument(help: ArgumentHelp("The CSV files to open (- for stdin); with several, :n and :p switch between them.", valueName: "FILE"))
    var files: [String] = []

    /// The one input file (the first of `files`; nil: stdin or the demo).
    var file: String? { files.first }

    @Option(help: "Use colours: auto (only on a terminal that has them, and not when NO_COLOR is set; the default), always or never.")
    var color: ColorChoice?

    @Flag(help: "Write the table as aligned text to stdout and exit (the default when stdout is not a terminal).")
    var print = false

    @Option(help: "Print mode's format: table (aligned text, the default), csv, tsv, json, jsonl, markdown or html: the columns, rows and order the options choose, the values as written (json and jsonl: numbers, booleans and nulls typed by the column's kind).",
            transform: PrintFormat.parser(for: "--format"))
    var format: PrintFormat?

    @Option(help: "Width of printed output in columns (default: $COLUMNS, else 80).")
    var width: Int?

    @Option(name: [.short, .long], help: "Field delimiter, one character or 'tab' (default: an Excel sep= first line, tab for .tsv and .tab files, else guessed from the lines).",
            transform: Delimiter.parser(for: "--delimiter"))
    var delimiter: Delimiter?

    @Flag(help: "The first line is data, not column titles.")
    var noHeader = false

    @Option(help: ArgumentHelp(
        "Skip N lines (a title, notes) before the header; after an Excel sep= line, which is always skipped.",
        valueName: "N"))
    var skip: Int?

    @Option(help: "Write statistics (timings, cell reuse, row sizing, bytes written) as JSON to this file on exit.")
    var stats: String?

    @Option(name: .customLong("badge"), help: ArgumentHelp(
        "Show COL as coloured badges; VALUE=COLOUR pairs add to the defaults (ok/active/done green, pending/warn yellow, error/failed red, inactive/unknown grey).",
        valueName: "COL[:VALUE=COLOUR,...]"), transform: BadgeSpec.parser(for: "--badge"))
    var badges: [BadgeSpec] = []

    @Option(name: .customLong("progress"), help: ArgumentHelp(
        "Show COL as progress bars: 0-1 or 0-100, or 0-MAX when MAX is given.", valueName: "COL[:MAX]"),
            transform: ProgressSpec.parser(for: "--progress"))
    var progressBars: [ProgressSpec] = []

    @Option(name: .customLong("avatar"), help: ArgumentHelp(
        "Show COL (names) with a coloured chip of their initials.", valueName: "COL"))
    var avatars: [ColumnReference] = []

    @Option(name: .customLong("subtitle"), help: ArgumentHelp(
        "Show COL on two lines: its value, and DETAIL_COL's value dimmed below it.", valueName: "COL:DETAIL_COL"),
            transform: DetailSpec.parser(for: "--subtitle"))
    var subtitles: [DetailSpec] = []

    @Option(name: .customLong("right-detail"), help: ArgumentHelp(
        "Show DETAIL_COL's value dimmed at the right end of COL's cells.", valueName: "COL:DETAIL_COL"),
            transform: DetailSpec.parser(for: "--right-detail"))
    var rightDetails: [DetailSpec] = []

    @Option(name: .customLong("sparkline"), help: ArgumentHelp(
        "Show COL (numbers separated by spaces, commas or semicolons) as a sparkline.", valueName: "COL"))
    var sparklines: [ColumnReference] = []

    @Option(name: .customLong("wrap"), help: ArgumentHelp(
        "Wrap long text onto more lines: --wrap for every column, --wrap=COL for one (repeatable); rows grow to fit.",
        valueName: "COL"))
    var wraps: [WrapTarget] = []

    @Option(name: .customLong("action"), help: ArgumentHelp(
        "Add a button NAME to an Actions column (repeatable). Built in: delete, edit, copy, open. NAME=COMMAND runs COMMAND (no shell; {col} and {1} are the row's values, each one argument; write -- before them where COMMAND takes it, as in 'Del=rm -- {file}'). Other names are printed as JSON on exit.",
        valueName: "NAME[=COMMAND]"), transform: ActionSpec.parser(for: "--action"))
    var actions: [ActionSpec] = []

    @Option(name: .customLong("sort"), help: ArgumentHelp(
        "Sort by COL when the table opens, descending with :desc (repeatable: later ones break ties).",
        valueName: "COL[:asc|:desc]"))
    var sorts: [SortSpec] = []

    @Option(name: .customLong("filter"), help: ArgumentHelp(
        "Show only the rows where some shown field (see --columns) matches REGEX (PCRE2; ignores case unless REGEX has an upper-case letter); & changes it, Esc clears it.",
        valueName: "REGEX"), transform: RowPattern.parser(for: "--filter"))
    var filterPattern: RowPattern?

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Show only the rows whose COL passes FILTER, written as at the | key: >30, <=2020-01-01, =active, !=x, 10..20, or text to look for (repeatable: each narrows; Esc pops).",
        valueName: "COL:FILTER"), transform: ColumnFilterSpec.parser(for: "--where"))
    var wheres: [ColumnFilterSpec] = []

    @Option(name: .customLong("find"), help: ArgumentHelp(
        "Start on the first shown cell matching REGEX, its matches highlighted (n goes on). Rows are not filtered: --print prints every row (--filter keeps only matching rows).",
        valueName: "REGEX"), transform: RowPattern.parser(for: "--find"))
    var findPattern: RowPattern?

    @Option(name: .customLong("null"), help: ArgumentHelp(
        "A text that means no value (repeatable): it sorts last and shows dimmed. Replaces the default set: NA, N/A, n/a, NULL, null, None, NaN, nan, #N/A, and - in numeric columns; empty fields are always null (--null '' leaves only them).",
        valueName: "TOKEN"))
    var nullTokens: [String] = []

    @Option(name: .customLong("type"), help: ArgumentHelp(
        "Read and sort COL as KIND: int, decimal, date (FORMAT: a strftime-style pattern such as %d.%m.%Y), bool, text, or auto (inferred); repeatable.",
        valueName: "COL:KIND[:FORMAT]"), transform: KindSpec.parser(for: "--type"))
    var types: [KindSpec] = []

    @Option(name: .customLong("group-by"), help: ArgumentHelp(
        "Group rows into sections by COL's value (in COL's sort order): a header with the value and the row count, a footer with the sums of the integer and decimal columns. o or Enter on a header collapses a section, O all.",
        valueName: "COL"))
    var groupBy: ColumnReference?

    @Option(help: "Freeze the first N columns (they stay at the left when scrolling sideways).")
    var freeze: Int?

    @Option(name: .customLong("columns"), help: ArgumentHelp(
        "Show only the columns whose titles match REGEX (smart case), in the viewer (+ shows the others) and with --print.",
        valueName: "REGEX"), transform: ColumnPattern.parser(for: "--columns"))
    var columnPattern: ColumnPattern?

    @Flag(inversion: .prefixedNo, help: "Zebra stripes (default: on when the terminal has colours; z toggles).")
    var stripes: Bool?

    @Option(name: .customLong("view"), help: ArgumentHelp(
        "Open the view stored in VIEWFILE (by :view save): its columns, sort, filters, search, kinds and looks; options given here win. What no longer fits the file (a column gone) is left out and said.",
        valueName: "VIEWFILE"))
    var viewPath: String?

    @Option(help: "Write the table with its edits and deletions to FILE on quit (atomically).")
    var output: String?

    @Flag(help: "On exit, print the rows marked with m as CSV (with the header) to stdout: the fields' bytes as they are for a pipe or file; shown safe (control characters as placeholders) when stdout is a terminal.")
    var printMarked = false

    @Option(name: .customLong("echo-column"), help: ArgumentHelp(
        "Enter prints COL's value of the cursor's row to stdout and quits (a picker: id=$(dtable --echo-column id f.csv)). The value's bytes as they are for a pipe or file; shown safe (control characters as placeholders) when stdout is a terminal.",
        valueName: "COL"))
    var echoColumn: ColumnReference?

    @Option(name: .customLong("buffer-limit"), help: ArgumentHelp(
        "Stop reading stdin or a FIFO when its temporary copy and row index reach SIZE (bytes, or with k, M, G or T: binary multiples, e.g. 500M, 4GiB; none for no limit). Default: the smaller of 4 GiB and half the free space in $TMPDIR.",
        valueName: "SIZE"), transform: SizeLimit.parser(for: "--buffer-limit"))
    var bufferLimit: SizeLimit?

    @Flag(help: "Watch the file: when it is rewritten or replaced (a save by rename too), read it again and show what changed, keeping the cursor on its row (R reads it again at any time).")
    var watch = false

    @Flag(help: "Follow a file that grows, like tail -f: rows appended to it are added, and a cursor on the last row stays at the end. Works on stdin too.")
    var follow = false

    @Option(name: .customLong("key"), help: ArgumentHelp(
        "With --watch, R or --diff: rows are the same row across versions when COL has the same value (repeatable for a key of several columns; default: rows are matched by their content).",
        valueName: "COL"))
    var keys: [ColumnReference] = []

    @Flag(help: "Compare two files: --diff OLD NEW shows the new version with the removed rows among its rows, each marked added, removed or changed (rows matched by --key, else by content); with --print, writes the differences and exits 1 when the files differ, 0 when they are the same.")
    var diff = false

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    /// The ranges of the numbers (the other values were checked when parsed).
    func validate() throws {
        if let width, width < 1 { throw ValidationError("--width must be at least 1") }
        if let freeze, freeze < 0 { throw ValidationError("--freeze must be 0 or more") }
        if let skip, skip < 0 { throw ValidationError("--skip must be 0 or more") }
        // Several FILEs: the viewer opens each (OpenFiles), print mode prints each in turn.
        if diff, files.count != 2 { throw ValidationError("--diff compares two files: dtable --diff OLD NEW") }
    }

    /// Prints the table (`--print`, or stdout not a terminal) or shows it in the viewer; with
    /// `--diff`, the comparison of two files.
    mutating func run() throws {
        // Jobs reuse the memory earlier jobs freed (docs/decisions/0165).
        HeapRetention.retainFreedBuffers()
        if diff { return try runDiff() }
        let launch = try launchWithView()
        if launch.printing {
            try runPrintMode(launch)
        } else {
            try runViewerMode(launch)
        }
    }
}
