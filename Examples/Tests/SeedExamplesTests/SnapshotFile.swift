import Foundation
import Testing

/// Compares `text` with `__Snapshots__/<file>` next to the tests (`UPDATE_SNAPSHOTS=1` rewrites it).
func expectSnapshotFile(_ text: String, file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try text.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text == expected, "\(file) differs; UPDATE_SNAPSHOTS=1 rewrites it", sourceLocation: sourceLocation)
}
