/// The key tables of the app, one per screen and overlay. Dispatch and the help bar both
/// read them, so what the help shows is what the keys do.
///
/// ```swift
/// let table = AppKeyBindings.table(for: .shop(kind: .store, loadFailed: false))
/// table.action(for: .enter)                                   // .activate
/// table.action(for: .pageDown)                                // .page(by: 1)
/// table.helpLine(width: 80, options: RenderOptions())         // "↑/↓/k/j move  enter buy  …"
/// ```
public enum AppKeyBindings {
    /// Which table applies.
    public enum Context: Sendable, Hashable {
        case storeList
        /// A shop; `loadFailed` when its products or the customer's standing could not be
        /// read (r retries), `hasButtons` when it shows store buttons, `buttonFocused` when
        /// Enter presses one.
        case shop(kind: StoreLayout.Shop.Kind, loadFailed: Bool, hasButtons: Bool = false, buttonFocused: Bool = false)
        case purchases
        /// Typing into a filter line: only these keys are not typed.
        case filterEntry
        case help
        case confirmation
        case alert
        /// A yes-or-no question, such as quitting during a purchase.
        case question
        /// Typing an offer code into the Redeem Code sheet: only these keys are not typed.
        case redeemCode
    }

    // Each action is listed once with its main keys and a label; aliases follow with no
    // label, so the help bar stays short and the help overlay lists them with the action.
    // Help and quit come right after a screen's main keys, so even a narrow bar shows them.
    static let move = KeyBinding([.up: AppAction.move(by: -1), .down: .move(by: 1)], help: "move")
    static let moveAliases = KeyBinding([.char("k"): AppAction.move(by: -1), .char("j"): .move(by: 1)], help: "")
    static let jump = KeyBinding(
        [.pageUp: AppAction.page(by: -1), .pageDown: .page(by: 1), .home: .toStart, .end: .toEnd], help: "jump"
    )
    static let help = KeyBinding([.char("?")], help: "help", action: AppAction.help)
    static let quit = KeyBinding([.char("q")], help: "quit", action: AppAction.quit)
    static let quitAlias = KeyBinding([.ctrl("c")], help: "", action: AppAction.quit)
    static let focus = KeyBinding([.tab], help: "buttons", action: AppAction.cycleFocus(backwards: false))
    static let focusAlias = KeyBinding([.backTab], help: "", action: AppAction.cycleFocus(backwards: true))

    /// The table for `context`, in help-bar order: what matters most first.
    public static func table(for context: Context) -> [KeyBinding<AppAction>] {
        switch context {
        case .storeList:
            [
                move,
                KeyBinding([.enter], help: "open", action: .activate),
                help, quit,
                KeyBinding([.char("/")], help: "filter", action: .filter),
                KeyBinding([.char("r")], help: "restore", action: .restore),
                jump, moveAliases, quitAlias,
            ]
        case .shop(let kind, let loadFailed, let hasButtons, let buttonFocused):
            [move]
                + (kind == .subscriptions ? [KeyBinding([.left: .choosePlan(by: -1), .right: .choosePlan(by: 1)], help: "plan")] : [])
                + [
                    // Only what Enter does now: press the focused button, or buy what can be bought.
                    KeyBinding([.enter], help: buttonFocused ? "press" : loadFailed ? "" : kind == .subscriptions ? "subscribe" : "buy", action: .activate),
                    help, quit,
                    KeyBinding([.esc], help: "back", action: .back),
                    KeyBinding([.char("r")], help: loadFailed ? "retry" : "restore", action: .restore),
                ]
                + (kind == .store ? [KeyBinding([.char("/")], help: "filter", action: .filter)] : [])
                + (hasButtons ? [focus] : []) + [jump, moveAliases, quitAlias] + (hasButtons ? [focusAlias] : [])
        case .purchases:
            [
                move, help, quit,
                KeyBinding([.esc], help: "back", action: .back),
                KeyBinding([.char("r")], help: "restore", action: .restore),
                KeyBinding([.char("/")], help: "filter", action: .filter),
                focus, jump,
                KeyBinding([.enter], help: "", action: .activate),
                moveAliases, quitAlias, focusAlias,
            ]
        case .filterEntry:
            [
                KeyBinding([.enter], help: "done", action: .activate),
                KeyBinding([.esc], help: "clear", action: .back),
                KeyBinding([.up: .move(by: -1), .down: .move(by: 1)], help: "move"),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
            ]
        case .help:
            [
                KeyBinding([.esc, .char("?")], help: "close", action: .help),
                quit, quitAlias,
            ]
        case .confirmation:
            [
                KeyBinding([.enter], help: "choose", action: .activate),
                KeyBinding([.char("y")], help: "confirm", action: .confirm),
                KeyBinding([.esc, .char("n")], help: "cancel", action: .cancel),
                KeyBinding([.tab], help: "switch", action: .cycleFocus(backwards: false)),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
                KeyBinding([.backTab: .cycleFocus(backwards: true), .left: .cycleFocus(backwards: true), .right: .cycleFocus(backwards: false)], help: ""),
            ]
        case .alert:
            [
                KeyBinding([.enter, .esc], help: "close", action: .dismiss),
                quit, quitAlias,
                KeyBinding([.space], help: "", action: .dismiss),
            ]
        case .question:
            [
                KeyBinding([.enter], help: "choose", action: .activate),
                KeyBinding([.char("y")], help: "yes", action: .confirm),
                KeyBinding([.esc, .char("n")], help: "no", action: .cancel),
                KeyBinding([.tab], help: "switch", action: .cycleFocus(backwards: false)),
                KeyBinding([.backTab: .cycleFocus(backwards: true), .left: .cycleFocus(backwards: true), .right: .cycleFocus(backwards: false)], help: ""),
                // A second Ctrl-C means it.
                KeyBinding([.ctrl("c")], help: "", action: .confirm),
            ]
        case .redeemCode:
            [
                KeyBinding([.enter], help: "redeem", action: .activate),
                KeyBinding([.esc], help: "cancel", action: .cancel),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
            ]
        }
    }
}
