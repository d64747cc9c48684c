import StorefrontModel

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
        /// read (r retries), `hasButtons` when it shows store buttons, `enter` what Enter
        /// does on it now, `otherBillingPlan` what b turns the chosen plan to (nil: it has
        /// one way to pay).
        case shop(
            kind: StoreLayout.Shop.Kind, loadFailed: Bool, hasButtons: Bool = false, enter: ShopEnter = .buy, hasGroups: Bool = false,
            otherBillingPlan: Product.SubscriptionInfo.BillingPlanType? = nil
        )
        /// A `SubscriptionOfferView`: one plan, so no moving; `hasDetails` when it has a
        /// detail action (d).
        case offer(loadFailed: Bool, hasDetails: Bool, enter: ShopEnter)
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
        /// The transaction manager's list.
        case transactionManager
        /// Choosing from a transaction manager's menu.
        case managerMenu
        /// Typing into a transaction manager's field: only these keys are not typed.
        case managerEntry
        /// Your Purchases with a purchase selected that the customer may ask a refund of.
        case refundablePurchase
        /// The refund sheet: a reason to choose, Submit and Cancel.
        case refundRequest
    }

    /// What Enter does in a shop now, so the help bar never promises a purchase Enter will
    /// not start: it names the action, or says in brackets why there is none.
    public enum ShopEnter: Sendable, Hashable {
        /// Buys (or subscribes to) the selected product.
        case buy
        /// Presses the focused store button.
        case press
        /// Nothing: another purchase is with the store.
        case purchasing
        /// Nothing: the selected row is not sold in this storefront.
        case unavailable
        /// Nothing: the selected row is still loading, or could not be loaded.
        case loading
        /// Nothing: the customer has it (or it renews next).
        case owned
        /// Nothing: it waits for a parent's approval.
        case waiting
        /// Nothing: no row is selected (a filter matched none, say); not shown.
        case nothing

        /// The help bar's word for Enter in a shop of `kind`; empty hides it.
        func help(kind: StoreLayout.Shop.Kind, loadFailed: Bool) -> String {
            switch self {
            case .press: "press"
            case .buy: loadFailed ? "" : kind == .store ? "buy" : "subscribe"
            case .purchasing: "(buying)"
            case .unavailable: "(unavailable)"
            case .loading: loadFailed ? "" : "(loading)"
            case .owned: "(owned)"
            case .waiting: "(waiting for approval)"
            case .nothing: ""
            }
        }
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
    static let retry = KeyBinding([.char("r")], help: "retry", action: AppAction.restore)
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
        case .shop(let kind, let loadFailed, let hasButtons, let enter, let hasGroups, let otherBillingPlan):
            [move]
                // In the button row ← → go from button to button; in a picker's plans they
                // choose a plan, or an option group when the plans are grouped.
                + (enter == .press
                    ? [KeyBinding([.left: .chooseButton(by: -1), .right: .chooseButton(by: 1)], help: "button")]
                    : kind != .subscriptions ? []
                    : hasGroups ? [KeyBinding([.left: .chooseGroup(by: -1), .right: .chooseGroup(by: 1)], help: "group")]
                    : [KeyBinding([.left: .choosePlan(by: -1), .right: .choosePlan(by: 1)], help: "plan")])
                // Only what Enter does now, or why it does nothing; after a failed load r
                // matters more, so even a narrow bar shows it.
                + (loadFailed ? [retry] : [])
                + [KeyBinding([.enter], help: enter.help(kind: kind, loadFailed: loadFailed), action: .activate)]
                // The chosen plan's other way to pay, named by what it turns to.
                + (otherBillingPlan.map { [KeyBinding([.char("b")], help: $0 == .monthly ? "pay monthly" : "pay upfront", action: .switchBillingPlan)] } ?? [])
                + [
                    help, quit,
                    KeyBinding([.esc], help: "back", action: .back),
                ]
                + (loadFailed ? [] : [KeyBinding([.char("r")], help: "restore", action: .restore)])
                + (kind == .store ? [KeyBinding([.char("/")], help: "filter", action: .filter)] : [])
                + (hasButtons ? [focus] : []) + [jump, moveAliases, quitAlias] + (hasButtons ? [focusAlias] : [])
        case .offer(let loadFailed, let hasDetails, let enter):
            (loadFailed ? [retry] : [])
                + [KeyBinding([.enter], help: enter.help(kind: .offer, loadFailed: loadFailed), action: .activate)]
                + (hasDetails ? [KeyBinding([.char("d")], help: "details", action: .showDetails)] : [])
                + [help, quit, KeyBinding([.esc], help: "back", action: .back)]
                + (loadFailed ? [] : [KeyBinding([.char("r")], help: "restore", action: .restore)])
                + [quitAlias]
        case .purchases, .refundablePurchase:
            [move]
                + (context == .refundablePurchase ? [KeyBinding([.char("f")], help: "refund", action: .requestRefund)] : [])
                + [
                    help, quit,
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
        case .transactionManager, .managerMenu, .managerEntry:
            managerTable(for: context)
        case .refundRequest:
            [
                KeyBinding([.up: .move(by: -1), .down: .move(by: 1)], help: "reason"),
                KeyBinding([.enter], help: "choose", action: .activate),
                KeyBinding([.esc], help: "cancel", action: .cancel),
                KeyBinding([.tab], help: "switch", action: .cycleFocus(backwards: false)),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
                KeyBinding([.backTab: .cycleFocus(backwards: true), .left: .cycleFocus(backwards: true), .right: .cycleFocus(backwards: false)], help: ""),
                moveAliases,
            ]
        }
    }
}
