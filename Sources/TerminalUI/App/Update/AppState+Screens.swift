import StorefrontModel

// The screens as features: which one is on show, and handing it actions and news.
extension AppState {
    /// The screen on show, as the feature that takes its keys and draws it, made around
    /// the state it keeps in `screenStates`. The screens are listed here; a shop's screen
    /// is the one its `ShopView` makes.
    var currentScreen: any AppScreen {
        let appLayout = AppLayout(size: size)
        let context = storeContext
        switch screen {
        case .storeList:
            return StoreListScreen(list: storeList, layout: layout, appLayout: appLayout, context: context, owned: store.owned)
        case .purchases:
            return PurchasesScreen(
                list: purchasesList, content: PurchasesContent(state: self), appLayout: appLayout, options: options.render,
                productIDs: layout.shops.flatMap(\.productIDs)
            )
        case .transactionManager:
            let dateLocale = dateLocale, timeZone = options.timeZone
            return TransactionManagerScreen(
                state: screenStates[.transactionManager] ?? TransactionManagerState(returnScreen: .storeList), appLayout: appLayout,
                options: options.render, refundReasons: options.transactionManager?.refundReasons ?? [],
                productIDs: layout.shops.flatMap(\.productIDs), names: { name(of: $0) },
                date: { PurchasesContent.historyDate($0, withTime: $1, locale: dateLocale, timeZone: timeZone) }
            )
        case .shop(let id):
            // Shops open only from the layout, and every shop of it has a view.
            guard let shop = layout.shop(id: id), let view = views[id] else { preconditionFailure("no shop \(id)") }
            let failed = if case .failure = products(of: shop) { true } else { isStatusUnreadable(in: shop) }
            return view.screen(ShopSetting(shop: shop, loadFailed: failed, appLayout: appLayout, context: context), in: self)
        }
    }

    /// Hands an action to `current`, the screen on show, keeps its new state, and does
    /// what it asks.
    mutating func send(_ current: any AppScreen, _ action: ScreenAction) -> [AppEffect] {
        var current = current
        let request = current.update(action)
        current.save(into: &self)
        switch request {
        case nil:
            return []
        case .open(let item):
            return open(item)
        case .buy(let product):
            guard let shop = currentShop else { return [] }
            return buy(product, in: shop)
        case .press(let button):
            return press(button)
        case .show(let alert):
            overlays.alerts.append(alert)
            return []
        case .runDetailAction:
            return currentShop.map { [.detailAction(shop: $0.id)] } ?? []
        case .manage(let action, let item):
            return [.manage(action, item)]
        case .leaveTransactionManager(let previous):
            screen = previous
            return []
        case .requestRefund(let transaction):
            overlays.refundSheet = RefundRequestSheet(transaction: transaction, name: name(of: transaction.productID))
            return []
        }
    }

    /// The filter of the current screen, when one is set.
    var currentFilter: String? {
        currentScreen.filterText
    }

    /// What the screen on show asks of the store after `news`.
    func screenEffects(after news: ScreenNews) -> [AppEffect] {
        currentScreen.effects(after: news)
    }

    /// Keeps what the screen on show shows now, worked out again only if what it is made
    /// from changed, so frames draw it without working it out.
    mutating func keepCurrentScreen() {
        currentScreen.save(into: &self)
    }
}
