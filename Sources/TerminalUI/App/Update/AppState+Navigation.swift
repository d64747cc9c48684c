import StorefrontModel

// What the shops show, and what reaches beyond one screen: opening, buying, the store
// buttons, going back.
extension AppState {
    // MARK: What a shop shows

    /// The rows a product-list shop shows now: its load, in its order, filtered; nil for
    /// a shop drawn as a picker.
    public func storeContent(for shop: StoreLayout.Shop) -> StoreViewContent? {
        guard case .store(let view)? = views[shop.id] else { return nil }
        return storeContent(for: shop, view: view)
    }

    /// For the shop on screen the rows are worked out once per load or filter change (by
    /// `update`), so a frame costs only the rows it shows, however many products there are.
    func storeContent(for shop: StoreLayout.Shop, view: StoreView) -> StoreViewContent {
        let filter = shopLists[shop.id]?.filterText
        if let shown = shownContent, shown.shopID == shop.id, shown.filter == filter, case .store(let content) = shown.content {
            return content
        }
        if let page = firstPage(of: shop) {
            return view.content(firstPage: page.products, unavailable: page.unavailable, filter: filter, language: language)
        }
        return view.content(for: products(of: shop), filter: filter, language: language)
    }

    /// The plans a subscription shop shows now, with the customer's standing in the group;
    /// nil for a shop drawn as a product list.
    public func pickerContent(for shop: StoreLayout.Shop) -> SubscriptionStoreContent? {
        guard case .subscriptions(let view)? = views[shop.id] else { return nil }
        return pickerContent(for: shop, view: view)
    }

    /// Until entitlements first load the picker shows its spinner, as StoreKit's does: the
    /// plans alone would offer "Subscribe" (or a trial) on what may be the current plan.
    /// When the standing cannot be read, the plans and prices show but nothing is offered
    /// (no trial, no Subscribe): the picker says so, and r retries. For the shop on screen
    /// they are worked out once per change (by `update`).
    func pickerContent(for shop: StoreLayout.Shop, view: SubscriptionStoreView) -> SubscriptionStoreContent {
        if let shown = shownContent, shown.shopID == shop.id, case .picker(let content) = shown.content {
            return content
        }
        let loaded = products(of: shop)
        let groupID = view.groupID ?? Self.groupID(of: loaded)
        if case .loading = store.entitlements {
            return view.content(for: .loading, standing: nil, groupDisplayName: shop.title)
        }
        if let error = store.entitlementsError {
            return view.content(for: loaded, standing: nil, groupDisplayName: shop.title).unreadableStanding(error.error)
        }
        let standing = groupID.flatMap { id in store.owned.map { SubscriptionStanding($0.subscriptionGroup(id)) } }
        return view.content(for: loaded, standing: standing, groupDisplayName: shop.title)
    }

    private static func groupID(of loaded: Product.CollectionTaskState) -> String? {
        guard case .success(let products, _) = loaded else { return nil }
        return products.lazy.compactMap(\.subscription?.subscriptionGroupID).first
    }

    /// Works out what the shop on screen shows again.
    mutating func refreshShownContent() {
        shownContent = nil
        guard let shop = currentShop else { return }
        switch views[shop.id] {
        case .store(let view)?:
            let content = storeContent(for: shop, view: view)
            shownContent = ShownContent(shopID: shop.id, filter: shopLists[shop.id]?.filterText, content: .store(content))
        case .subscriptions(let view)?:
            shownContent = ShownContent(shopID: shop.id, filter: nil, content: .picker(pickerContent(for: shop, view: view)))
        case nil:
            break
        }
    }

    /// Whether `shop` is a picker that could not read the customer's standing: r retries.
    func isStatusUnreadable(in shop: StoreLayout.Shop) -> Bool {
        shop.kind == .subscriptions && store.entitlementsError != nil
    }

    // MARK: Beyond one screen

    /// Opens a shop or the Purchases screen, and starts loading what it shows.
    mutating func open(_ item: StoreListItem) -> [AppEffect] {
        switch item {
        case .shop(let shop):
            screen = .shop(shop.id)
            let load = firstPageLoad(of: shop) ?? AppEffect.loadProducts(shop.productIDs, slot: shop.slot)
            // A picker shows the customer's plan: renewals or approvals recorded since
            // (by another process on the same ledger, say) should show too.
            return shop.kind == .subscriptions ? [load, .refreshEntitlements] : [load]
        case .purchases:
            screen = .purchases
            history = .loading
            let everything = layout.shops.flatMap(\.productIDs)
            return [.loadHistory, .refreshEntitlements, .loadProducts(everything, slot: Self.purchasesSlot)]
        }
    }

    /// The load slot of the products the Purchases screen names.
    static let purchasesSlot = LoadSlot("purchases")

    // MARK: A large list's first page

    /// How many products a large list loads first: more rows than a tall terminal shows.
    static let firstPageSize = 200

    /// The load slot of a large list's first page.
    static func firstPageSlot(of shop: StoreLayout.Shop) -> LoadSlot {
        LoadSlot(shop.slot.name + ":first page")
    }

    /// The load that starts a product list of more than five pages in the given order,
    /// never loaded before: its first page only, drawn while the store answers for the rest
    /// (`restOfList(after:)` asks for that). `nil` for every other shop.
    func firstPageLoad(of shop: StoreLayout.Shop) -> AppEffect? {
        guard case .store(let view)? = views[shop.id], view.order == .asGiven,
              view.productIDs.count > 5 * Self.firstPageSize, store.products[shop.slot] == nil else { return nil }
        return .loadProducts(Array(view.productIDs.prefix(Self.firstPageSize)), slot: Self.firstPageSlot(of: shop))
    }

    /// The current shop's first-page load, as far as it has come.
    var currentFirstPage: Product.CollectionTaskState? {
        currentShop.flatMap { store.products[Self.firstPageSlot(of: $0)] }
    }

    /// The whole list of each shop whose first page has just loaded.
    func restOfList(after previous: StoreData) -> [AppEffect] {
        layout.shops.compactMap { shop in
            let slot = Self.firstPageSlot(of: shop)
            guard store.products[shop.slot] == nil, Self.isLoaded(store.products[slot]),
                  !Self.isLoaded(previous.products[slot]) else { return nil }
            return .loadProducts(shop.productIDs, slot: shop.slot)
        }
    }

    /// Starts buying `product`, unless it cannot be bought now: another purchase or a
    /// restore is on its way, it is owned, or it waits for approval.
    mutating func buy(_ product: Product, in shop: StoreLayout.Shop) -> [AppEffect] {
        if storeContext.isIncluded(product), let version = store.originalAppVersion {
            // Paid to freemium: say why there is nothing to pay rather than ignore the key.
            overlays.alerts.append(Alert(
                kind: .info, title: language.text("Included"),
                message: language.text("%@ is yours: you first got the app at version %@, before it became a purchase.", product.displayName, version.description),
                language: language
            ))
            return []
        }
        guard !isPurchasing, !isRestoring, storeContext.canBuy(product) else { return [] }
        requestedPurchase = product.id
        return [.purchase(product, shop: shop.id)]
    }

    /// What a store button does.
    mutating func press(_ button: StoreButton) -> [AppEffect] {
        switch button.role {
        case .restorePurchases:
            return restore()
        case .termsOfService, .privacyPolicy:
            let link = button.url?.absoluteString ?? language.text("No link was given.")
            overlays.alerts.append(Alert(kind: .info, title: button.title(language: language), message: link, language: language))
            return []
        case .close:
            screen = .storeList
            return []
        case .signIn:
            guard let shop = currentShop else { return [] }
            return [.signIn(shop: shop.id)]
        case .redeemCode:
            overlays.redeemSheet = RedeemCodeSheet()
            return []
        }
    }

    /// Restore Purchases, unless a purchase or another restore is on its way.
    mutating func restore() -> [AppEffect] {
        guard !isRestoring, !isPurchasing else { return [] }
        isRestoring = true
        return [.restore]
    }

    /// r: retries what failed to load on the shop on screen, or restores purchases.
    mutating func retryOrRestore() -> [AppEffect] {
        if let shop = currentShop, case .failure = products(of: shop) {
            return [.loadProducts(shop.productIDs, slot: shop.slot)]
        }
        if let shop = currentShop, isStatusUnreadable(in: shop) {
            return [.refreshEntitlements]
        }
        return restore()
    }
}
