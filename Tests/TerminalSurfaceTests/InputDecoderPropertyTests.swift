import Testing
import TestSupport
@testable import TerminalSurface

/// `InputDecoder` over random and malformed byte streams: it never traps, holds bounded state,
/// does not care how the bytes are split, finds its way back after garbage, and reads back
/// what an independent encoder (below, from the terminals' documented encodings) wrote.
@Suite("Input decoder properties")
struct InputDecoderPropertyTests {
    /// Bytes from pieces that make the states meet: Esc, `[`, `O`, `<`, digits, `;`, final
    /// bytes, mouse and paste markers, UTF-8 fragments, and any byte at all.
    static func hostileBytes(count: Int, using random: inout SplitMix64) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], [0x1B, 0x4F], Array("\u{1B}[<".utf8), Array("\u{1B}[M".utf8), Array("\u{1B}[[".utf8),
            Array("\u{1B}[200~".utf8), Array("\u{1B}[201~".utf8), Array("\u{1B}[20".utf8),
            Array("0123456789".utf8), [UInt8(ascii: ";")], Array("MmA~$^@Z".utf8), [0xE6, 0x97], [0xA5], [0xF0, 0x9F],
            [13], [127], [0], Array("q".utf8),
        ]
        var bytes: [UInt8] = []
        while bytes.count < count {
            if Int.random(in: 0..<4, using: &random) == 0 {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            } else {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
        }
        return bytes
    }

    /// Decodes `bytes` in random pieces, checking the bounds of the held state after each.
    static func decodeInPieces(_ bytes: [UInt8], using random: inout SplitMix64, into decoder: inout InputDecoder) -> [InputEvent] {
        var events: [InputEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...64, using: &random))
            events += decoder.decode(bytes[start..<end])
            #expect(decoder.sequence.count <= InputDecoder.maximumSequenceLength)
            #expect(decoder.pasteBytes.count <= InputDecoder.maximumPasteBytes)
            start = end
        }
        return events
    }

    @Test("Random and hostile bytes: no trap, bounded state, the same events however the bytes are split")
    func splitDoesNotMatter() {
        var random = SplitMix64(seed: 0x1006_2004)
        for round in 0..<400 {
            let bytes = round % 2 == 0
                ? Self.hostileBytes(count: Int.random(in: 1...600, using: &random), using: &random)
                : (0..<Int.random(in: 1...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var whole = InputDecoder()
            let expected = whole.decode(bytes) + whole.flush()
            var pieces = InputDecoder()
            let events = Self.decodeInPieces(bytes, using: &random, into: &pieces) + pieces.flush()
            #expect(events == expected, "round \(round)")
            // No event is made of nothing: at most one per byte (a paste or a key per sequence).
            #expect(events.count <= bytes.count)
        }
    }

    @Test("After any garbage, a pause (and a paste's end, if one is open) brings the decoder back")
    func recoversAfterGarbage() {
        var random = SplitMix64(seed: 77)
        for round in 0..<400 {
            var decoder = InputDecoder()
            _ = Self.decodeInPieces(Self.hostileBytes(count: Int.random(in: 1...300, using: &random), using: &random),
                                    using: &random, into: &decoder)
            _ = decoder.flush()
            if case .paste = decoder.state { _ = decoder.decode(InputDecoder.pasteEnd) }
            let events = decoder.decode(Array("\u{1B}[<0;7;3M\u{1B}[<0;7;3mq".utf8))
            #expect(events == [.mouse(MouseEvent(kind: .press(.left), position: Point(x: 6, y: 2))),
                               .mouse(MouseEvent(kind: .release(.left), position: Point(x: 6, y: 2))),
                               .key(.character("q"))], "round \(round)")
        }
    }

    // MARK: - An independent encoder

    static let namedKeys: [(Key, String)] = [
        (.up, "\u{1B}[A"), (.down, "\u{1B}OB"), (.right, "\u{1B}[1;5C"), (.left, "\u{1B}OD"),
        (.home, "\u{1B}[H"), (.end, "\u{1B}[4~"), (.pageUp, "\u{1B}[5~"), (.pageDown, "\u{1B}[6;2~"),
        (.insert, "\u{1B}[2~"), (.delete, "\u{1B}[3~"), (.backTab, "\u{1B}[Z"), (.enter, "\r"), (.tab, "\t"),
        (.backspace, "\u{7F}"), (.function(1), "\u{1B}OP"), (.function(4), "\u{1B}OS"), (.function(5), "\u{1B}[15~"),
        (.function(12), "\u{1B}[24~"), (.function(13), "\u{1B}[1;2P"), (.control("w"), "\u{17}"),
        (.modified(.up, .shift), "\u{1B}[1;2A"), (.modified(.down, .shift), "\u{1B}O2B"),
    ]

    static func randomEvent(using random: inout SplitMix64) -> (InputEvent, [UInt8]) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            // A printable scalar: ASCII, or anywhere above the C1 controls but a surrogate.
            var value = UInt32.random(in: 0x20...0x10FFFF, using: &random)
            if Bool.random(using: &random) { value = UInt32.random(in: 0x20...0x7E, using: &random) }
            guard value != 0x7F, !(0x80...0x9F).contains(value), !(0xD800...0xDFFF).contains(value),
                  let scalar = Unicode.Scalar(value) else { return (.key(.character("x")), Array("x".utf8)) }
            return (.key(.character(Character(scalar))), Array(String(scalar).utf8))
        case 1:
            let (key, text) = namedKeys[Int.random(in: 0..<namedKeys.count, using: &random)]
            return (.key(key), Array(text.utf8))
        case 2, 3:
            // SGR: a button or the wheel, modifiers, press or release, anywhere up to 9999.
            let x = Int.random(in: 0..<9999, using: &random), y = Int.random(in: 0..<9999, using: &random)
            var modifiers: KeyModifiers = []
            var bits = 0
            if Bool.random(using: &random) { modifiers.insert(.shift); bits |= 4 }
            if Bool.random(using: &random) { modifiers.insert(.alt); bits |= 8 }
            if Bool.random(using: &random) { modifiers.insert(.control); bits |= 16 }
            let kinds: [(MouseEvent.Kind, Int, Character)] = [
                (.press(.left), 0, "M"), (.release(.left), 0, "m"), (.press(.middle), 1, "M"), (.release(.right), 2, "m"),
                (.wheelUp, 64, "M"), (.wheelDown, 65, "M"), (.wheelLeft, 66, "M"), (.wheelRight, 67, "M"),
                (.drag(.left), 32, "M"), (.drag(.right), 34, "M"),
            ]
            let (kind, code, final) = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            let text = "\u{1B}[<\(code | bits);\(x + 1);\(y + 1)\(final)"
            return (.mouse(MouseEvent(kind: kind, position: Point(x: x, y: y), modifiers: modifiers)), Array(text.utf8))
        case 4:
            // X10: a press and positions up to 223 (bytes beyond 127 included).
            let x = Int.random(in: 0..<223, using: &random), y = Int.random(in: 0..<223, using: &random)
            let button = Int.random(in: 0...2, using: &random)
            let kind = MouseEvent.Kind.press([MouseButton.left, .middle, .right][button])
            return (.mouse(MouseEvent(kind: kind, position: Point(x: x, y: y))),
                    [0x1B, 0x5B, 0x4D, UInt8(32 + button), UInt8(33 + x), UInt8(33 + y)])
        default:
            // A paste of random bytes without its end marker (Esc kept out), at least one byte.
            let count = Int.random(in: 1...40, using: &random)
            let text = String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))) })
                + (Bool.random(using: &random) ? "\r\n\u{1B}[A" : "")
            return (.paste(text), Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8))
        }
    }

    @Test("What the encoder writes (keys, SGR and X10 mouse, pastes) decodes back to the same events")
    func roundTrip() {
        var random = SplitMix64(seed: 2026)
        for round in 0..<300 {
            var expected: [InputEvent] = []
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                let (event, encoded) = Self.randomEvent(using: &random)
                expected.append(event)
                bytes += encoded
            }
            var decoder = InputDecoder()
            let events = Self.decodeInPieces(bytes, using: &random, into: &decoder) + decoder.flush()
            #expect(events == expected, "round \(round)")
        }
    }
}
