import DataTableCSV
import Glibc
import Testing
import TestSupport
@testable import DataTableApp
@testable import DataTableKit
@testable import dtable
import TerminalSurface

/// A view you can reproduce: `:view`'s command line (shell-quoted, checked by a real shell),
/// the view file (checked by Python's tomllib), `--view` leaving out what no longer fits, and a
/// view changed by keys, saved and reopened, giving the same screen on the memory backend.
@Suite("Views: :view, :view save, --view")
struct ViewFileTests {
    /// Words a shell would otherwise split, expand or end early.
    static let hostileWords = ["plain", "it's", "a b", "$HOME", "*", "~", "line\nbreak", "back\\slash", "\"q\"", "",
                               "!x", "tab\there", "café", "'", "''", "a'b'c", "=x", "-x", "%s", "`id`", "$(id)", ";", "&|<>"]

    @Test("Each shell-quoted word comes back whole from a real shell")
    func shellQuotingRoundTrip() throws {
        let line = ShellWord.commandLine(Self.hostileWords)
        let result = try runProcess(["/bin/sh", "-c", "printf '%s\\0' " + line])
        #expect(result.status == 0)
        var words = result.standardOutputText.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        #expect(words.removeLast() == "")
        #expect(words == Self.hostileWords)
        #expect(ShellWord.quoted("name:desc") == "name:desc")
        #expect(ShellWord.quoted("it's") == "'it'\\''s'")
    }

    @Test("A view file round-trips: written, read back by Python's tomllib and by the view reader, the same values")
    func tomlRoundTrip() throws {
        var options = ViewOptions()
        options.file = "/data/it's \"x\".csv"
        options.delimiter = ";"
        options.skip = 2
        options.noHeader = true
        options.nullTokens = ["NA", ""]
        options.types = ["when:date:%d.%m.%Y"]
        options.columns = "^(?:a\\ b|c\\x{7})$"
        options.freeze = 1
        options.groupBy = "city"
        options.sorts = ["name:desc", "a:b:asc"]
        options.wheres = ["price:>30", "note:~tab\there\nand \u{7F}"]
        options.filter = "\\d+"
        options.find = "Zoë"
        options.stripes = false
        options.wraps = ["*"]
        let text = options.tomlText
        let read = try ViewOptions(document: TOMLDocument(parsing: text, fileName: "v.toml"), fileName: "v.toml")
        #expect(read == options)
        // An independent reader: every key and value as Python's TOML parser reads them.
        let directory = try TemporaryDirectory()
        let path = try directory.write("v.toml", text: text)
        let script = "import json,sys,tomllib; print(json.dumps(tomllib.load(open(sys.argv[1],'rb')), sort_keys=True))"
        let python = try runProcess(["python3", "-c", script, path])
        #expect(python.status == 0, "\(String(decoding: python.standardError, as: UTF8.self))")
        let expected = "{\"columns\": \"^(?:a\\\\ b|c\\\\x{7})$\", \"delimiter\": \";\", \"file\": \"/data/it's \\\"x\\\".csv\", "
            + "\"filter\": \"\\\\d+\", \"find\": \"Zo\\u00eb\", \"freeze\": 1, \"group-by\": \"city\", \"no-header\": true, "
            + "\"null\": [\"NA\", \"\"], \"skip\": 2, \"sort\": [\"name:desc\", \"a:b:asc\"], \"stripes\": false, "
            + "\"types\": [\"when:date:%d.%m.%Y\"], \"version\": 1, "
            + "\"where\": [\"price:>30\", \"note:~tab\\there\\nand \\u007f\"], \"wrap\": [\"*\"]}\n"
        #expect(python.standardOutputText == expected)
    }

    @Test("A view file's unknown key, wrong type and newer version are left out and named, not fatal")
    func lenientReading() throws {
        let text = "version = 2\nsort = 3\ncolour = \"red\"\nfind = \"x\"\n"
        let read = try ViewOptions(document: TOMLDocument(parsing: text, fileName: "v.toml"), fileName: "v.toml")
        #expect(read.find == "x")
        #expect(read.sorts.isEmpty)
        #expect(read.dropped == ["anything of view version 2 this dtable does not know (it reads version 1)",
                                 "sort = the integer 3 (line 2: not a value sort takes)",
                                 "the unknown key 'colour' (line 3)"])
        #expect(throws: ConfigurationError.self) { try ViewOptions(document: TOMLDocument(parsing: "find = \"x\"\n"), fileName: "v") }
    }

    @Test("--view leaves out a column that is gone, and a filter on it, saying so; the rest applies")
    func droppedColumn() throws {
        let directory = try TemporaryDirectory()
        let data = try directory.write("p.csv", text: "id,name,city\r\n1,Ann,Paris\r\n2,\"Bob, Jr\",Rome\r\n3,Cy,Paris\r\n4,Di,Oslo\r\n")
        let view = try directory.write("v.toml", text: """
            version = 1
            sort = ["name:desc", "gone"]
            where = ["city:=Paris", "gone:>3"]
            columns = "^(?:id|name)$"
            group-by = "vanished"

            """)
        let result = try runProcess([try dtableBinaryPath(), "--print", "--format", "csv", "--view", view, data])
        #expect(result.status == 0)
        // Outside truth: Python's csv module, the filter and sort done by hand there.
        let script = """
            import csv,sys
            rows=[r for r in csv.DictReader(open(sys.argv[1],newline='')) if r['city']=='Paris']
            rows.sort(key=lambda r: r['name'], reverse=True)
            w=csv.writer(sys.stdout, lineterminator='\\n'); w.writerow(['id','name'])
            for r in rows: w.writerow([r['id'], r['name']])
            """
        let expected = try runProcess(["python3", "-c", script, data]).standardOutputText
        #expect(result.standardOutputText.replacingCRLF == expected)
        let errors = String(decoding: result.standardError, as: UTF8.self)
        #expect(errors == """
            dtable: warning: view \(view): left out sort 'gone' (no column 'gone')
            dtable: warning: view \(view): left out where 'gone:>3' (no column 'gone')
            dtable: warning: view \(view): left out group-by 'vanished' (no column 'vanished')

            """)
    }

    // MARK: The same screen

    /// The viewer's table for `arguments` on the memory backend, as `runViewerMode` builds it.
    static func open(_ arguments: [String], size: Size) throws -> (TableApplication, MemoryBackend, ViewerSession) {
        var command = try #require(try DTableCommand.parseAsRoot(arguments) as? DTableCommand)
        let launch = try command.launchWithView()
        let table = try launch.load(nil)
        (table as? CSVFileDataSource)?.indexAll()
        var prepared = try command.prepare(table, launch: launch)
        prepared.configuration.adoptColors(0)
        let view = DataTableView(dataSource: prepared.shown, configuration: prepared.configuration, size: size)
        if let columnSelection = prepared.columnSelection { view.showColumns(matching: columnSelection) }
        try DTableCommand.apply(prepared.rows, to: view)
        prepared.order(view) { $0.sortOnOpen(by: $1) }
        view.waitForJob()
        let session = ViewerSession(view: view, editable: prepared.editable, file: prepared.csvFile, actions: [], outputPath: nil)
        session.opening = command.opening(of: view, input: launch.source, droppedFromViewFile: launch.viewDropped)
        let backend = MemoryBackend(size: size, capabilities: TerminalCapabilities(colorCount: 0))
        let application = TableApplication(view: view, backend: backend)
        session.attach(to: application)
        application.drawFrame()
        return (application, backend, session)
    }

    static func keys(_ application: TableApplication, _ text: String, enter: Bool = false) {
        application.type(text)
        if enter { application.press(.enter) }
        application.view.waitForJob()
        application.drawFrame()
    }

    @Test("A view changed by keys (sort, column filter, hidden column), saved with :view save, reopens with --view as the same screen")
    func savedViewReopensTheSameScreen() throws {
        let directory = try TemporaryDirectory()
        var text = "id,name,city,amount\n"
        for i in 1...40 { text += "\(i),\"Name \(i % 7), Jr\",\(["Paris", "Rome", "Oslo"][i % 3]),\(i * 13 % 50).5\n" }
        let data = try directory.write("people.csv", text: text)
        let size = Size(width: 70, height: 14)
        let (application, backend, session) = try Self.open([data], size: size)
        Self.keys(application, "$]")                   // amount, descending
        Self.keys(application, "0ll|=Rome", enter: true)  // city = Rome
        Self.keys(application, "h-")                   // hide name
        Self.keys(application, "g0")
        let viewPath = directory.filePath("rome.view.toml")
        Self.keys(application, ":view save " + viewPath, enter: true)
        #expect(application.view.notice?.hasPrefix("view saved to") == true, "\(application.view.notice ?? "")")
        application.view.notice = nil
        application.drawFrame()
        let saved = try #require(backend.presented).lines

        let (reopened, reopenedBackend, _) = try Self.open(["--view", viewPath], size: size)
        let shown = try #require(reopenedBackend.presented).lines
        #expect(shown == saved)
        #expect(reopened.view.notice == nil)
        #expect(saved[0].split(separator: " ") == ["id", "city", "▼amount"])
        withExtendedLifetime(session) {}
        // What the file says, as written.
        let file = try #require(directory.read("rome.view.toml"))
        #expect(file.contains("columns = \"^(?:id|city|amount)$\"\nsort = [\"amount:desc\"]\nwhere = [\"city:=Rome\"]\n"), "\(file)")
    }

    @Test("What --view left out is said when the table first shows, not again each time it is shown")
    func droppedNoticeOnce() throws {
        let directory = try TemporaryDirectory()
        let data = try directory.write("p.csv", text: "id,name\n1,Ann\n2,Bob\n")
        let viewPath = try directory.write("v.toml", text: "version = 1\nsort = [\"gone\"]\n")
        let (application, _, session) = try Self.open(["--view", viewPath, data], size: Size(width: 60, height: 8))
        #expect(application.view.notice?.contains("left out sort 'gone'") == true, "\(application.view.notice ?? "")")
        application.view.notice = nil
        session.attach(to: application)  // as showing the file again with :n / :p does
        #expect(application.view.notice == nil, "\(application.view.notice ?? "")")
    }

    @Test(":view of a gzip file names the file (not stdin), and no table row shows through its screen")
    func compressedFileAndAWholeScreen() throws {
        let directory = try TemporaryDirectory()
        let plain = try directory.write("sales.csv", text: "id,region\n1,north\n2,south\n3,east\n")
        _ = try runProcess(["python3", "-c", "import gzip,shutil,sys\nwith open(sys.argv[1],'rb') as f, gzip.open(sys.argv[1]+'.gz','wb') as g: shutil.copyfileobj(f,g)", plain])
        let size = Size(width: 60, height: 12)
        let (application, backend, session) = try Self.open([plain + ".gz"], size: size)
        defer { withExtendedLifetime(session) {} }
        Self.keys(application, "]")
        Self.keys(application, ":view", enter: true)
        let screen = try #require(backend.presented).lines
        #expect(screen.joined().contains("dtable --sort id:desc \(plain).gz"), "\(screen)")
        #expect(!screen.joined().contains("stdin"), "\(screen)")
        #expect(!screen.contains { $0.contains("north") || $0.contains("south") }, "\(screen)")
    }

    @Test(":view shows the command line (sanitized on screen); y copies it exact; :view save does not replace a file it did not write")
    func commandLineScreen() throws {
        let directory = try TemporaryDirectory()
        let data = try directory.write("it's.csv", text: "id,na\u{1B}me\n1,a\n2,b\n")
        let size = Size(width: 60, height: 12)
        // The application holds its delegate, the session, weakly: the test keeps it.
        let (application, backend, session) = try Self.open([data], size: size)
        defer { withExtendedLifetime(session) {} }
        Self.keys(application, "l]")
        Self.keys(application, ":view", enter: true)
        let expected = "dtable --sort 'na\u{1B}me:desc' '\(data.replacingQuote)'"
        let screen = try #require(backend.presented).lines
        #expect(screen[0].contains("The command line that opens this view:"))
        #expect(screen.joined().contains(TerminalText.sanitized("--sort 'na\u{1B}me:desc'")))
        #expect(!screen.joined().contains("\u{1B}"))
        Self.keys(application, "y")
        #expect(backend.clipboard == [expected])
        #expect(application.view.notice == "copied the view's command line (\(expected.count) characters)")
        // Not over a file this session did not write, nor over the file viewed.
        let other = try directory.write("other.toml", text: "keep")
        Self.keys(application, ":view save " + other, enter: true)
        #expect(application.view.notice?.contains("not saved: '\(other)' exists; :view save! \(other) overwrites") == true,
                "\(application.view.notice ?? "")")
        #expect(directory.read("other.toml") == "keep")
        Self.keys(application, ":view save! " + data, enter: true)
        #expect(application.view.notice?.contains("is the file being viewed") == true)
        Self.keys(application, ":view save! " + other, enter: true)
        #expect(directory.read("other.toml")?.hasPrefix("# A dtable view") == true)
    }
}

extension String {
    /// The text with `\r\n` line ends as `\n`.
    fileprivate var replacingCRLF: String {
        split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }

    /// The text inside single quotes: a `'` written `'\''`.
    fileprivate var replacingQuote: String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}

extension EndToEnd {
    /// `:view` in the real binary.
    @Suite(":view in tmux")
    struct ViewCommand {
        @Test(":view shows the command line of the sorted, filtered view; q closes it; --view of a saved view reopens it")
        func viewCommandInTmux() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("l", "l", "]", "|")
            try session.sendLiteral("City1")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("city") && Fixture.firstCell($0.row(1)) != "1" }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("view")
            try session.sendKeys("Enter")
            #expect(session.waitFor("dtable --sort city:desc --where city:City1 people.csv"), "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains(" row ") }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("view save v.toml")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("view saved to 'v.toml'") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            let printed = try runProcess([try dtableBinaryPath(), "--print", "--format", "csv", "--view", directory.filePath("v.toml")])
            // Outside truth: the rows of people.csv whose city holds City1, by city descending (stable).
            var expected = "id,name,city,amount\n"
            let rows = (1...200).filter { "City\($0)".contains("City1") }.sorted { "City\($0)" > "City\($1)" }
            for i in rows { expected += "\(i),Name\(i),City\(i),\(i * 7).50\n" }
            #expect(printed.standardOutputText == expected, "\(String(decoding: printed.standardError, as: UTF8.self))")
        }
    }
}
