import ArgumentParser
import DataTableKit
import Testing
@testable import dtable

/// The typed values of dtable's options: each parsed once from its text, as the parser hands
/// it over; a refusal is one line naming the option. Expected values are written out by hand.
@Suite("Option values")
struct OptionValueTests {
    static let titles = ["id", "name", "city:town", "Price"]

    /// The message `text` is refused with as a value of `option`, nil when it is accepted.
    static func refusal<Value: OptionValue>(_ type: Value.Type, _ text: String, option: String) -> String? {
        do {
            _ = try Value(text, option: option)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Column references

    @Test("A column reference is a title (exact, then ignoring case) or a 1-based number")
    func columnReferences() throws {
        #expect(try ColumnReference("name").resolve(in: Self.titles, option: "--sort") == 1)
        #expect(try ColumnReference("price").resolve(in: Self.titles, option: "--sort") == 3)
        #expect(try ColumnReference("3").resolve(in: Self.titles, option: "--sort") == 2)
        #expect(try ColumnReference("city:town").resolve(in: Self.titles, option: "--sort") == 2)
        #expect(ColumnReference(argument: "anything at all") == ColumnReference("anything at all"))
    }

    @Test("An unknown column names the option and lists the columns; an ambiguous one lists the candidates")
    func columnReferenceErrors() {
        #expect(throws: DTableError.self) { try ColumnReference("5").resolve(in: Self.titles, option: "--key") }
        do {
            _ = try ColumnReference("nmae").resolve(in: Self.titles, option: "--key")
        } catch {
            #expect("\(error)" == "--key: no column 'nmae'; the columns are: 1 id, 2 name, 3 city:town, 4 Price")
        }
        do {
            _ = try ColumnReference("a").resolve(in: [], option: "--group-by")
        } catch {
            #expect("\(error)" == "--group-by: no column 'a'; the table has no columns")
        }
        do {
            _ = try ColumnReference("name").resolve(in: ["Name", "NAME"], option: "--sort")
        } catch {
            #expect("\(error)" == "--sort: 'name' could be any of 1 Name, 2 NAME; write the title exactly or use the number")
        }
    }

    // MARK: Sort specs

    @Test("A sort spec splits off a known direction after the last colon only", arguments: [
        ("name", "name", true), ("name:desc", "name", false), ("name:DESC", "name", false),
        ("name:descending", "name", false), ("name:asc", "name", true), ("name:Ascending", "name", true),
        ("city:town", "city:town", true), ("city:town:desc", "city:town", false), ("a:b:up", "a:b:up", true),
        (":desc", "", false),
    ])
    func sortSpecs(text: String, column: String, ascending: Bool) throws {
        let spec = try #require(SortSpec(argument: text))
        #expect(spec == SortSpec(column: ColumnReference(column), ascending: ascending))
    }

    @Test("A sort spec's descriptor: the column's index and the direction")
    func sortDescriptor() throws {
        let descriptor = try #require(SortSpec(argument: "4:desc")).descriptor(titles: Self.titles)
        #expect(descriptor.column == 3)
        #expect(!descriptor.ascending)
        #expect(throws: DTableError.self) { try SortSpec(argument: "nope")?.descriptor(titles: Self.titles) }
    }

    // MARK: Sizes

    @Test("A size: bytes, binary multiples, or none for no limit", arguments: [
        ("1048576", 1_048_576), ("500M", 524_288_000), ("4GiB", 4_294_967_296), ("64k", 65_536),
        ("1.5k", 1536), ("none", Int.max), ("unlimited", Int.max),
    ])
    func sizes(text: String, bytes: Int) throws {
        #expect(try SizeLimit(text, option: "--buffer-limit") == SizeLimit(bytes: bytes))
    }

    @Test("A bad size is refused, naming the option", arguments: ["lots", "0", "-5M", "5X", ""])
    func badSizes(text: String) {
        #expect(Self.refusal(SizeLimit.self, text, option: "--buffer-limit")
            == "--buffer-limit must be a size such as 500M, 4G or 1048576 (bytes), or none, not '\(text)'")
        #expect(SizeLimit(argument: text) == nil)
    }

    // MARK: Delimiters

    @Test("A delimiter: one ASCII character, or tab by name or escape", arguments: [
        (",", 0x2C), (";", 0x3B), ("|", 0x7C), (" ", 0x20), ("tab", 0x09), ("TAB", 0x09), ("\\t", 0x09), ("\t", 0x09),
    ])
    func delimiters(text: String, byte: UInt8) throws {
        #expect(try Delimiter(text, option: "--delimiter") == Delimiter(byte: byte))
    }

    @Test("The quote, line ends, non-ASCII and longer texts are refused", arguments: [
        ("\"", "'\"'"), ("\n", "'␊'"), ("\r", "'␍'"), ("ab", "'ab'"), ("é", "'é'"), ("", "''"), ("\u{1B}[2J", "'␛[2J'"),
    ])
    func badDelimiters(text: String, shown: String) {
        #expect(Self.refusal(Delimiter.self, text, option: "--delimiter")
            == "--delimiter must be one ASCII character or 'tab', not \(shown)")
    }

    // MARK: Kind specs

    @Test("A kind spec keeps every split that names a kind; the titles choose one")
    func kindSpecs() throws {
        let spec = try KindSpec("city:town:date:%H:%M", option: "--type")
        #expect(spec.splits.map(\.column) == ["city:town"])
        #expect(spec.splits.first?.kind == .dateTime)
        #expect(spec.splits.first?.format == "%H:%M")
        let resolved = try spec.resolve(titles: Self.titles, option: "--type")
        #expect(resolved.column == 2)
        #expect(resolved.setting == ColumnKindSetting(kind: .dateTime, datePattern: "%H:%M"))
        let auto = try KindSpec("Price:auto", option: "--type").resolve(titles: Self.titles, option: "--type")
        #expect(auto.column == 3)
        #expect(auto.setting == nil)
    }

    @Test("A kind spec that names no kind is refused; a format for another kind fails against the titles")
    func badKindSpecs() throws {
        #expect(Self.refusal(KindSpec.self, "code:money", option: "--type")
            == "--type: 'code:money' names no kind; write COL:KIND[:FORMAT] with KIND one of int, decimal, date, bool, text, auto")
        #expect(Self.refusal(KindSpec.self, "code", option: "--type") != nil)
        do {
            _ = try KindSpec("id:int:%d", option: "--type").resolve(titles: Self.titles, option: "--type")
            Issue.record("a format for an int column was accepted")
        } catch {
            #expect("\(error)" == "--type: a format ('%d') is for date columns only, in 'id:int:%d'")
        }
    }

    // MARK: Cell kinds

    @Test("A badge: a column and VALUE=COLOUR pairs, values lower-cased")
    func badges() throws {
        let plain = try BadgeSpec("status", option: "--badge")
        #expect(plain.column == "status")
        #expect(plain.colors.isEmpty)
        let colored = try BadgeSpec("status:Done=green,failed=1", option: "--badge")
        #expect(colored.column == "status")
        #expect(colored.colors == ["done": .green, "failed": .palette(1)])
    }

    @Test("A badge with a pair that is not VALUE=COLOUR is refused", arguments: ["id:x", "id:done=nocolour", "id:=red"])
    func badBadges(text: String) {
        let message = Self.refusal(BadgeSpec.self, text, option: "--badge")
        #expect(message?.hasPrefix("--badge \(text): expected VALUE=COLOUR pairs after the column, like done=green,failed=red (colours: default, black,") == true,
                "\(message ?? "accepted")")
    }

    @Test("A progress bar: a column and an optional positive maximum")
    func progressBars() throws {
        #expect(try ProgressSpec("done", option: "--progress").maximum == nil)
        let spec = try ProgressSpec("done:250", option: "--progress")
        #expect(spec.column == "done")
        #expect(spec.maximum == 250)
        #expect(Self.refusal(ProgressSpec.self, "done:-1", option: "--progress")
            == "--progress done:-1: the maximum after ':' must be a positive number")
        #expect(Self.refusal(ProgressSpec.self, "done:lots", option: "--progress") != nil)
    }

    @Test("A detail spec: COL:DETAIL_COL, split at the first colon")
    func detailSpecs() throws {
        #expect(try DetailSpec("email:note", option: "--subtitle") == DetailSpec(column: "email", detail: "note"))
        #expect(try DetailSpec("a:b:c", option: "--subtitle") == DetailSpec(column: "a", detail: "b:c"))
        #expect(Self.refusal(DetailSpec.self, "email", option: "--right-detail")
            == "--right-detail email: expected COL:DETAIL_COL (the column and the one shown as its detail)")
        #expect(Self.refusal(DetailSpec.self, "email:", option: "--subtitle") != nil)
    }

    @Test("A wrap target: * for every column, else a column")
    func wrapTargets() {
        #expect(WrapTarget(argument: "*") == .everyColumn)
        #expect(WrapTarget(argument: "note") == .column("note"))
    }

    @Test("An action: NAME or NAME=COMMAND; a name that is neither built in nor a command picks rows")
    func actions() throws {
        let command = try ActionSpec("Del=rm -- {file}", option: "--action")
        #expect(command == ActionSpec(name: "Del", command: "rm -- {file}"))
        #expect(command.text == "Del=rm -- {file}")
        #expect(!command.picksRows)
        #expect(try !ActionSpec("delete", option: "--action").picksRows)
        #expect(try ActionSpec("Pick", option: "--action").picksRows)
        #expect(try ActionSpec("Go=", option: "--action") == ActionSpec(name: "Go", command: ""))
        #expect(Self.refusal(ActionSpec.self, "=echo", option: "--action")
            == "--action =echo: the action needs a name, like --action Delete")
    }

    // MARK: Row filters and patterns

    @Test("A column filter needs a colon; the titles choose the column")
    func columnFilters() throws {
        #expect(Self.refusal(ColumnFilterSpec.self, "amount", option: "--where")
            == "--where: 'amount' needs COL:FILTER, e.g. price:>30")
        let filter = try ColumnFilterSpec("city:town:Oslo", option: "--where").resolve(titles: Self.titles)
        #expect(filter.column == 2)
        do {
            _ = try ColumnFilterSpec("name:", option: "--where").resolve(titles: Self.titles)
            Issue.record("an empty filter was accepted")
        } catch {
            #expect("\(error)" == "--where: nothing to filter by after 'name:'")
        }
    }

    @Test("A row pattern is compiled when parsed; an invalid one is refused with the regex error")
    func rowPatterns() throws {
        let pattern = try RowPattern("ad+a", option: "--filter")
        #expect(pattern.matcher.matches("ADDA"))
        #expect(!pattern.matcher.matches("aa"))
        #expect(Self.refusal(RowPattern.self, "(", option: "--filter") == "--filter: invalid regex: missing closing parenthesis")
    }

    @Test("A column pattern quotes itself in its messages and must match a title")
    func columnPatterns() throws {
        #expect(Self.refusal(ColumnPattern.self, "(", option: "--columns") == "--columns '(': invalid regex: missing closing parenthesis")
        let pattern = try ColumnPattern("^(id|name)$", option: "--columns")
        #expect(try pattern.matcher(titles: Self.titles).matches("name"))
        do {
            _ = try ColumnPattern("^zzz", option: "--columns").matcher(titles: Self.titles)
            Issue.record("a pattern that matches no title was accepted")
        } catch {
            #expect("\(error)" == "--columns '^zzz' matches no column; the columns: 1 id, 2 name, 3 city:town, 4 Price")
        }
    }

    // MARK: The parser

    @Test("The command parses typed values, and reports a refusal in dtable's words")
    func parsing() throws {
        let command = try DTableCommand.parse(["-d", "tab", "--buffer-limit", "64k", "--sort", "name:desc",
                                               "--badge", "status:ok=green", "--wrap=*", "--type", "id:int", "f.csv"])
        #expect(command.delimiter == Delimiter(byte: 9))
        #expect(command.bufferLimit == SizeLimit(bytes: 65_536))
        #expect(command.sorts == [SortSpec(column: "name", ascending: false)])
        #expect(command.badges.map(\.column) == ["status"])
        #expect(command.wraps == [.everyColumn])
        #expect(command.types.map(\.text) == ["id:int"])
        do {
            _ = try DTableCommand.parse(["--where", "amount", "f.csv"])
            Issue.record("--where amount was accepted")
        } catch {
            #expect(OptionValueError.cause(of: error)?.description == "--where: 'amount' needs COL:FILTER, e.g. price:>30")
            #expect(DTableCommand.exitCode(for: error) != .success)
        }
        do {
            _ = try DTableCommand.parse(["--width", "abc"])
            Issue.record("--width abc was accepted")
        } catch {
            #expect(OptionValueError.cause(of: error) == nil)
        }
    }
}
