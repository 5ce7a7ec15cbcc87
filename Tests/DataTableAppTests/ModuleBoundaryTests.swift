import Glibc
import Testing
import TestSupport

/// The promises of the split between the modules, checked on the sources: each module imports
/// only what ARCHITECTURE.md's "Module imports" allows, and the table library knows no mode of
/// the program and does no I/O of its own.
@Suite struct ModuleBoundaryTests {
    /// The package's root: three levels above this file.
    static let root: String = {
        var root = #filePath
        for _ in 0..<3 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
        return root
    }()

    /// The names in `directory` (no hidden ones), each with whether it is a directory.
    static func entries(_ directory: String) -> [(name: String, isDirectory: Bool)] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            found.append((name, entry.pointee.d_type == DT_DIR))
        }
        return found
    }

    /// Every Swift file under `Sources/<module>`, with its text.
    static func sources(of module: String) -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        var directories = [root + "/Sources/" + module]
        while let directory = directories.popLast() {
            for (name, isDirectory) in entries(directory) {
                let path = directory + "/" + name
                if isDirectory {
                    directories.append(path)
                } else if name.hasSuffix(".swift"), let text = SnapshotFile.readFile(path) {
                    found.append((path, text))
                }
            }
        }
        return found
    }

    /// Every Swift file under `Sources/DataTableKit`, with its text.
    func tableKitSources() -> [(path: String, text: String)] {
        Self.sources(of: "DataTableKit")
    }

    /// The modules `text` imports: `import M`, `@testable import M`, `public import M`,
    /// `import struct M.T`, … (the first part of the name; a line of code, not of a comment).
    static func imports(in text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        var found: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ")[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
            guard words.first == "import", var name = words.dropFirst().first else { continue }
            if kinds.contains(name), let next = words.dropFirst(2).first { name = next }
            found.append(String(name.prefix { $0 != "." && $0 != ";" }))
        }
        return found
    }

    /// ARCHITECTURE.md's "Module imports" section: each module's lines `` - `Module`: A, B ``,
    /// as module → the modules it may import (`none`: nothing).
    static func allowedImports() -> [String: Set<String>] {
        guard let text = SnapshotFile.readFile(root + "/ARCHITECTURE.md") else { return [:] }
        var allowed: [String: Set<String>] = [:]
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## Module imports" }
            guard inSection, line.hasPrefix("- `"), let colon = line.firstIndex(of: ":") else { continue }
            let module = line[line.index(line.startIndex, offsetBy: 3)..<colon].filter { $0 != "`" }
            let list = line[line.index(after: colon)...].split(separator: ",").map { $0.filter { $0 != " " && $0 != "`" } }
            allowed[module] = Set(list.filter { $0 != "none" && !$0.isEmpty })
        }
        return allowed
    }

    @Test func eachModuleImportsOnlyWhatTheArchitectureAllows() {
        let allowed = Self.allowedImports()
        #expect(allowed["DataTableKit"] != nil, "ARCHITECTURE.md has no \"Module imports\" section")
        let modules = Self.entries(Self.root + "/Sources").filter(\.isDirectory).map(\.name)
        #expect(modules.contains("DataTableKit") && modules.contains("TerminalSurface"))
        for module in modules.sorted() {
            let sources = Self.sources(of: module)
            if sources.isEmpty { continue }  // a C target or a system library
            guard let may = allowed[module] else {
                Issue.record("ARCHITECTURE.md's \"Module imports\" does not list \(module)")
                continue
            }
            for (path, text) in sources {
                for imported in Self.imports(in: text) where !may.contains(imported) {
                    Issue.record("\(path) imports \(imported), which \(module) may not (ARCHITECTURE.md, Module imports)")
                }
            }
        }
    }

    /// What imports cannot show: a mode of the program kept as state or named in the library.
    @Test func theTableLibraryKnowsNoModeOfTheProgram() {
        let sources = tableKitSources()
        #expect(sources.count > 50)
        for (path, text) in sources {
            for word in ["recordViewRow", "editForm", "EditForm", "isConfirmingQuit", "isShowingHelp", "actionChoices", "HelpScreen", "Prompt("] {
                #expect(!text.contains(word), "\(path) mentions \(word)")
            }
        }
    }

    /// What imports cannot show either: the library imports Glibc, but calls none of these.
    @Test func theTableLibraryNeverSpawnsAProcessOrOpensAFile() {
        for (path, text) in tableKitSources() {
            for call in ["posix_spawn", "fork(", "fopen(", " open(", "Glibc.open("] {
                #expect(!text.contains(call), "\(path) calls \(call)")
            }
        }
    }

    /// The library never knows the program: no line of a library module (code, message or doc
    /// comment) names a command-line option; the program hands its words over as hints.
    @Test func noLibraryTextNamesACommandLineOption() {
        for module in ["TerminalSurface", "DataTableKit", "DataTableApp", "DataTableCSV", "NcursesBackend"] {
            let sources = Self.sources(of: module)
            #expect(!sources.isEmpty, "no sources found for \(module)")
            for (path, text) in sources {
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // `--` then a letter: an option's name (`--type`), not a decrement or a rule.
                    let bytes = Array(line.utf8)
                    let named = bytes.indices.dropLast(2).contains { i in
                        bytes[i] == UInt8(ascii: "-") && bytes[i + 1] == UInt8(ascii: "-")
                            && (i == 0 || bytes[i - 1] != UInt8(ascii: "-"))
                            && (bytes[i + 2] >= UInt8(ascii: "a") && bytes[i + 2] <= UInt8(ascii: "z"))
                    }
                    #expect(!named, "\(path):\(number + 1) names an option: \(line)")
                }
            }
        }
    }
}
