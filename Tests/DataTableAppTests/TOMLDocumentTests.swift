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

@Suite struct TOMLSubsetTests {
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
        #expect(tomlError("a = 1\r\nb c\r\n") == "config.toml:2: expected '=' after key 'b'")
        #expect(try TOMLDocument(parsing: "").tables.map(\.name) == [""])
    }

    @Test func errorsNameTheFileAndLine() throws {
        #expect(tomlError("\n\n[display]\n\n\n\ncolour \"red\"") == "config.toml:7: expected '=' after key 'colour'")
        do {
            _ = try TOMLDocument(parsing: "x", fileName: "/home/me/.config/dtable/config.toml")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 1)
            #expect(error.fileName == "/home/me/.config/dtable/config.toml")
            #expect(error.description == "/home/me/.config/dtable/config.toml:1: expected '=' after key 'x'")
        }
    }

    @Test(arguments: [
        ("= 3", "config.toml:1: expected a key before '='"),
        ("!x = 3", "config.toml:1: expected a key, found '!x = 3'"),
        ("a.b = 1", "config.toml:1: dotted keys are not supported ('a.…')"),
        ("a =", "config.toml:1: expected a value after '=' for key 'a'"),
        ("a = # nothing", "config.toml:1: expected a value after '=' for key 'a'"),
        ("a = 1 2", "config.toml:1: unexpected '2' after the value of 'a'"),
        ("a = \"x\" y", "config.toml:1: unexpected 'y' after the value of 'a'"),
        ("a = yes", "config.toml:1: invalid value 'yes' for key 'a' (strings need quotes; true and false are lowercase)"),
        ("a = True", "config.toml:1: invalid value 'True' for key 'a' (strings need quotes; true and false are lowercase)"),
        ("a = 1.5", "config.toml:1: floats are not supported ('1.5' for key 'a'); use an integer"),
        ("a = 1e3", "config.toml:1: floats are not supported ('1e3' for key 'a'); use an integer"),
        ("a = inf", "config.toml:1: floats are not supported ('inf' for key 'a'); use an integer"),
        ("a = 0x1F", "config.toml:1: only decimal integers are supported, not '0x1F' (key 'a')"),
        ("a = 1979-05-27", "config.toml:1: dates and times are not supported ('1979-05-27' for key 'a')"),
        ("a = 007", "config.toml:1: leading zeros are not allowed in integer '007' (key 'a')"),
        ("a = 1__0", "config.toml:1: invalid integer '1__0' for key 'a'"),
        ("a = _1", "config.toml:1: invalid value '_1' for key 'a' (strings need quotes; true and false are lowercase)"),
        ("a = 1_", "config.toml:1: invalid integer '1_' for key 'a'"),
        ("a = -", "config.toml:1: invalid integer '-' for key 'a'"),
        ("a = 99999999999999999999", "config.toml:1: integer '99999999999999999999' is too large (key 'a')"),
        ("a = \"open", "config.toml:1: unterminated string (a basic string ends with \" on the same line)"),
        ("a = 'open", "config.toml:1: unterminated string (a literal string ends with ' on the same line)"),
        ("a = \"\"\"x\"\"\"", "config.toml:1: multi-line strings (\"\"\") are not supported"),
        ("a = '''x'''", "config.toml:1: multi-line strings (''') are not supported"),
        (#"a = "\q""#, #"config.toml:1: invalid escape '\q' in a string (use \" \\ \n \t \r \b \f \uXXXX or \UXXXXXXXX)"#),
        (#"a = "\u12xy""#, #"config.toml:1: \u needs 4 hexadecimal digits, not '12xy'"#),
        (#"a = "\u12""#, #"config.toml:1: \u needs 4 hexadecimal digits"#),
        (#"a = "\uD800""#, #"config.toml:1: \uD800 is not a Unicode scalar value"#),
        ("a = \"bell\u{07}\"", "config.toml:1: control character U+0007 in a string must be escaped"),
        ("a = [1, 2", "config.toml:1: unterminated array for key 'a' (arrays must be on one line)"),
        ("a = [", "config.toml:1: unterminated array for key 'a' (arrays must be on one line)"),
        ("a = [1 2]", "config.toml:1: expected ',' or ']' in the array of 'a', found '2]'"),
        ("a = [[1]]", "config.toml:1: nested arrays are not supported (key 'a')"),
        ("a = {b = 1}", "config.toml:1: inline tables are not supported (key 'a')"),
        ("[[items]]", "config.toml:1: arrays of tables ([[...]]) are not supported"),
        ("[]", "config.toml:1: expected a table name after '['"),
        ("[a.b]", "config.toml:1: dotted table names are not supported ([a.…])"),
        ("[a", "config.toml:1: expected ']' after table name 'a'"),
        ("[a] x", "config.toml:1: unexpected 'x' after table header [a]"),
        ("[!]", "config.toml:1: invalid table name '!]'"),
    ])
    func errorMessages(text: String, message: String) {
        #expect(tomlError(text) == message)
    }

    @Test func duplicatesAreErrors() {
        #expect(tomlError("[display]\nstripes = true\n\nstripes = false")
                == "config.toml:4: duplicate key 'stripes' in [display] (first set at line 2)")
        #expect(tomlError("a = 1\na = 2") == "config.toml:2: duplicate key 'a' (first set at line 1)")
        #expect(tomlError("[keys]\n\"quit\" = 'q'\nquit = 'x'") == "config.toml:3: duplicate key 'quit' in [keys] (first set at line 2)")
        #expect(tomlError("[display]\n[colors]\n[display]") == "config.toml:3: duplicate table [display] (first at line 1)")
        // The same key in different tables is fine.
        #expect(tomlError("[a]\nx = 1\n[b]\nx = 1") == nil)
    }

    @Test func longRestIsShortenedInMessages() {
        #expect(tomlError("a = 1 abcdefghijklmnopqrstuvwxyz")
                == "config.toml:1: unexpected 'abcdefghijklmnopqrst…' after the value of 'a'")
    }
}
