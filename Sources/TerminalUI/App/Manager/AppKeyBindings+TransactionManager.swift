import StorefrontModel

extension AppKeyBindings {
    /// T: the transaction manager, in the help bar of every screen when the app has one.
    static let openTransactionManager = KeyBinding([.char("T")], help: "transactions", action: AppAction.openTransactionManager)

    /// The transaction manager's tables: its list (Esc or q back to the screen it was opened
    /// from), its menus and its fields.
    static func managerTable(for context: Context) -> [KeyBinding<AppAction>] {
        switch context {
        case .managerMenu:
            [
                move,
                KeyBinding([.enter], help: "choose", action: .activate),
                KeyBinding([.esc, .char("q")], help: "cancel", action: .back),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
                jump, moveAliases,
            ]
        case .managerEntry:
            [
                KeyBinding([.enter], help: "done", action: .activate),
                KeyBinding([.esc], help: "cancel", action: .back),
                KeyBinding([.ctrl("c")], help: "quit", action: .quit),
            ]
        default:
            [
                move,
                KeyBinding([.enter], help: "actions", action: .activate),
                // Back before help: a narrow bar still says how to leave.
                KeyBinding([.esc, .char("q")], help: "back", action: .back),
                help,
                jump, moveAliases, quitAlias,
            ]
        }
    }
}

extension AppState {
    /// The key table of `context` in this app: T opens the transaction manager from the
    /// screens, when the app has one (never in a customer's session).
    func keyTable(for context: AppKeyBindings.Context) -> [KeyBinding<AppAction>] {
        let table = AppKeyBindings.table(for: context)
        guard options.transactionManager != nil else { return table }
        switch context {
        case .storeList, .shop, .offer, .purchases, .refundablePurchase:
            // Early in the bar, so a narrow one still shows it.
            var table = table
            table.insert(AppKeyBindings.openTransactionManager, at: min(2, table.count))
            return table
        default:
            return table
        }
    }
}
