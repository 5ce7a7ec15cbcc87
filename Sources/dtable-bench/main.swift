import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

// dtable-bench: generates data and prints the performance figures of `make bench`.
// Usage: dtable-bench [--binary PATH] [--data-directory DIR] [--rows N ...]

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let binary = option("--binary") ?? "./.build/release/dtable"
let directory = option("--data-directory") ?? "bench-data"
let rowCounts = option("--rows").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000_000]
mkdir(directory, 0o755)

func report(_ name: String, _ value: String) {
    print(String(repeating: " ", count: max(0, 44 - name.count)) + name + "  " + value)
    fflush(nil)
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func rssKilobytes(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = cString(line)
        if text.hasPrefix(field + ":") {
            return Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? 0
        }
    }
    return 0
}

func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    var info = stat()
    fstat(fd, &info)
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var offset = 0
    bytes.withUnsafeMutableBytes { raw in
        while offset < raw.count {
            let n = read(fd, raw.baseAddress! + offset, raw.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
    return bytes
}

func runShell(_ command: String) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    system(command)
    return seconds(clock.now - start)
}

let clock = ContinuousClock()
for rows in rowCounts {
    let path = "\(directory)/bench-\(rows).csv"
    print("== \(rows) rows: \(path)")
    let bytes = BenchData.ensure(path: path, rows: rows)
    report("file size (MB)", String(format1(Double(bytes) / 1e6)))
    report("wc -l (s, reference)", format3(runShell("wc -l \(path) >/dev/null")))

    // Time to first frame through the real binary in a 200x60 terminal (tmux).
    if let firstFrame = FirstFrame.measure(binary: binary, file: path) {
        report("first frame, process start (ms)", format1(firstFrame.wallMilliseconds))
        report("first frame, from main (ms, --stats)", format1(firstFrame.statsMilliseconds))
        report("bytes written, first frame + quit", String(firstFrame.bytesWritten))
    }

    // Library: read into memory (the foundation's reader; the lazy index replaces it).
    let anonBefore = rssKilobytes("RssAnon")
    let start = clock.now
    let data = readFile(path)
    let source = CSVDataSource(bytes: data, dialect: .comma)
    let loadSeconds = seconds(clock.now - start)
    report("in-memory load (s)", format3(loadSeconds))
    report("in-memory load (MB/s)", format1(Double(bytes) / 1e6 / loadSeconds))
    let anonAfter = rssKilobytes("RssAnon")
    report("anonymous memory per row (bytes)", format1(Double(anonAfter - anonBefore) * 1024 / Double(source.rowCount)))

    // Frame build after a key press at 200x60, through the real controller, memory backend.
    let backend = MemoryBackend(size: Size(width: 200, height: 60))
    var configuration = DataTableConfiguration()
    configuration.title = path
    let view = DataTableView(dataSource: source, configuration: configuration, size: backend.size)
    let app = TableApplication(view: view, backend: backend)
    app.drawFrame()
    let keys: [Key] = [.down, .down, .pageDown, .right, .down, .pageDown, .left, .up, .control("d")]
    for i in 0..<3000 { app.handle(.key(keys[i % keys.count])) }
    app.handle(.key(.character("G")))
    app.handle(.key(.character("g")))
    report("frames built", String(app.statistics.framesDrawn))
    report("frame build mean (ms) 200x60", format3(app.statistics.meanFrameBuildMilliseconds))
    report("frame build max (ms) 200x60", format3(app.statistics.maxFrameBuildMilliseconds))
    report("cells visible", String(view.cellsOnScreenCount))
    report("cells alive (max)", String(view.reusePool.maxCellsAlive))
    report("cells created / reused", "\(view.reusePool.cellsCreated) / \(view.reusePool.cellsReused)")
}

func format1(_ v: Double) -> String { formatFixed(v, 1) }
func format3(_ v: Double) -> String { formatFixed(v, 3) }
func formatFixed(_ v: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((v * scale).rounded())
    let whole = n / Int(scale), fraction = abs(n % Int(scale))
    let f = String(fraction)
    return "\(whole)." + String(repeating: "0", count: digits - f.count) + f
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
