import Testing
import TestSupport
@testable import TerminalSurface

/// The bytes of a terminal turned into keys, clicks and pastes (`InputDecoder`); expected events
/// are written out by hand from the terminals' documented encodings.
@Suite("Input decoder")
struct InputDecoderTests {
    /// Decodes `text`'s bytes in one call, then flushes (the input went quiet).
    static func events(_ text: String, keys: [[UInt8]: Key] = [:]) -> [InputEvent] {
        events(Array(text.utf8), keys: keys)
    }

    static func events(_ bytes: [UInt8], keys: [[UInt8]: Key] = [:]) -> [InputEvent] {
        var decoder = InputDecoder(keySequences: keys)
        return decoder.decode(bytes) + decoder.flush()
    }

    static func keys(_ keys: Key...) -> [InputEvent] { keys.map { .key($0) } }

    static func click(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = []) -> InputEvent {
        .mouse(MouseEvent(kind: kind, position: Point(x: x, y: y), modifiers: modifiers))
    }

    @Test("Characters: ASCII, UTF-8 of 2 to 4 bytes; invalid UTF-8 and C1 controls are no key")
    func characters() {
        #expect(Self.events("aZ ~") == Self.keys(.character("a"), .character("Z"), .character(" "), .character("~")))
        #expect(Self.events("é日👍") == Self.keys(.character("é"), .character("日"), .character("👍")))
        // 0xFF, a lone continuation byte, an overlong "/", a surrogate, beyond U+10FFFF, C1 NEL.
        for bad: [UInt8] in [[0xFF], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC2, 0x85]] {
            #expect(Self.events(bad + [0x61]) == Self.keys(.character("a")), "\(bad)")
        }
        // A character cut by another byte is dropped; the byte is read.
        #expect(Self.events([0xE6, 0x97, 0x61]) == Self.keys(.character("a")))
    }

    @Test("Control bytes: Enter (CR, LF), Tab, Backspace (DEL, ^H), Ctrl-letter; NUL and ^\\ ^] ^^ ^_ are no key")
    func controlBytes() {
        #expect(Self.events([13, 10, 9, 127, 8]) == Self.keys(.enter, .enter, .tab, .backspace, .backspace))
        #expect(Self.events([1, 3, 26]) == Self.keys(.control("a"), .control("c"), .control("z")))
        #expect(Self.events([0, 28, 29, 30, 31]).isEmpty)
    }

    @Test("xterm's cursor and editing keys, in both CSI and SS3 forms, with modifiers")
    func xtermKeys() {
        #expect(Self.events("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == Self.keys(.up, .down, .right, .left))
        #expect(Self.events("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == Self.keys(.up, .down, .right, .left))
        #expect(Self.events("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == Self.keys(.home, .end, .home, .end))
        #expect(Self.events("\u{1B}[1~\u{1B}[2~\u{1B}[3~\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[7~\u{1B}[8~")
                == Self.keys(.home, .insert, .delete, .end, .pageUp, .pageDown, .home, .end))
        #expect(Self.events("\u{1B}[Z\u{1B}OM") == Self.keys(.backTab, .enter))
        // Modified: Ctrl-Left, Ctrl-Delete, Alt-PgDn are the keys themselves; Shift-Up is its own key.
        #expect(Self.events("\u{1B}[1;2A\u{1B}[1;5D\u{1B}[3;5~\u{1B}[6;3~")
                == Self.keys(.modified(.up, .shift), .left, .delete, .pageDown))
    }

    @Test("Function keys: SS3 F1-F4, CSI n~ F5-F12, modified as terminfo numbers them, the Linux console's")
    func functionKeys() {
        #expect(Self.events("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS") == (1...4).map { .key(.function($0)) })
        let tilde = [15, 17, 18, 19, 20, 21, 23, 24].map { "\u{1B}[\($0)~" }.joined()
        #expect(Self.events(tilde) == (5...12).map { .key(.function($0)) })
        // Shift-F1 = F13, Ctrl-F5 = F29, Alt-F12 = F60, Shift-F3 as old xterm sends it.
        #expect(Self.events("\u{1B}[1;2P\u{1B}[15;5~\u{1B}[24;3~\u{1B}O2R") == Self.keys(.function(13), .function(29), .function(60), .function(15)))
        #expect(Self.events("\u{1B}[[A\u{1B}[[E") == Self.keys(.function(1), .function(5)))
        // rxvt: Shift (`$`), Ctrl (`^`) forms and shifted arrows.
        #expect(Self.events("\u{1B}[11^\u{1B}[3$\u{1B}[a\u{1B}[d") == Self.keys(.function(25), .delete, .modified(.up, .shift), .left))
    }

    @Test("The terminal's own sequences (terminfo) come first")
    func terminalSequencesFirst() {
        let own: [[UInt8]: Key] = [Array("\u{1B}[25~".utf8): .function(13), Array("\u{1B}OA".utf8): .down,
                                   Array("\u{1B}[[A".utf8): .function(11), Array("x".utf8): .enter]
        #expect(Self.events("\u{1B}[25~\u{1B}OA\u{1B}[[A\u{1B}[A", keys: own) == Self.keys(.function(13), .down, .function(11), .up))
        #expect(Self.events("\u{1B}[25~") == [])  // not a built-in key
        #expect(Self.events("x", keys: own) == Self.keys(.character("x")))  // only sequences starting with Esc
    }

    @Test("Esc: alone after the input goes quiet; before a key that starts no sequence, Esc and the key")
    func escape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaitingForMoreBytes)
        #expect(decoder.flush() == Self.keys(.escape))
        #expect(!decoder.isWaitingForMoreBytes)
        #expect(Self.events("\u{1B}x") == Self.keys(.escape, .character("x")))
        #expect(Self.events("\u{1B}\u{1B}") == Self.keys(.escape, .escape))
        #expect(Self.events("\u{1B}\u{1B}[A") == Self.keys(.escape, .up))
        #expect(Self.events("\u{1B}[") == Self.keys(.escape, .character("[")))
        #expect(Self.events("\u{1B}O") == Self.keys(.escape, .character("O")))
        // A longer sequence cut short is dropped; what follows the pause is read afresh.
        var cut = InputDecoder()
        #expect(cut.decode(Array("\u{1B}[1;".utf8)) == [])
        #expect(cut.flush() == [])
        #expect(cut.decode(Array("5Aq".utf8)) == Self.keys(.character("5"), .character("A"), .character("q")))
    }

    @Test("A sequence broken by a control byte or Esc is dropped; the byte is read")
    func brokenSequences() {
        #expect(Self.events("\u{1B}[1;2\rq") == Self.keys(.enter, .character("q")))
        #expect(Self.events("\u{1B}[12\u{1B}[B") == Self.keys(.down))
        #expect(Self.events("\u{1B}[?1;2c\u{1B}[999~\u{1B}[1;2;3;4A\u{1B}[123456A") == [])
    }

    @Test("SGR mouse: press, release, wheel, buttons and modifiers, 1-based positions made 0-based")
    func sgrMouse() {
        #expect(Self.events("\u{1B}[<0;23;11M\u{1B}[<0;23;11m") == [Self.click(.press(.left), 22, 10), Self.click(.release(.left), 22, 10)])
        #expect(Self.events("\u{1B}[<1;1;1M\u{1B}[<2;300;200m") == [Self.click(.press(.middle), 0, 0), Self.click(.release(.right), 299, 199)])
        #expect(Self.events("\u{1B}[<64;5;6M\u{1B}[<65;5;6M\u{1B}[<66;5;6M\u{1B}[<67;5;6M")
                == [Self.click(.wheelUp, 4, 5), Self.click(.wheelDown, 4, 5), Self.click(.wheelLeft, 4, 5), Self.click(.wheelRight, 4, 5)])
        #expect(Self.events("\u{1B}[<4;2;2M\u{1B}[<24;2;2M\u{1B}[<69;2;2M")
                == [Self.click(.press(.left), 1, 1, .shift), Self.click(.press(.left), 1, 1, [.alt, .control]),
                    Self.click(.wheelDown, 1, 1, .shift)])
        // Buttons 8-11, column 0, a wheel "release", a fourth number: no event.
        #expect(Self.events("\u{1B}[<128;5;5M\u{1B}[<0;0;5M\u{1B}[<64;5;5m\u{1B}[<0;5;5;5M\u{1B}[<0;5M") == [])
    }

    @Test("Shift-Up and Shift-Down are keys of their own: xterm CSI and SS3, rxvt; other modifiers are the plain key")
    func shiftedVerticalKeys() {
        let shiftUp = Key.modified(.up, .shift), shiftDown = Key.modified(.down, .shift)
        #expect(Self.events("\u{1B}[1;2A\u{1B}[1;2B") == Self.keys(shiftUp, shiftDown))
        #expect(Self.events("\u{1B}O2A\u{1B}O2B\u{1B}[a\u{1B}[b") == Self.keys(shiftUp, shiftDown, shiftUp, shiftDown))
        // Ctrl, Alt, Ctrl-Shift: still Up and Down; Shift-Left is Left.
        #expect(Self.events("\u{1B}[1;5A\u{1B}[1;3B\u{1B}[1;6B\u{1B}[1;2D") == Self.keys(.up, .down, .down, .left))
        // As the terminal's own sequences (terminfo's kri and kind).
        let own: [[UInt8]: Key] = [Array("\u{1B}[1;2A".utf8): shiftUp, Array("\u{1B}[1;2B".utf8): shiftDown]
        #expect(Self.events("\u{1B}[1;2B", keys: own) == Self.keys(shiftDown))
        // Split byte by byte: the same keys.
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in "\u{1B}[1;2Bj\u{1B}[1;2A".utf8 { events += decoder.decode([byte]) }
        #expect(events == Self.keys(shiftDown, .character("j"), shiftUp))
    }

    @Test("Malformed Shift-arrow sequences are no key (and nothing traps); the keys after them work")
    func malformedShiftedKeys() {
        // Too many numbers, a number of 6 digits, a stray intermediate, cut short at the end.
        #expect(Self.events("\u{1B}[1;2;3A\u{1B}[1;222222B\u{1B}[1;2 Bj") == Self.keys(.character("j")))
        #expect(Self.events("\u{1B}[1;2") == [])
        #expect(Self.events("\u{1B}[1;2\u{1B}[1;2B") == Self.keys(.modified(.down, .shift)))
        // A modifier of 0 or 99 is no Shift.
        #expect(Self.events("\u{1B}[1;0B\u{1B}[1;99A") == Self.keys(.down, .up))
        var decoder = InputDecoder()
        var random = SplitMix64(seed: 21)
        let pieces = Array("\u{1B}[1;2B\u{1B}[<32;4;4M;2A[\u{1B}O".utf8)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...12, using: &random)
            _ = decoder.decode((0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] })
        }
        _ = decoder.flush()
        #expect(decoder.decode(Array("\u{1B}[1;2Bq".utf8)) == Self.keys(.modified(.down, .shift), .character("q")))
    }

    @Test("Motion with a button held is a drag (SGR and X10); without a button, on the wheel bit or as a release, none")
    func drags() {
        #expect(Self.events("\u{1B}[<32;5;6M\u{1B}[<34;7;8M\u{1B}[<36;1;1M")
                == [Self.click(.drag(.left), 4, 5), Self.click(.drag(.right), 6, 7), Self.click(.drag(.left), 0, 0, .shift)])
        #expect(Self.events("\u{1B}[<35;5;5M\u{1B}[<96;5;5M\u{1B}[<32;5;5m\u{1B}[<32;0;5M") == [])
        let x10: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), 32 + 32, 33 + 2, 33 + 3]
        #expect(Self.events(x10) == [Self.click(.drag(.left), 2, 3)])
        let x10Motion: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), 32 + 35, 33 + 2, 33 + 3]
        #expect(Self.events(x10Motion) == [])
    }

    @Test("A mouse report of 40 numbers (it crashed ncurses) is no event, and the keys after it work")
    func oversizedMouseReport() {
        let report = "\u{1B}[<0;" + String(repeating: "1;", count: 39) + "1M"
        #expect(Self.events(report + "j") == Self.keys(.character("j")))
        var decoder = InputDecoder()
        _ = decoder.decode(Array(("\u{1B}[<" + String(repeating: "1;", count: 10_000)).utf8))
        #expect(decoder.sequence.count <= InputDecoder.maximumSequenceLength)
        #expect(decoder.decode(Array("Mq".utf8)) == Self.keys(.character("q")))
    }

    @Test("X10 mouse: press and release (of the button pressed), wheel, positions up to 223")
    func x10Mouse() {
        func report(_ code: Int, _ column: Int, _ row: Int) -> [UInt8] {
            [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(code + 32), UInt8(column + 32), UInt8(row + 32)]
        }
        #expect(Self.events(report(0, 23, 11) + report(3, 23, 11)) == [Self.click(.press(.left), 22, 10), Self.click(.release(.left), 22, 10)])
        #expect(Self.events(report(2, 1, 1) + report(3, 2, 2)) == [Self.click(.press(.right), 0, 0), Self.click(.release(.right), 1, 1)])
        #expect(Self.events(report(64, 223, 5) + report(65 + 16, 1, 1)) == [Self.click(.wheelUp, 222, 4), Self.click(.wheelDown, 0, 0, .control)])
        #expect(Self.events(report(0, 0, 5) + Array("k".utf8)) == Self.keys(.character("k")))  // column 0: beyond the encoding
    }

    @Test("Bracketed paste: one event with the text as sent, Esc sequences inside it included")
    func paste() {
        #expect(Self.events("\u{1B}[200~hello\r\nworld\u{1B}[201~q") == [.paste("hello\r\nworld"), .key(.character("q"))])
        #expect(Self.events("\u{1B}[200~a\u{1B}[A\u{1B}[20b\u{1B}\u{1B}[201~") == [.paste("a\u{1B}[A\u{1B}[20b\u{1B}")])
        #expect(Self.events("\u{1B}[200~\u{1B}[201~j") == Self.keys(.character("j")))  // empty: nothing
        #expect(Self.events("\u{1B}[201~j") == Self.keys(.character("j")))  // an end without a start
        // Split anywhere, even inside the markers.
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in "x\u{1B}[200~日本\u{1B}[201~y".utf8 { events += decoder.decode([byte]) }
        #expect(events == [.key(.character("x")), .paste("日本"), .key(.character("y"))])
    }

    @Test("A paste over the limit keeps its first maximumPasteBytes (no half character); keys after it work")
    func pasteLimit() {
        let limit = InputDecoder.maximumPasteBytes
        var decoder = InputDecoder()
        var events = decoder.decode(Array("\u{1B}[200~".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: limit - 1))
        events += decoder.decode(Array("é".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 3 * limit))
        #expect(events.isEmpty)
        #expect(decoder.pasteBytes.count == limit)
        events = decoder.decode(Array("\u{1B}[201~z".utf8))
        #expect(events == [.paste(String(repeating: "a", count: limit - 1)), .key(.character("z"))])
    }
}
