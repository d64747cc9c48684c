import CNcursesw
import TerminalUI

/// Turns what `wget_wch` returns into `Key`s.
enum CursesKeyDecoder {
    /// A character (`wget_wch` returned OK): control characters become named keys.
    static func key(forCharacter value: wint_t) -> Key? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .esc
        case 0x7F, 0x08: return .backspace
        case 0x20: return .space
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60)))  // Ctrl-A is 1
        case 0x00, 0x1C...0x1F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// A function key (`wget_wch` returned KEY_CODE_YES).
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_BACKSPACE: .backspace
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        default: nil
        }
    }
}
