@preconcurrency import CNcursesw
import Glibc
import TerminalSurface

/// The real terminal, through ncursesw: the only place dtable talks to curses.
///
/// `present(_:)` compares the frame with the one presented before and writes only the cells
/// that changed, then makes them visible with a single `doupdate()`.
public final class CursesTerminal: TerminalBackend {
    /// Whether colours are used.
    public enum ColorMode: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// The terminal's size, updated when it is resized.
    public private(set) var size: Size
    func updateSize(_ newSize: Size) { size = newSize; screen.forget() }
    /// Colours and UTF-8, as found when the terminal was opened.
    public private(set) var capabilities: TerminalCapabilities
    /// Bytes written since the terminal was opened (dtable writes nothing else while it is open).
    public var bytesWritten: Int { WrittenBytes.current() - writtenBytesAtOpen }

    private let cursesScreen: OpaquePointer
    private let writtenBytesAtOpen = WrittenBytes.current()
    private let inputFile: UnsafeMutablePointer<FILE>
    private let ownsInput: Bool
    /// Where frames go: stdout, or /dev/tty when stdout is redirected (dtable as a picker).
    private let output: UnsafeMutablePointer<FILE>
    private let ownsOutput: Bool
    private var colorPairs = CursesColorPairs()
    /// The cells on the terminal as last written, to diff the next frame against.
    var screen = TerminalScreen()
    /// Keys, clicks and pastes, read and decoded by dtable itself (ncurses parses no input).
    let input: TerminalInput
    /// The descriptor frames are written to (`output`'s).
    let outputFD: Int32
    private var isShutDown = false

    /// Opens the terminal full screen. Output goes to stdout when it is a terminal, otherwise
    /// to /dev/tty (so a program's output can be captured by the shell); keys come from stdin when
    /// it is a terminal, otherwise from /dev/tty (so `cat f | dtable` works).
    public init(colorMode: ColorMode, environment: [String: String]) throws(TerminalError) {
        guard case let (output, ownsOutput)? = Self.terminalFile(stdout, mode: "w") else { throw .outputNotATerminal }
        self.output = output
        self.ownsOutput = ownsOutput
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        var status: Int32 = 0
        guard setupterm(term, fileno(output), &status) == OK else { throw .unknownTerminalType(term) }
        del_curterm(cur_term)

        guard case let (inputFile, ownsInput)? = Self.terminalFile(stdin, mode: "r") else { throw .noTerminalForKeys }
        self.inputFile = inputFile
        self.ownsInput = ownsInput
        outputFD = fileno(output)

        // ncurses needs a UTF-8 locale for wide characters (see the ncurses note).
        Self.selectUTF8Locale()
        // The shell's modes, before newterm changes them (it turns off echo, icrnl, onlcr and
        // line mode at once): what a crash puts back.
        TerminalRestorer.saveModes(inputFD: fileno(inputFile))
        guard let screen = newterm(term, output, inputFile) else { throw .unknownTerminalType(term) }
        self.cursesScreen = screen
        set_term(screen)

        // ncurses parses no input: no keypad, no mousemask, no typeahead checks (dtable reads
        // the terminal itself, see TerminalInput); TerminalModes sets what keypad and mousemask did.
        let modes = TerminalModes.Sequences.fromTerminfo()
        TerminalRestorer.install(outputFD: outputFD, inputFD: fileno(inputFile),
                                 restoreSequence: Self.restoreSequence(modesOff: modes.off))

        cbreak()
        noecho()
        nonl()
        intrflush(stdscr, false)
        typeahead(-1)
        curs_set(0)
        input = TerminalInput(fd: fileno(inputFile), keySequences: TerminfoKeys.current())
        InputSignals.install()
        TerminalModes.install(modes, outputFD: outputFD)

        var colorCount = 0
        let wantsColor: Bool
        switch colorMode {
        case .never: wantsColor = false
        case .always: wantsColor = true
        case .auto: wantsColor = environment["NO_COLOR"].map(\.isEmpty) ?? true
        }
        if wantsColor && has_colors() {
            start_color()
            use_default_colors()
            colorCount = Int(COLORS)
        }
        capabilities = TerminalCapabilities(colorCount: colorCount, isUnicode: Self.userLocaleIsUTF8)
        size = Size(width: Int(dt_getmaxx(stdscr)), height: Int(dt_getmaxy(stdscr)))
    }

    deinit { shutdown() }

    /// `standard` when it is a terminal, else /dev/tty opened with `mode` (then `owned`: closed
    /// at shutdown); nil when there is neither.
    private static func terminalFile(_ standard: UnsafeMutablePointer<FILE>,
                                     mode: String) -> (file: UnsafeMutablePointer<FILE>, owned: Bool)? {
        if isatty(fileno(standard)) == 1 { return (standard, false) }
        return fopen("/dev/tty", mode).map { ($0, true) }
    }

    /// Leaves full-screen mode and restores the terminal. Safe to call more than once.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        fflush(output)
        TerminalModes.uninstall()
        endwin()
        fflush(output)
        delscreen(cursesScreen)
        InputSignals.uninstall()
        TerminalRestorer.uninstall()
        if ownsOutput { fclose(output) }
        if ownsInput { fclose(inputFile) }
    }

    /// Sends OSC 52 with `text` in base64: terminals that allow it (xterm, kitty, iTerm2, tmux
    /// with `set-clipboard on`) put it on the system clipboard. Written between frames, straight
    /// to the terminal (curses has nothing buffered after `present`).
    public func copyToClipboard(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}"
        fflush(output)
        var bytes = Array(sequence.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeMutableBytes { Glibc.write(fileno(output), $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
    }

    /// The signal (SIGINT, SIGTERM, SIGHUP) that asked dtable to quit, or 0.
    public var terminationSignal: Int32 { TerminalRestorer.terminationSignal }

    // MARK: - Output

    /// Shows `surface`: writes the runs of cells that differ from what the terminal shows
    /// (`SurfaceDiff`), then one `doupdate()`. A frame of another size than the terminal's is
    /// written whole.
    public func present(_ surface: Surface) {
        if surface.size != size { screen.forget() }
        screen.update(to: surface) { run in write(run, of: surface) }
        wnoutrefresh(stdscr)
        doupdate()
    }

    /// Writes one run where ncurses will place it (see `CursesGlyph`). A wide grapheme, which
    /// a run holds whole, goes out as its glyph's head and, where the glyph has one, its
    /// continuation; a continuation without a wide head before it shows nothing of its own.
    /// Measured in docs/decisions/0105-one-surface-diff-for-every-backend.md.
    private func write(_ run: SurfaceRun, of surface: Surface) {
        let y = run.y, end = run.columns.upperBound
        surface.cells.withUnsafeBufferPointer { cells in
            let row = y * surface.size.width
            var x = run.x
            while x < end {
                let cell = cells[row + x]
                if cell.width == 1, let ascii = CursesGlyph.printableASCII(cell.grapheme) {
                    // Most cells: the glyph is the byte itself (no arrays to build).
                    var characters: (wchar_t, wchar_t) = (ascii, 0)
                    withUnsafePointer(to: &characters) {
                        $0.withMemoryRebound(to: wchar_t.self, capacity: 2) { put($0, style: cell.style, x: x, y: y) }
                    }
                } else if cell.width == 2 && x + 1 < end && cells[row + x + 1].isContinuation {
                    let glyph = CursesGlyph(grapheme: cell.grapheme, width: 2)
                    put(glyph.head, style: cell.style, x: x, y: y)
                    if let continuation = glyph.continuation {
                        put(continuation, style: cells[row + x + 1].style, x: x + 1, y: y)
                    }
                    x += 1
                } else if cell.width == 1 {
                    put(CursesGlyph(grapheme: cell.grapheme, width: 1).head, style: cell.style, x: x, y: y)
                } else if cell.width == 2 {
                    // A wide head without its continuation (the surface's drawing never leaves
                    // one): a blank, never half a glyph.
                    put([CursesGlyph.blank], style: cell.style, x: x, y: y)
                }
                x += 1
            }
        }
    }

    /// Writes the wide characters of one ncurses cell at `(x, y)` in `style`.
    private func put(_ characters: [wchar_t], style: Style, x: Int, y: Int) {
        (characters + [0]).withUnsafeBufferPointer { put($0.baseAddress!, style: style, x: x, y: y) }
    }

    /// Writes the zero-terminated wide characters of one ncurses cell at `(x, y)` in `style`.
    private func put(_ characters: UnsafePointer<wchar_t>, style: Style, x: Int, y: Int) {
        let (attributes, pair) = colorPairs.attributesAndPair(for: style, colorCount: capabilities.colorCount)
        var pairNumber = pair
        var cc = cchar_t()
        _ = setcchar(&cc, characters, attributes, 0, &pairNumber)
        mvwadd_wch(stdscr, Int32(y), Int32(x), &cc)
    }

    // MARK: - Locale and restore

    /// Whether the user's own locale (before the switch below) is UTF-8: when it is not, the
    /// terminal may not show UTF-8 either, and cells draw with ASCII (`prefersASCII`).
    nonisolated(unsafe) private(set) static var userLocaleIsUTF8 = true

    private static func selectUTF8Locale() {
        setlocale(LC_ALL, "")
        userLocaleIsUTF8 = localeIsUTF8()
        if !userLocaleIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    private static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// The bytes that undo full-screen mode, from terminfo (sgr0, cnorm, rmcup), the input
    /// modes off (`modesOff`: paste, mouse, keypad) plus every xterm mouse mode's reset.
    private static func restoreSequence(modesOff: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm"] { bytes += TerminfoKeys.string(capability) ?? [] }
        bytes += modesOff
        bytes += TerminfoKeys.string("rmcup") ?? []
        bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\r\n".utf8)
        return bytes
    }
}
