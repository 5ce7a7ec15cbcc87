import Testing
import DataTableKit
@testable import DataTableApp

/// The error `text` gives as one line, or nil when it parses.
private func tomlError(_ text: String) -> String? {
    do {
        _ = try TOMLDocument(parsing: text)
        return nil
    } catch {
        return error.description
    }
}

/// The line of the error `text` gives, or nil when it parses.
private func errorLine(_ text: String) -> Int? {
    do {
        _ = try TOMLDocument(parsing: text)
        return nil
    } catch {
        return error.line
    }
}

/// The document as TOMLKit reads it: sections of entries in file order, each with its line.
@Suite struct TOMLDocumentTests {
    @Test func parsesTablesKeysAndValues() throws {
        let document = try TOMLDocument(parsing: """
            # a comment
            title = "root"

            [display]   # trailing comment
            stripes = true
            wrap=false
            "quoted key" = 'literal \\n stays'
            'single' = -42
            big = 1_000_000
            zero = 0
            plus = +7
            [ colors ]
            list = ["a", 'b', 3, ]
            empty = []
            spaced = [ 1 , 2 ]
            "" = "empty key"
            """)
        #expect(document.tables.map(\.name) == ["", "display", "colors"])
        #expect(document.tables.map(\.line) == [0, 4, 12])
        #expect(document[table: ""]?["title"]?.value == .string("root"))
        let display = try #require(document[table: "display"])
        #expect(display.entries.map(\.key) == ["stripes", "wrap", "quoted key", "single", "big", "zero", "plus"])
        #expect(display["stripes"]?.value == .boolean(true))
        #expect(display["stripes"]?.line == 5)
        #expect(display["wrap"]?.value == .boolean(false))
        #expect(display["quoted key"]?.value == .string("literal \\n stays"))
        #expect(display["single"]?.value == .integer(-42))
        #expect(display["big"]?.value == .integer(1_000_000))
        #expect(display["zero"]?.value == .integer(0))
        #expect(display["plus"]?.value == .integer(7))
        let colors = try #require(document[table: "colors"])
        #expect(colors["list"]?.value == .array([.string("a"), .string("b"), .integer(3)]))
        #expect(colors["empty"]?.value == .array([]))
        #expect(colors["spaced"]?.value == .array([.integer(1), .integer(2)]))
        #expect(colors[""]?.value == .string("empty key"))
    }

    @Test func basicStringEscapes() throws {
        let document = try TOMLDocument(parsing: #"""
            a = "q\"b\\n\nt\tu\u00e9U\U0001F600r\rb\bf\f"
            b = "# not a comment" # a comment
            c = 'C:\path\"'
            d = "tab	inside"
            """#)
        let root = try #require(document[table: ""])
        #expect(root["a"]?.value == .string("q\"b\\n\nt\tuéU😀r\rb\u{08}f\u{0C}"))
        #expect(root["b"]?.value == .string("# not a comment"))
        #expect(root["c"]?.value == .string(#"C:\path\""#))
        #expect(root["d"]?.value == .string("tab\tinside"))
    }

    @Test func lineEndsAndByteOrderMark() throws {
        let document = try TOMLDocument(parsing: "\u{FEFF}[t]\r\na = 1\r\n\r\nb = 'x'\r\n")
        #expect(document[table: "t"]?["a"]?.value == .integer(1))
        #expect(document[table: "t"]?["b"]?.value == .string("x"))
        #expect(document[table: "t"]?["b"]?.line == 4)
        #expect(errorLine("a = 1\r\nb c\r\n") == 2)
        #expect(try TOMLDocument(parsing: "").tables.map(\.name) == [""])
    }

    @Test func errorsNameTheFileAndLine() throws {
        #expect(tomlError("\n\n[display]\n\n\n\ncolour \"red\"")?.hasPrefix("config.toml:7: ") == true)
        do {
            _ = try TOMLDocument(parsing: "x", fileName: "/home/me/.config/dtable/config.toml")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 1)
            #expect(error.fileName == "/home/me/.config/dtable/config.toml")
            #expect(error.description.hasPrefix("/home/me/.config/dtable/config.toml:1: "))
        }
    }

    /// Syntax errors are TOMLKit's, in its words, on the line they are on (line 1 here).
    @Test(arguments: [
        "= 3", "!x = 3", "a =", "a = # nothing", "a = 1 2", "a = \"x\" y", "a = yes", "a = True",
        "a = 007", "a = 1__0", "a = _1", "a = 1_", "a = -", "a = 99999999999999999999", "a = \"open",
        "a = 'open", #"a = "\q""#, #"a = "\u12xy""#, #"a = "\uD800""#, "a = \"bell\u{07}\"", "a = [1, 2",
        "a = [", "a = [1 2]", "[]", "[a", "[a] x", "[!]",
    ])
    func syntaxErrorsNameTheirLine(text: String) throws {
        let message = try #require(tomlError(text))
        #expect(message.hasPrefix("config.toml:1: "))
        #expect(!message.contains("\n"))  // one line, whatever TOMLKit quotes
    }

    /// TOML the old subset refused parses now; the settings refuse what they cannot take.
    @Test func valuesNoSettingTakesAreNamedInMessages() throws {
        let document = try TOMLDocument(parsing: """
            [t]
            float = 1.5
            date = 1979-05-27
            inline = { b = 1 }
            nested = [[1], [2]]
            multi = \"\"\"
            x = not a key
            \"\"\"
            after = 1
            [a.b]
            c = 1
            """)
        let t = try #require(document[table: "t"])
        #expect(t["float"]?.value == .other("the float 1.5"))
        #expect(t["float"]?.value.phrase == "the float 1.5")
        #expect(t["date"]?.value == .other("a date or time"))
        #expect(t["inline"]?.value == .other("a table"))
        #expect(t["nested"]?.value == .array([.array([.integer(1)]), .array([.integer(2)])]))
        #expect(t["multi"]?.value == .string("x = not a key\n"))
        #expect(t["after"]?.line == 9)  // a line inside a multi-line string is not a key
        #expect(document[table: "a"]?.line == 10)
    }

    /// toml++ aborts the process on some malformed names: they are refused before it sees them.
    @Test func malformedNamesAreRefusedBeforeTOMLKitSeesThem() {
        #expect(tomlError("[!]") == "config.toml:1: invalid table name '!'")
        #expect(tomlError("a = 1\n[a.!]") == "config.toml:2: invalid table name 'a.!'")
        #expect(tomlError("[[!]]") == "config.toml:1: invalid table name '!'")
        #expect(tomlError("[t]\n!x = 3") == "config.toml:2: invalid key '!x'")
        #expect(tomlError("a.! = 3") == "config.toml:1: invalid key 'a.!'")
        // Well-formed names, and lines inside multi-line values, pass through.
        #expect(tomlError("[ \"a b\" . 'c' ]\nx.\"y z\" = 1\nlist = [\n  \"!\",\n  ]\ns = \"\"\"\n! = x\n\"\"\"") == nil)
    }

    @Test func duplicatesAreErrorsOnTheSecondLine() {
        #expect(errorLine("[display]\nstripes = true\n\nstripes = false") == 4)
        #expect(errorLine("a = 1\na = 2") == 2)
        #expect(errorLine("[keys]\n\"quit\" = 'q'\nquit = 'x'") == 3)
        #expect(errorLine("[display]\n[colors]\n[display]") == 3)
        // The same key in different tables is fine.
        #expect(tomlError("[a]\nx = 1\n[b]\nx = 1") == nil)
    }
}
