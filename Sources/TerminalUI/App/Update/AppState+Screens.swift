import StorefrontModel

// The screens as features: which one is on show, and handing it actions.
extension AppState {
    /// The screen on show, as the feature that takes its keys and draws it, made around
    /// the state the app keeps for it. A new screen is registered here and nowhere else.
    var currentScreen: any AppScreen {
        let appLayout = AppLayout(size: size)
        let context = storeContext
        switch screen {
        case .storeList:
            return StoreListScreen(list: storeList, layout: layout, appLayout: appLayout, context: context, owned: store.owned)
        case .purchases:
            return PurchasesScreen(list: purchasesList, content: PurchasesContent(state: self), appLayout: appLayout, options: options.render)
        case .shop(let id):
            // Shops open only from the layout, and every shop of it has a view.
            guard let shop = layout.shop(id: id), let view = views[id] else { preconditionFailure("no shop \(id)") }
            let failed = if case .failure = products(of: shop) { true } else { isStatusUnreadable(in: shop) }
            let setting = ShopSetting(shop: shop, loadFailed: failed, appLayout: appLayout, context: context)
            switch view {
            case .store(let view):
                return ProductListScreen(
                    setting: setting, view: view, list: shopLists[id] ?? StoreListState(), content: storeContent(for: shop, view: view)
                )
            case .subscriptions(let view):
                return PickerScreen(
                    setting: setting, view: view, picker: pickers[id] ?? SubscriptionStoreState(), content: pickerContent(for: shop, view: view)
                )
            }
        }
    }

    /// Hands an action to the screen on show, keeps its new state, and does what it asks.
    mutating func updateScreen(_ action: ScreenAction) -> [AppEffect] {
        var current = currentScreen
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
        }
    }

    /// The filter of the current screen, when one is set.
    var currentFilter: String? {
        currentScreen.filterText
    }
}
