/// The built-in escape sequences: xterm's (with modifiers), rxvt's and the Linux console's keys,
/// and the SGR (1006) and X10 mouse reports. Each reads the complete sequence in `sequence`
/// (Esc first) and answers an event, or nil for one it does not know.
extension InputDecoder {
    /// Numbers separated by `;` in `bytes`: nil unless every byte is a digit or `;`, there are at
    /// most `count` numbers, and each has at most 5 digits (an empty one is nil in the array).
    static func parameters(_ bytes: ArraySlice<UInt8>, atMost count: Int) -> [Int?]? {
        var numbers: [Int?] = []
        var current: Int?
        var digits = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 5 else { return nil }
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                numbers.append(current)
                guard numbers.count < count else { return nil }
                current = nil
                digits = 0
            default:
                return nil
            }
        }
        numbers.append(current)
        return numbers
    }

    /// An xterm modifier parameter (1 + shift 1, alt 2, ctrl 4, meta 8) as the number to add to a
    /// function key, as terminfo numbers them (kf13 = Shift-F1, kf25 = Ctrl-F1, kf49 = Alt-F1).
    static func functionKeyOffset(modifier: Int?) -> Int {
        guard let modifier, modifier > 1 else { return 0 }
        let bits = modifier - 1
        return (bits & 1 != 0 ? 12 : 0) + (bits & 4 != 0 ? 24 : 0) + (bits & 2 != 0 ? 48 : 0)
    }

    /// Function key `number` shifted by `offset`, if it is a function key terminfo names (1-63).
    static func functionKey(_ number: Int, offset: Int = 0) -> InputEvent? {
        let shifted = number + offset
        return (1...63).contains(shifted) ? .key(.function(shifted)) : nil
    }

    /// `Esc [ params final`: cursor keys (Shift-Up and Shift-Down are keys of their own, other
    /// modifiers are ignored: Ctrl-Up is Up), Home/End, Shift-Tab, F1-F4 as xterm sends them
    /// modified, `n~` keys (and rxvt's `n^`, `n$`, `n@`), rxvt's shifted arrows.
    func controlSequenceKey() -> InputEvent? {
        guard let final = sequence.last,
              let numbers = Self.parameters(sequence[2..<(sequence.count - 1)], atMost: 2) else { return nil }
        let first = numbers.first ?? nil
        let modifier = numbers.count > 1 ? numbers[1] : nil
        switch final {
        case UInt8(ascii: "A"): return Self.verticalKey(.up, modifier: modifier)
        case UInt8(ascii: "B"): return Self.verticalKey(.down, modifier: modifier)
        case UInt8(ascii: "a"): return .key(.modified(.up, .shift))  // rxvt: Shift-Up
        case UInt8(ascii: "b"): return .key(.modified(.down, .shift))  // rxvt: Shift-Down
        case UInt8(ascii: "C"), UInt8(ascii: "c"): return .key(.right)
        case UInt8(ascii: "D"), UInt8(ascii: "d"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            return Self.functionKey(Int(final - UInt8(ascii: "P")) + 1, offset: Self.functionKeyOffset(modifier: modifier))
        case UInt8(ascii: "~"):
            return first.flatMap { Self.tildeKey($0, offset: Self.functionKeyOffset(modifier: modifier)) }
        case UInt8(ascii: "$"):
            return first.flatMap { Self.tildeKey($0, offset: 12) }  // rxvt: Shift
        case UInt8(ascii: "^"):
            return first.flatMap { Self.tildeKey($0, offset: 24) }  // rxvt: Ctrl
        case UInt8(ascii: "@"):
            return first.flatMap { Self.tildeKey($0, offset: 36) }  // rxvt: Ctrl-Shift
        default:
            return nil
        }
    }

    /// Up or Down with an xterm modifier parameter: Shift alone (2) makes it Shift-Up or
    /// Shift-Down; any other modifier leaves the plain key (as before Shift was told apart).
    static func verticalKey(_ key: Key, modifier: Int?) -> InputEvent {
        modifier == 2 ? .key(.modified(key, .shift)) : .key(key)
    }

    /// The key of `Esc [ n ~` (VT220 numbering); `offset` applies to function keys only.
    static func tildeKey(_ number: Int, offset: Int) -> InputEvent? {
        switch number {
        case 1, 7: return .key(.home)
        case 2: return .key(.insert)
        case 3: return .key(.delete)
        case 4, 8: return .key(.end)
        case 5: return .key(.pageUp)
        case 6: return .key(.pageDown)
        case 11...15: return functionKey(number - 10, offset: offset)
        case 17...21: return functionKey(number - 11, offset: offset)
        case 23, 24: return functionKey(number - 12, offset: offset)
        default: return nil
        }
    }

    /// `Esc O [modifier] final`: cursor keys, Home/End, F1-F4, and the keypad in application
    /// mode (Enter, digits, operators).
    func singleShiftKey() -> InputEvent? {
        if let key = keySequences[sequence] { return .key(key) }
        guard let final = sequence.last,
              let numbers = Self.parameters(sequence[2..<(sequence.count - 1)], atMost: 1) else { return nil }
        let modifier = numbers.first ?? nil
        switch final {
        case UInt8(ascii: "A"): return Self.verticalKey(.up, modifier: modifier)
        case UInt8(ascii: "B"): return Self.verticalKey(.down, modifier: modifier)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "M"): return .key(.enter)
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            return Self.functionKey(Int(final - UInt8(ascii: "P")) + 1, offset: Self.functionKeyOffset(modifier: modifier))
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            // The keypad: * + , - . / then 0-9, as `j` ... `y`.
            return .key(.character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*")))))
        case UInt8(ascii: "X"): return .key(.character("="))
        default: return nil
        }
    }

    /// `Esc [ [ A`-`E`: the Linux console's F1-F5.
    func linuxFunctionKey(_ final: UInt8) -> InputEvent? {
        if let key = keySequences[sequence] { return .key(key) }
        guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return nil }
        return Self.functionKey(Int(final - UInt8(ascii: "A")) + 1)
    }

    /// `Esc [ < button ; column ; row M` (press, wheel, drag) or `m` (release), 1-based. Exactly
    /// three numbers; motion without a button and buttons beyond the third are not events here.
    func sgrMouseEvent() -> InputEvent? {
        guard let final = sequence.last, final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
              let numbers = Self.parameters(sequence[3..<(sequence.count - 1)], atMost: 3), numbers.count == 3,
              let code = numbers[0], let column = numbers[1], let row = numbers[2],
              column >= 1, row >= 1 else { return nil }
        return Self.mouseEvent(code: code, isRelease: final == UInt8(ascii: "m"), releasedButton: nil,
                               position: Point(x: column - 1, y: row - 1))
    }

    /// `Esc [ M` and three bytes, each 32 more than its value: the button code, the 1-based
    /// column and row (up to 223). A release does not name its button: the last pressed one.
    mutating func x10MouseEvent() -> InputEvent? {
        let code = Int(sequence[3]) - 32, column = Int(sequence[4]) - 32, row = Int(sequence[5]) - 32
        guard code >= 0, column >= 1, row >= 1 else { return nil }
        let isRelease = code & 0b1100_0011 == 3
        let event = Self.mouseEvent(code: code, isRelease: isRelease, releasedButton: lastX10Button,
                                    position: Point(x: column - 1, y: row - 1))
        if !isRelease, case .mouse(let mouse)? = event, case .press(let button) = mouse.kind { lastX10Button = button }
        return event
    }

    /// The event of an xterm button code: bits 0-1 the button (3: released), 2 Shift, 3 Alt,
    /// 4 Ctrl, 5 motion, 6 wheel (then bits 0-1: up, down, left, right), 7 buttons 8-11.
    /// Motion with a button held is a drag (button-event mode, 1002); motion without one (any-
    /// event mode, 1003, not asked for), with the wheel bit or as a release is no event.
    static func mouseEvent(code: Int, isRelease: Bool, releasedButton: MouseButton?, position: Point) -> InputEvent? {
        guard code < 128 else { return nil }  // extra buttons
        if code & 32 != 0 {
            guard code & 64 == 0, !isRelease, let button = [MouseButton.left, .middle, .right, nil][code & 3] else { return nil }
            return .mouse(MouseEvent(kind: .drag(button), position: position, modifiers: heldKeys(ofButtonCode: code)))
        }
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard !isRelease else { return nil }  // a wheel turn has no release
            kind = [MouseEvent.Kind.wheelUp, .wheelDown, .wheelLeft, .wheelRight][code & 3]
        } else {
            let buttons: [MouseButton?] = [.left, .middle, .right, releasedButton]
            guard let button = buttons[code & 3] else { return nil }
            kind = isRelease ? .release(button) : .press(button)
        }
        return .mouse(MouseEvent(kind: kind, position: position, modifiers: heldKeys(ofButtonCode: code)))
    }

    /// The keys held, from bits 2-4 of an xterm button code.
    static func heldKeys(ofButtonCode code: Int) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
