/// Turns the bytes a terminal sends into events: keys (UTF-8 characters, control keys, the
/// escape sequences of special keys), mouse reports (SGR 1006 and X10) and bracketed pastes.
///
/// The contract (see docs/decisions/0078-own-input-decoder.md):
/// - Any byte stream is accepted: nothing traps, and memory is bounded: at most
///   `maximumSequenceLength` bytes of an escape sequence and `maximumPasteBytes` of a paste are
///   held, whatever arrives.
/// - A sequence that is malformed, too long or unknown yields no event; decoding goes on after it.
/// - The events do not depend on how the bytes were split into `decode` calls.
/// - An Esc, or a sequence cut short, is held until more bytes come or `flush()` says the input
///   went quiet (the caller waits `escapeDelayMilliseconds`): then a lone Esc is the Esc key,
///   Esc plus one byte is Esc and that key (Alt-key), a longer unfinished sequence is dropped.
///
/// `keySequences` are the terminal's own (from terminfo); they are looked up first, then the
/// common xterm, rxvt and Linux console forms decode. Pure: no I/O.
public struct InputDecoder: Sendable {
    /// Bytes of one escape sequence held at most; a longer one is skipped up to its end.
    public static let maximumSequenceLength = 32
    /// Bytes of one paste kept; the rest of it, up to its end marker, is dropped.
    public static let maximumPasteBytes = 1 << 20
    /// How long a caller waits for the rest of a sequence before calling `flush()`.
    public static let escapeDelayMilliseconds = 25

    /// The terminal's key sequences (each starting with Esc), looked up before the built-in forms.
    public let keySequences: [[UInt8]: Key]

    enum State: Sendable {
        case ground
        /// After Esc.
        case escape
        /// After Esc `[`: parameter and intermediate bytes until a final byte.
        case controlSequence
        /// After Esc `[` `[` (the Linux console's F1-F5): one more byte.
        case linuxFunctionKey
        /// After Esc `O`: digits (a modifier) until a final byte.
        case singleShift
        /// After Esc `[` `M`: the three bytes of an X10 mouse report.
        case x10Mouse
        /// A sequence longer than `maximumSequenceLength`: dropped up to its final byte.
        case skipping
        /// Inside a UTF-8 character: `remaining` continuation bytes to come.
        case utf8(remaining: Int)
        /// Inside a bracketed paste: bytes until Esc `[201~`.
        case paste
    }

    var state = State.ground
    /// The bytes of the sequence or UTF-8 character being read (at most `maximumSequenceLength`).
    var sequence: [UInt8] = []
    /// The paste being read (at most `maximumPasteBytes`).
    var pasteBytes: [UInt8] = []
    /// Whether bytes of the paste were dropped.
    var pasteWasCut = false
    /// How many bytes of the paste's end marker have matched so far.
    var pasteEndMatched = 0
    /// The button of the last X10 press (an X10 release does not say which button).
    var lastX10Button = MouseButton.left
    /// Events decoded by the current call.
    var events: [InputEvent] = []

    static let escapeByte: UInt8 = 0x1B
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// A decoder that knows `keySequences` (the terminal's own, e.g. from terminfo) besides the
    /// built-in forms. Sequences that do not start with Esc, or are longer than
    /// `maximumSequenceLength`, are left out.
    public init(keySequences: [[UInt8]: Key] = [:]) {
        self.keySequences = keySequences.filter {
            $0.key.count >= 2 && $0.key.count <= Self.maximumSequenceLength && $0.key[0] == Self.escapeByte
        }
        sequence.reserveCapacity(Self.maximumSequenceLength)
    }

    /// Whether an Esc or an unfinished sequence is held: if no byte comes within
    /// `escapeDelayMilliseconds`, call `flush()`. (A paste waits for its end marker instead.)
    public var isWaitingForMoreBytes: Bool {
        switch state {
        case .escape, .controlSequence, .linuxFunctionKey, .singleShift, .x10Mouse, .skipping: return true
        case .ground, .utf8, .paste: return false
        }
    }

    /// Whether a bracketed paste is being read (its bytes are text until the end marker).
    public var isReadingPaste: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Decodes `bytes`, returning the events they complete (in order).
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        events.removeAll(keepingCapacity: true)
        for byte in bytes { consume(byte) }
        return events
    }

    /// The input went quiet: a held Esc is the Esc key (Esc `[` and Esc `O` are Esc and that
    /// character, as Alt-`[` would be); a longer unfinished sequence is dropped.
    public mutating func flush() -> [InputEvent] {
        events.removeAll(keepingCapacity: true)
        switch state {
        case .escape:
            events.append(.key(.escape))
            state = .ground
        case .controlSequence, .singleShift:
            if sequence.count == 2 {
                events.append(.key(.escape))
                events.append(.key(.character(Character(Unicode.Scalar(sequence[1])))))
            }
            state = .ground
        case .linuxFunctionKey, .x10Mouse, .skipping:
            state = .ground
        case .ground, .utf8, .paste:
            break
        }
        if case .ground = state { sequence.removeAll(keepingCapacity: true) }
        return events
    }

    // MARK: - The state machine

    mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            consumeInGround(byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                sequence.append(byte)
                state = .controlSequence
            case UInt8(ascii: "O"):
                sequence.append(byte)
                state = .singleShift
            case Self.escapeByte:
                events.append(.key(.escape))  // Esc Esc: the first is a key, the second may start a sequence
            default:
                events.append(.key(.escape))  // Alt-key: Esc, then the key
                abandonSequence(reconsidering: byte)
            }
        case .controlSequence:
            consumeInControlSequence(byte)
        case .linuxFunctionKey:
            guard byte >= 0x20 && byte < 0x7F else { return abandonSequence(reconsidering: byte) }
            sequence.append(byte)
            finishSequence(linuxFunctionKey(byte))
        case .singleShift:
            switch byte {
            case 0x30...0x3F where sequence.count < 6:
                sequence.append(byte)
            case 0x40...0x7E:
                sequence.append(byte)
                finishSequence(singleShiftKey())
            default:
                abandonSequence(reconsidering: byte)
            }
        case .x10Mouse:
            sequence.append(byte)  // raw: any byte is a coordinate
            if sequence.count == 6 { finishSequence(x10MouseEvent()) }
        case .skipping:
            switch byte {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default: abandonSequence(reconsidering: byte)
            }
        case .utf8(let remaining):
            guard byte & 0xC0 == 0x80 else { return abandonSequence(reconsidering: byte) }
            sequence.append(byte)
            if remaining > 1 {
                state = .utf8(remaining: remaining - 1)
            } else {
                finishSequence(utf8Character())
            }
        case .paste:
            consumeInPaste(byte)
        }
    }

    private mutating func consumeInGround(_ byte: UInt8) {
        switch byte {
        case Self.escapeByte:
            sequence.removeAll(keepingCapacity: true)
            sequence.append(byte)
            state = .escape
        case 0x20..<0x7F:
            events.append(.key(.character(Character(Unicode.Scalar(byte)))))
        case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
            sequence.removeAll(keepingCapacity: true)
            sequence.append(byte)
            state = .utf8(remaining: byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1)
        default:
            if let key = Self.controlKey(byte) { events.append(.key(key)) }  // other bytes: not a key
        }
    }

    private mutating func consumeInControlSequence(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "$"):
            // rxvt's shifted keys end in `$` (`Esc [2$`); no key sequence uses it as an intermediate.
            sequence.append(byte)
            finishControlSequence()
        case 0x20...0x3F:
            guard sequence.count < Self.maximumSequenceLength else {
                state = .skipping
                return
            }
            sequence.append(byte)
        case 0x40...0x7E:
            if sequence.count == 2 && byte == UInt8(ascii: "[") {
                sequence.append(byte)
                state = .linuxFunctionKey
            } else if sequence.count == 2 && byte == UInt8(ascii: "M") {
                sequence.append(byte)
                state = .x10Mouse
            } else {
                sequence.append(byte)
                finishControlSequence()
            }
        default:
            abandonSequence(reconsidering: byte)
        }
    }

    /// A complete control sequence: the terminal's keys first, then a paste's start, a mouse
    /// report, the built-in key forms.
    private mutating func finishControlSequence() {
        if let key = keySequences[sequence] { return finishSequence(.key(key)) }
        if sequence == Self.pasteStart {
            sequence.removeAll(keepingCapacity: true)
            pasteBytes.removeAll(keepingCapacity: true)
            pasteWasCut = false
            pasteEndMatched = 0
            state = .paste
            return
        }
        if sequence.count > 3 && sequence[2] == UInt8(ascii: "<") { return finishSequence(sgrMouseEvent()) }
        finishSequence(controlSequenceKey())
    }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)

    private mutating func consumeInPaste(_ byte: UInt8) {
        if byte == Self.pasteEnd[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == Self.pasteEnd.count { finishPaste() }
            return
        }
        // The bytes that looked like the end marker were text; this one may start it again.
        if pasteEndMatched > 0 {
            for index in 0..<pasteEndMatched { appendPasted(Self.pasteEnd[index]) }
            pasteEndMatched = 0
            if byte == Self.escapeByte {
                pasteEndMatched = 1
                return
            }
        }
        appendPasted(byte)
    }

    private mutating func appendPasted(_ byte: UInt8) {
        if pasteBytes.count < Self.maximumPasteBytes {
            pasteBytes.append(byte)
        } else {
            pasteWasCut = true
        }
    }

    private mutating func finishPaste() {
        var text = String(decoding: pasteBytes, as: UTF8.self)
        // A character cut in two by the limit is dropped, not shown as a replacement character.
        if pasteWasCut && text.unicodeScalars.last == "\u{FFFD}" { text.unicodeScalars.removeLast() }
        pasteBytes.removeAll(keepingCapacity: pasteBytes.capacity <= 1 << 16)
        pasteEndMatched = 0
        state = .ground
        if !text.isEmpty { events.append(.paste(text)) }
    }

    /// Ends the sequence being read with `event` (nil: it meant nothing).
    private mutating func finishSequence(_ event: InputEvent?) {
        if let event { events.append(event) }
        sequence.removeAll(keepingCapacity: true)
        state = .ground
    }

    /// Drops the unfinished sequence; `byte`, which broke it, is read afresh.
    private mutating func abandonSequence(reconsidering byte: UInt8) {
        sequence.removeAll(keepingCapacity: true)
        state = .ground
        consumeInGround(byte)
    }

    /// The key of a control byte: Enter, Tab, Backspace, Ctrl-letter; nil for the others.
    static func controlKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(byte + 96)))
        default: return nil
        }
    }

    /// The character of the UTF-8 bytes in `sequence`; nil when they are not valid UTF-8
    /// (overlong, a surrogate, beyond U+10FFFF) or a C1 control.
    private func utf8Character() -> InputEvent? {
        var iterator = sequence.makeIterator()
        var codec = UTF8()
        guard case .scalarValue(let scalar) = codec.decode(&iterator), iterator.next() == nil,
              !(0x80...0x9F).contains(scalar.value) else { return nil }
        return .key(.character(Character(scalar)))
    }
}
