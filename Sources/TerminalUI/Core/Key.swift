/// One input event from the terminal: a key press, a resize or a mouse click.
///
/// ```swift
/// let key = Key.ctrl("c")
/// key.label(options: RenderOptions())  // "ctrl-c"
/// Key.down.label(options: RenderOptions(ascii: true))  // "down"
/// ```
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case enter, esc, tab, backTab, space, backspace
    case pageUp, pageDown, home, end
    /// A printable character other than space.
    case char(Character)
    /// Control plus a letter, as a lower-case letter: Ctrl-A is `.ctrl("a")`.
    case ctrl(Character)
    /// The terminal changed size; the new size in columns and rows.
    case resize(width: Int, height: Int)
    /// A mouse click at a cell.
    case mouse(x: Int, y: Int)

    /// How the help bar names this key.
    public func label(options: RenderOptions) -> String {
        switch self {
        case .up: options.glyph(.arrowUp)
        case .down: options.glyph(.arrowDown)
        case .left: options.glyph(.arrowLeft)
        case .right: options.glyph(.arrowRight)
        case .enter: "enter"
        case .esc: "esc"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .space: "space"
        case .backspace: "backspace"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .char(let character): String(character)
        case .ctrl(let character): "ctrl-\(character)"
        case .resize: "resize"
        case .mouse: "click"
        }
    }
}
