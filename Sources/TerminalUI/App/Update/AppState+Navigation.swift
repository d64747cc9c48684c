import StorefrontModel

// What reaches beyond one screen: opening, buying, the store buttons, going back.
extension AppState {
    /// Whether `shop` is a picker that could not read the customer's standing: r retries.
    func isStatusUnreadable(in shop: StoreLayout.Shop) -> Bool {
        shop.kind != .store && store.entitlementsError != nil
    }

    // MARK: Beyond one screen

    /// Opens a shop or the Purchases screen, and starts loading what it shows.
    mutating func open(_ item: StoreListItem) -> [AppEffect] {
        switch item {
        case .shop(let shop):
            screen = .shop(shop.id)
            let load = firstPageLoad(of: shop) ?? AppEffect.loadProducts(shop.productIDs, slot: shop.slot)
            return [load] + screenEffects(after: .opened)
        case .purchases:
            screen = .purchases
            history = .loading
            return screenEffects(after: .opened)
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
        guard let productIDs = views[shop.id]?.productIDsInOrder,
              productIDs.count > 5 * Self.firstPageSize, store.products[shop.slot] == nil else { return nil }
        return .loadProducts(Array(productIDs.prefix(Self.firstPageSize)), slot: Self.firstPageSlot(of: shop))
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
