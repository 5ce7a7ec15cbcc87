import Foundation
import Testing

/// Every ```swift block of the DocC articles is code that compiles: `make test` builds the
/// Examples package, and this test checks that each block is in one of its Swift files.
///
/// The rule: the articles are the `*.md` files under `Sources/<Module>/<Module>.docc/` of the
/// main package (any depth). A block is the lines between a line ```` ```swift ```` and the next
/// line ```` ``` ```` (fences may be indented). The block matches when some Swift file of the
/// Examples package — any file under `Examples/Sources/`, or `Examples/Package.swift` for a
/// manifest fragment — has a run of consecutive lines equal to the block's lines once both
/// sides lose their common leading indentation (the least indentation of their non-blank lines)
/// and their trailing white space. So a block of statements can be the body of a function
/// (indented by any amount) in `Examples/Sources/DocArticles/<ArticleName>.swift`, the library
/// target that holds the articles' code.
@Suite struct ArticleCodeTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let repository = examples.deletingLastPathComponent()

    @Test func everySwiftBlockOfAnArticleIsCompiledCode() throws {
        let articles = Self.files(under: Self.repository.appendingPathComponent("Sources"), extension: "md")
            .filter { $0.pathComponents.contains { $0.hasSuffix(".docc") } }
        #expect(!articles.isEmpty, "no article under Sources/*/*.docc/")
        let code = Self.files(under: Self.examples.appendingPathComponent("Sources"), extension: "swift")
            + [Self.examples.appendingPathComponent("Package.swift")]
        let candidates = try code.map { try Self.lines(of: $0) }
        var blockCount = 0
        for article in articles {
            let name = article.deletingPathExtension().lastPathComponent
            let relative = article.path.replacingOccurrences(of: Self.repository.path + "/", with: "")
            for (index, block) in Self.swiftBlocks(in: try Self.lines(of: article)).enumerated() {
                blockCount += 1
                let found = candidates.contains { Self.contains($0, run: block.lines) }
                #expect(found, """
                    \(relative): ```swift block \(index + 1) (line \(block.line)) is in no Swift file of the \
                    Examples package. Put the same lines (any indentation, e.g. as the body of a function) \
                    in Examples/Sources/DocArticles/\(name).swift; its first line is: \
                    \(block.lines.first { !$0.isEmpty } ?? "")
                    """)
            }
        }
        #expect(blockCount > 0)
    }

    /// The matcher itself: indentation and trailing blanks do not count, anything else does.
    @Test func aBlockMatchesARunUpToIndentation() {
        let file = ["func f() {", "    let a = 1", "", "    if a > 0 {", "        g()  ", "    }", "}"]
        #expect(Self.contains(file, run: ["let a = 1", "", "if a > 0 {", "    g()", "}"]))
        #expect(Self.contains(file, run: ["  if a > 0 {", "      g()", "  }"]))
        #expect(!Self.contains(file, run: ["if a > 0 {", "g()", "}"]))  // inner indentation counts
        #expect(!Self.contains(file, run: ["let a = 1", "if a > 0 {"]))  // lines are consecutive
        let blocks = Self.swiftBlocks(in: ["text", "```swift", "  x()", "```", "```sh", "ls", "```", "   ```swift", "y()", "   ```"])
        #expect(blocks.map(\.lines) == [["x()"], ["y()"]])
        #expect(blocks.map(\.line) == [2, 8])
    }

    /// The ```swift blocks of an article's lines, each with the line number of its fence.
    static func swiftBlocks(in lines: [String]) -> [(line: Int, lines: [String])] {
        var blocks: [(line: Int, lines: [String])] = []
        var open: (line: Int, lines: [String])?
        for (number, line) in zip(1..., lines) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    blocks.append((block.line, dedented(block.lines)))
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if trimmed == "```swift" {
                open = (number, [])
            }
        }
        return blocks
    }

    /// Whether `lines` has a run of consecutive lines equal to `run` once both are dedented.
    static func contains(_ lines: [String], run: [String]) -> Bool {
        let wanted = dedented(run)
        guard !wanted.isEmpty, lines.count >= wanted.count else { return false }
        return (0...(lines.count - wanted.count)).contains { start in
            dedented(Array(lines[start..<(start + wanted.count)])) == wanted
        }
    }

    /// The lines without trailing white space and without the leading indentation common to
    /// their non-blank lines.
    static func dedented(_ lines: [String]) -> [String] {
        let trimmed = lines.map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        let indentation = trimmed.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return trimmed.map { $0.isEmpty ? $0 : String($0.dropFirst(indentation)) }
    }

    static func lines(of url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    }

    /// The files under `directory` (at any depth) whose names end in `.extension`, sorted.
    static func files(under directory: URL, extension pathExtension: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == pathExtension }
            .sorted { $0.path < $1.path }
    }
}
