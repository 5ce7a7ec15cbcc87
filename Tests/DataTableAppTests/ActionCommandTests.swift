import Testing
import DataTableKit
@testable import DataTableApp

private let titles = ["id", "Name", "e mail", "URL"]

/// The error message `body` throws, or nil.
private func errorMessage(_ body: () throws -> Any) -> String? {
    do { _ = try body(); return nil } catch let error as ActionCommandError { return error.message } catch { return "\(error)" }
}

@Suite struct ActionCommandTests {
    // MARK: Word splitting

    @Test(arguments: [
        ("open a b", ["open", "a", "b"]),
        ("  open \t a\n b  ", ["open", "a", "b"]),
        ("echo 'a b' \"c d\"", ["echo", "a b", "c d"]),
        ("echo 'it'\\''s'", ["echo", "it's"]),
        ("echo \"say \\\"hi\\\" \\\\ \\n\"", ["echo", "say \"hi\" \\ \\n"]),
        ("echo \"\\$HOME\" \"\\`x\\`\"", ["echo", "$HOME", "`x`"]),
        ("echo a\\ b \\'c\\\" \\\\", ["echo", "a b", "'c\"", "\\"]),
        ("echo a\\\nb", ["echo", "ab"]),
        ("echo \"a\\\nb\"", ["echo", "ab"]),
        ("echo 'a\\nb'", ["echo", "a\\nb"]),
        ("echo '' \"\" x''y", ["echo", "", "", "xy"]),
        ("echo $HOME ~ * ?.txt", ["echo", "$HOME", "~", "*", "?.txt"]),
        ("echo `id` $(id); rm -rf x | cat && ls > out # no comment", ["echo", "`id`", "$(id);", "rm", "-rf", "x", "|", "cat", "&&", "ls", ">", "out", "#", "no", "comment"]),
        ("echo a'b'\"c\"d", ["echo", "abcd"]),
        ("echo 'a\"b' \"a'b\"", ["echo", "a\"b", "a'b"]),
        ("echo end\\", ["echo", "end\\"]),
        ("echo '東京 👍' e\u{301}", ["echo", "東京 👍", "e\u{301}"]),
    ])
    func splitsWordsLikeAShellWithoutExpansion(command: String, words: [String]) throws {
        #expect(try ActionCommand.splitWords(command) == words)
    }

    @Test func aQuoteFollowedByACombiningMarkIsStillAQuote() throws {
        #expect(try ActionCommand.splitWords("echo '\u{301}x'") == ["echo", "\u{301}x"])
    }

    @Test(arguments: [
        ("echo 'abc", "unterminated single quote"),
        ("echo \"abc", "unterminated double quote"),
        ("echo \"abc\\\"", "unterminated double quote"),
        ("", "empty command"),
        ("   \t\n ", "empty command"),
        ("'' arg", "empty program name"),
    ])
    func malformedCommandsThrowOneLine(command: String, expected: String) {
        let message = errorMessage { try ActionCommand(name: "Open", command: command) }
        #expect(message?.hasPrefix("action 'Open': ") == true)
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    @Test func optionSplitsAtTheFirstEquals() throws {
        let action = try ActionCommand(option: "Open = xdg-open 'a=b' {URL}")
        #expect(action.name == "Open")
        #expect(action.commandText == " xdg-open 'a=b' {URL}")
        #expect(action.program == "xdg-open")
        #expect(errorMessage { try ActionCommand(option: "xdg-open") }?.contains("has no '='") == true)
        #expect(errorMessage { try ActionCommand(option: "=xdg-open") }?.contains("has no name") == true)
        #expect(errorMessage { try ActionCommand(option: "Open=") }?.contains("empty command") == true)
    }

    // MARK: Placeholders

    @Test func placeholdersByTitleAndNumber() throws {
        let action = try ActionCommand(name: "A", command: "cmd --id={id} {Name} '{e mail}' \"<{4}>\" {2}{1}", columnTitles: titles)
        #expect(action.referencedColumns == [0, 1, 2, 3, 1, 0])
        #expect(action.arguments(forRow: ["7", "Ann", "ann@x", "http://x"])
            == ["cmd", "--id=7", "Ann", "ann@x", "<http://x>", "Ann7"])
    }

    @Test func titlesMatchExactlyFirstThenIgnoringCase() throws {
        let action = try ActionCommand(name: "A", command: "cmd {name} {Name} {url} {URL}", columnTitles: ["name", "Name", "url"])
        #expect(action.isResolved)
        #expect(action.referencedColumns == [0, 1, 2, 2])
    }

    @Test func bracesAreLiteralWhenDoubledOrEscaped() throws {
        let action = try ActionCommand(name: "A", command: "awk '{{print $1}}' \\{id\\} {{{id}}} x}}", columnTitles: titles)
        #expect(action.arguments(forRow: ["42"]) == ["awk", "{print $1}", "{id}", "{42}", "x}"])
    }

    @Test func aMissingValueReadsEmpty() throws {
        let action = try ActionCommand(name: "A", command: "cmd <{URL}>", columnTitles: titles)
        #expect(action.arguments(forRow: ["1"]) == ["cmd", "<>"])
    }

    @Test func unknownPlaceholdersListTheColumns() throws {
        let action = try ActionCommand(name: "Open", command: "xdg-open {link}")
        #expect(!action.isResolved)
        let message = errorMessage { try action.resolved(columnTitles: titles) }
        #expect(message == "action 'Open': no column {link}: the columns are {id}, {Name}, {e mail}, {URL} (or {1}…{4})")
        let number = errorMessage { try ActionCommand(name: "Open", command: "xdg-open {5}", columnTitles: titles) }
        #expect(number == "action 'Open': no column {5}: the columns are {id}, {Name}, {e mail}, {URL} (or {1}…{4})")
        // Titles with control characters stay on one line.
        let odd = errorMessage { try ActionCommand(name: "Open", command: "x {y}", columnTitles: ["a\nb"]) }
        #expect(odd == "action 'Open': no column {y}: the columns are {a␊b} (or {1}…{1})")
    }

    @Test func placeholderErrorsShowEscapesAsPlaceholders() throws {
        let hostile = "x\u{1B}]0;OWNED\u{07}\u{1B}[2J\u{9B}1m\u{202E}"
        let missing = errorMessage { try ActionCommand(name: "Go\u{1B}[2J", command: "cmd {\(hostile)}", columnTitles: [hostile + "!"]) }
        #expect(missing == "action 'Go␛[2J': no column {x␛]0;OWNED␇␛[2J\u{FFFD}1m\u{FFFD}}: the columns are {x␛]0;OWNED␇␛[2J\u{FFFD}1m\u{FFFD}!} (or {1}…{1})")
        let ambiguous = errorMessage { try ActionCommand(name: "A", command: "cmd {N\u{7}}", columnTitles: ["n\u{7}", "N\u{7}x", "n\u{7}"]) }
        #expect(ambiguous?.contains("{N␇} could be any of {n␇} ({1}), {n␇} ({3})") == true, "\(ambiguous ?? "")")
        let unterminated = errorMessage { try ActionCommand(name: "A", command: "cmd '\u{1B}]0;x") }
        #expect(unterminated == "action 'A': unterminated single quote in: cmd '␛]0;x")
    }

    @Test func aMillionColumnsAreListedUpToTwenty() {
        let titles = (1...1_000_000).map { "c\($0)" }
        let message = errorMessage { try ActionCommand(name: "Open", command: "x {nmae}", columnTitles: titles) }
        #expect(message?.hasSuffix("{c20}, … and 999,980 more (or {1}…{1000000})") == true, "\(message?.suffix(80) ?? "")")
        #expect((message?.utf8.count ?? 0) < 1000)
    }

    @Test func ambiguousTitlesWithoutCaseAreAnError() {
        let message = errorMessage { try ActionCommand(name: "A", command: "cmd {NAME}", columnTitles: ["name", "Name"]) }
        #expect(message?.contains("{NAME} could be any of {name} ({1}), {Name} ({2})") == true, "\(message ?? "")")
    }

    @Test(arguments: [
        ("cmd {id", "'{' without '}'"),
        ("cmd id}", "'}' without '{'"),
        ("cmd {}", "empty placeholder"),
        ("cmd {0}", "column numbers start at 1"),
        ("cmd {00}", "column numbers start at 1"),
        ("cmd {99999999999999999999999}", "no column {99999999999999999999999}"),
        ("{id} x", "cannot contain a placeholder"),
        ("'{1}' x", "cannot contain a placeholder"),
    ])
    func malformedPlaceholders(command: String, expected: String) {
        let message = errorMessage { try ActionCommand(name: "A", command: command) }
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    }

    @Test func valuesNeverSplitOrExpand() throws {
        let action = try ActionCommand(name: "A", command: "cmd {1} pre-{2}-post", columnTitles: ["a", "b"])
        let hostile = "$(id); rm -rf x"
        let messy = "a b 'c' \"d\"\n`e` {1} * ~"
        #expect(action.arguments(forRow: [hostile, messy]) == ["cmd", hostile, "pre-" + messy + "-post"])
        // A value that looks like a placeholder is not looked at again.
        #expect(action.arguments(forRow: ["{2}", "x"]) == ["cmd", "{2}", "pre-x-post"])
    }

    @Test func csvRecordQuotesLikeRFC4180() {
        #expect(CSVField.record(["a", "b c", ""]) == "a,b c,")
        #expect(CSVField.record(["a,b", "say \"hi\"", "l1\nl2", "cr\r"]) == "\"a,b\",\"say \"\"hi\"\"\",\"l1\nl2\",\"cr\r\"")
        #expect(CSVField.record(["x\r\ny"]) == "\"x\r\ny\"")
        #expect(CSVField.record([]) == "")
    }
}
