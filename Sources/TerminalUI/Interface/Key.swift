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
        case .enter: options.text("enter")
        case .esc: options.text("esc")
        case .tab: options.text("tab")
        case .backTab: options.text("shift-tab")
        case .space: options.text("space")
        case .backspace: options.text("backspace")
        case .pageUp: options.text("pgup")
        case .pageDown: options.text("pgdn")
        case .home: options.text("home")
        case .end: options.text("end")
        case .char(let character): String(character)
        case .ctrl(let character): options.text("ctrl-%@", String(character))
        case .resize: options.text("resize")
        case .mouse: options.text("click")
        }
    }
}
