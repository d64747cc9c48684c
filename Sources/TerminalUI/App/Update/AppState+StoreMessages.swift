import StorefrontModel

/// The App Store's messages as the app receives them: once, when the customer's standing
/// first loads (price-increase consents first, then win-back offers); each shown, deferred or
/// suppressed as `AppOptions.onStoreMessage` decides.
struct StoreMessageQueue: Sendable, Hashable {
    /// Whether the messages of this launch were received.
    var received = false
    /// To show, first first, as soon as nothing else is over the screen and the plans loaded.
    var waiting: [Message] = []
    /// Deferred by the app: they wait until the customer next comes back to the store list.
    var deferred: [Message] = []
    /// The price increases already received, by original transaction and price: one comes
    /// whenever the store has one, not only at launch, and once.
    var priceIncreasesReceived: Set<String> = []
}

extension AppState {
    /// Receives the launch's messages once the customer's standing is known, and a price
    /// increase whenever one arrives, and loads the plans the ones to show are about.
    mutating func receiveStoreMessages() -> [AppEffect] {
        guard let owned = store.owned else { return [] }
        var arrived = newPriceIncreaseConsents(in: owned)
        if !storeMessages.received {
            storeMessages.received = true
            arrived += Message.billingIssues(in: owned) + Message.winBackOffers(in: owned)
        }
        guard !arrived.isEmpty else { return [] }
        for message in arrived {
            switch options.disposition(of: message) {
            case .show: storeMessages.waiting.append(message)
            case .defer: storeMessages.deferred.append(message)
            case .suppress: break
            }
        }
        return plansForWaitingMessages()
    }

    /// The price increases waiting for consent that were not received yet.
    private mutating func newPriceIncreaseConsents(in owned: CustomerEntitlements) -> [Message] {
        Message.priceIncreaseConsents(in: owned).filter { message in
            guard let renewal = owned.subscriptionGroup(message.subscriptionGroupID ?? "").renewalInfo else { return false }
            let key = "\(renewal.originalTransactionID) \(renewal.renewalPrice ?? 0)"
            return storeMessages.priceIncreasesReceived.insert(key).inserted
        }
    }

    /// Back on the store list: the deferred messages' turn.
    mutating func releaseDeferredMessages() -> [AppEffect] {
        guard screen == .storeList, !storeMessages.deferred.isEmpty else { return [] }
        storeMessages.waiting += storeMessages.deferred
        storeMessages.deferred = []
        return plansForWaitingMessages()
    }

    /// Shows the first waiting message when nothing else is over the screen and its plans
    /// have loaded; drops one whose group no picker sells or whose offer no plan has.
    mutating func presentStoreMessage() {
        guard overlays.keyContext == nil, let message = storeMessages.waiting.first else { return }
        guard let shop = messageShop(for: message) else {
            storeMessages.waiting.removeFirst()
            return
        }
        switch store.products[shop.slot] {
        case .success(let products, _)?:
            storeMessages.waiting.removeFirst()
            if message.reason == .priceIncreaseConsent {
                presentPriceIncrease(message, products: products, shopID: shop.id)
                return
            }
            if message.reason == .billingIssue {
                let planID = message.subscriptionGroupID.flatMap { store.owned?.subscriptionGroup($0).billingIssueProductID }
                guard let product = products.first(where: { $0.id == planID }) else { return }
                overlays.storeMessage = StoreMessageSheet(billingIssue: message, product: product, shopID: shop.id, language: language)
                return
            }
            for product in products {
                guard let offer = product.subscription?.winBackOffers.first(where: { $0.id == message.offerID }) else { continue }
                overlays.storeMessage = StoreMessageSheet(
                    message: message, product: product, offer: offer, shopID: shop.id, language: language
                )
                return
            }
        case .failure?:
            storeMessages.waiting.removeFirst()
        case .loading?, nil:
            return
        }
    }

    /// Taking a message's offer: the plan's picker opens with the plan chosen, and its
    /// purchase is asked for (the picker's win-back offer applies, its sheet confirms). A
    /// billing issue's Continue only opens the picker, where the plan says what to do.
    mutating func takeOffer(of sheet: StoreMessageSheet) -> [AppEffect] {
        guard let shop = layout.shop(id: sheet.shopID) else { return [] }
        typealias PickerState = ShopScreenState<SubscriptionStoreState, SubscriptionStoreContent>
        var kept = screenStates[.shop(shop.id), as: PickerState.self] ?? PickerState(selection: SubscriptionStoreState(), shown: nil)
        kept.selection.selectedID = sheet.sheet.product.id
        screenStates[.shop(shop.id)] = kept
        guard sheet.message.reason == .winBackOffer else { return open(.shop(shop)) }
        return open(.shop(shop)) + buy(sheet.sheet.product, in: shop)
    }

    /// The consent sheet of `message`'s price increase, for the plan that renews, at the
    /// price it renews at; nothing when the customer no longer has one to answer.
    private mutating func presentPriceIncrease(_ message: Message, products: [Product], shopID: StoreLayout.Shop.ID) {
        guard let groupID = message.subscriptionGroupID, let renewal = store.owned?.subscriptionGroup(groupID).renewalInfo,
              renewal.priceIncreaseStatus == .pending, let price = renewal.renewalPrice,
              let product = products.first(where: { $0.id == (renewal.autoRenewPreference ?? renewal.currentProductID) })
        else { return }
        overlays.storeMessage = StoreMessageSheet(
            priceIncrease: message, product: product, renewalPrice: price, shopID: shopID, language: language
        )
    }

    /// Agree or Decline on a price-increase sheet: the store hears the answer.
    mutating func answerPriceIncrease(of sheet: StoreMessageSheet, consented: Bool) -> [AppEffect] {
        guard let groupID = sheet.message.subscriptionGroupID,
              let renewal = store.owned?.subscriptionGroup(groupID).renewalInfo
        else { return [] }
        return [.answerPriceIncrease(originalTransactionID: renewal.originalTransactionID, consented: consented)]
    }

    /// The subscription shop that sells `message`'s group.
    private func messageShop(for message: Message) -> StoreLayout.Shop? {
        layout.shops.first { shop in
            guard case .subscriptions(let view)? = views[shop.id] else { return false }
            return (view.groupID ?? shop.groupID) == message.subscriptionGroupID
        }
    }

    private func plansForWaitingMessages() -> [AppEffect] {
        let shops = storeMessages.waiting.compactMap(messageShop(for:)).filter { store.products[$0.slot] == nil }
        return shops.uniqued(by: \.id).map { .loadProducts($0.productIDs, slot: $0.slot) }
    }
}
