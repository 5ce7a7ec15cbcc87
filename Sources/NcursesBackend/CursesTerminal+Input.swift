@preconcurrency import CNcursesw
import Glibc
import TerminalSurface

extension CursesTerminal {
    /// Waits for the next key, click, wheel turn or resize.
    ///
    /// Returns nil when the timeout passes, or at once when a quit signal has arrived (the
    /// caller checks `terminationSignal`).
    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        setTimeout(timeoutMilliseconds.map { Int32(clamping: $0) } ?? -1)
        while true {
            if terminationSignal != 0 { return nil }
            var character: wint_t = 0
            let status = wget_wch(stdscr, &character)
            if status == ERR {
                // A timeout, or a signal interrupted the read; a blocking wait tries again.
                if timeoutMilliseconds != nil || terminationSignal != 0 { return nil }
                if errno != EINTR { usleep(10_000) }  // stdin at end of file: never spin
                continue
            }
            if status == KEY_CODE_YES {
                if let event = decodeKeyCode(Int32(character)) { return event }
            } else if let key = Self.decodeCharacter(UInt32(character)) {
                return .key(key)
            }
            if timeoutMilliseconds != nil { return nil }
        }
    }

    private func setTimeout(_ milliseconds: Int32) {
        if milliseconds != currentTimeoutValue {
            wtimeout(stdscr, milliseconds)
            currentTimeoutValue = milliseconds
        }
    }

    /// A character `wget_wch` returned: control codes become keys, the rest characters.
    static func decodeCharacter(_ code: UInt32) -> Key? {
        switch code {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func decodeKeyCode(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        case KEY_F0 + 1...KEY_F0 + 24: return .key(.function(Int(code - KEY_F0)))
        case KEY_RESIZE:
            let newSize = Size(width: Int(dt_getmaxx(stdscr)), height: Int(dt_getmaxy(stdscr)))
            updateSize(newSize)
            return .resize(newSize)
        case KEY_MOUSE:
            return decodeMouse()
        default:
            return nil
        }
    }

    /// Turns ncurses' mouse state into events. A press and release that arrived in one read are
    /// merged by ncurses into CLICKED; it is handed out as a press followed by a release.
    private func decodeMouse() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let position = Point(x: Int(event.x), y: Int(event.y))
        var modifiers: KeyModifiers = []
        if state & dt_BUTTON_SHIFT != 0 { modifiers.insert(.shift) }
        if state & dt_BUTTON_CTRL != 0 { modifiers.insert(.control) }
        if state & dt_BUTTON_ALT != 0 { modifiers.insert(.alt) }
        func make(_ kind: MouseEvent.Kind) -> InputEvent { .mouse(MouseEvent(kind: kind, position: position, modifiers: modifiers)) }
        if state & dt_BUTTON4_PRESSED != 0 { return make(.wheelUp) }
        if state & dt_BUTTON5_PRESSED != 0 { return make(.wheelDown) }
        if state & dt_BUTTON1_CLICKED != 0 {
            pendingEvents.append(make(.release(.left)))
            return make(.press(.left))
        }
        if state & dt_BUTTON1_PRESSED != 0 { return make(.press(.left)) }
        if state & dt_BUTTON1_RELEASED != 0 { return make(.release(.left)) }
        if state & dt_BUTTON2_PRESSED != 0 { return make(.press(.middle)) }
        if state & dt_BUTTON2_RELEASED != 0 { return make(.release(.middle)) }
        if state & dt_BUTTON3_PRESSED != 0 { return make(.press(.right)) }
        if state & dt_BUTTON3_RELEASED != 0 { return make(.release(.right)) }
        return nil
    }
}
