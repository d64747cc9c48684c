/// The key tables of the app, one per screen and overlay. Dispatch and the help bar both
/// read them, so what the help shows is what the keys do.
///
/// ```swift
/// let table = AppKeyBindings.table(for: .shop(kind: .store, loadFailed: false))
/// table.action(for: .enter)                                   // .activate
/// table.helpLine(width: 80, options: RenderOptions())         // "↑/↓/k/j move  enter buy  …"
/// ```
public enum AppKeyBindings {
    /// Which table applies.
    public enum Context: Sendable, Hashable {
        case storeList
        case shop(kind: StoreLayout.Shop.Kind, loadFailed: Bool)
        case purchases
        /// Typing into a filter line: only these keys are not typed.
        case filterEntry
        case help
        case confirmation
        case alert
    }

    static let moveKeys: [Key] = [.up, .down, .char("k"), .char("j")]
    static let jumpKeys: [Key] = [.pageUp, .pageDown, .home, .end]
    static let quitKeys: [Key] = [.char("q"), .ctrl("c")]

    /// The table for `context`, in help-bar order.
    public static func table(for context: Context) -> [KeyBinding<AppAction>] {
        switch context {
        case .storeList:
            [
                KeyBinding(moveKeys, help: "move", action: .move),
                KeyBinding([.enter], help: "open", action: .activate),
                KeyBinding([.char("/")], help: "filter", action: .filter),
                KeyBinding([.char("r")], help: "restore", action: .restore),
                KeyBinding([.char("?")], help: "help", action: .help),
                KeyBinding(quitKeys, help: "quit", action: .quit),
                KeyBinding(jumpKeys, help: "", action: .jump),
            ]
        case .shop(let kind, let loadFailed):
            [KeyBinding(moveKeys, help: kind == .subscriptions ? "plan" : "move", action: .move)]
                + (kind == .subscriptions ? [KeyBinding([.left, .right], help: "plan", action: .choosePlan)] : [])
                + [
                    KeyBinding([.enter], help: kind == .subscriptions ? "subscribe" : "buy", action: .activate),
                    KeyBinding([.tab, .backTab], help: "buttons", action: .cycleFocus),
                    KeyBinding([.esc], help: "back", action: .back),
                    KeyBinding([.char("r")], help: loadFailed ? "retry" : "restore", action: .restore),
                ]
                + (kind == .store ? [KeyBinding([.char("/")], help: "filter", action: .filter)] : [])
                + [
                    KeyBinding([.char("?")], help: "help", action: .help),
                    KeyBinding(quitKeys, help: "quit", action: .quit),
                    KeyBinding(jumpKeys, help: "", action: .jump),
                ]
        case .purchases:
            [
                KeyBinding(moveKeys, help: "move", action: .move),
                KeyBinding([.tab, .backTab], help: "buttons", action: .cycleFocus),
                KeyBinding([.enter], help: "", action: .activate),
                KeyBinding([.esc], help: "back", action: .back),
                KeyBinding([.char("r")], help: "restore", action: .restore),
                KeyBinding([.char("/")], help: "filter", action: .filter),
                KeyBinding([.char("?")], help: "help", action: .help),
                KeyBinding(quitKeys, help: "quit", action: .quit),
                KeyBinding(jumpKeys, help: "", action: .jump),
            ]
        case .filterEntry:
            [
                KeyBinding([.enter], help: "done", action: .activate),
                KeyBinding([.esc], help: "clear", action: .back),
                KeyBinding([.up, .down], help: "move", action: .move),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
            ]
        case .help:
            [
                KeyBinding([.esc, .char("?")], help: "close", action: .help),
                KeyBinding(quitKeys, help: "quit", action: .quit),
            ]
        case .confirmation:
            [
                KeyBinding([.char("y")], help: "confirm", action: .confirm),
                KeyBinding([.esc, .char("n")], help: "cancel", action: .cancel),
                KeyBinding([.enter], help: "choose", action: .activate),
                KeyBinding([.tab, .backTab, .left, .right], help: "switch", action: .cycleFocus),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
            ]
        case .alert:
            [
                KeyBinding([.enter, .esc, .space], help: "close", action: .dismiss),
                KeyBinding(quitKeys, help: "quit", action: .quit),
            ]
        }
    }
}
