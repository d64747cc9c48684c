import Foundation
import StorefrontModel

extension AppState {
    /// Applies one message and returns the effects to run. Pure: no I/O, no clock, no
    /// randomness; the same state and message always give the same result.
    ///
    /// ```swift
    /// var state = AppState(layout: layout, size: TerminalSize(width: 80, height: 24))
    /// state.update(.key(.char("?")))   // []: the help overlay opens
    /// state.isShowingHelp              // true
    /// ```
    @discardableResult
    public mutating func update(_ message: AppMessage) -> [AppEffect] {
        let shown = screen
        var effects = apply(message)
        if shown != screen {
            effects += dataTaskEffects(leaving: shown) + releaseDeferredMessages()
        }
        effects += receiveStoreMessages()
        presentStoreMessage()
        keepCurrentScreen()
        return effects
    }

    /// A shop's view runs its data tasks while its screen shows, as StoreKit's `.task`-based
    /// modifiers run while their view is on screen.
    private func dataTaskEffects(leaving previous: Screen) -> [AppEffect] {
        var effects: [AppEffect] = []
        if case .shop(let id) = previous, views[id]?.modifiers.hasDataTasks == true {
            effects.append(.cancelDataTasks(shop: id))
        }
        if case .shop(let id) = screen, !hasQuit, views[id]?.modifiers.hasDataTasks == true {
            effects.append(.runDataTasks(shop: id))
        }
        return effects
    }

    static func isLoaded(_ state: Product.CollectionTaskState?) -> Bool {
        if case .success? = state { true } else { false }
    }

    private mutating func apply(_ message: AppMessage) -> [AppEffect] {
        switch message {
        case .key(let key):
            return handle(key)
        case .tick(let elapsed, let now):
            self.elapsed = elapsed
            self.now = now
            return []
        case .storeOpened(let data):
            let effects = storeChanged(to: data)
            if !data.deliveredWhileAway.isEmpty {
                overlays.alerts.append(.deliveredWhileAway(data.deliveredWhileAway.map(name(of:)), language: language))
            }
            return effects
        case .storeChanged(let data), .entitlementsRefreshed(_, let data):
            return storeChanged(to: data)
        case .productsLoaded(let slot, let loaded):
            var data = store
            data.products[slot] = loaded
            return storeChanged(to: data)
        case .confirmationRequested(let request):
            guard !hasQuit else { return [.confirm(requestID: request.id, confirmed: false)] }
            overlays.confirmation = Confirmation(request: request, sheet: sheet(for: request))
            overlays.isShowingHelp = false
            return []
        case .purchaseFinished(let product, let shopID, let result, let data):
            return storeChanged(to: data) + purchaseFinished(product, shopID: shopID, result.mapError(\.error))
        case .purchaseRefused(let productID):
            if requestedPurchase == productID { requestedPurchase = nil }
            return []
        case .restoreFinished(let result):
            isRestoring = false
            switch result {
            case .success(let owned): overlays.alerts.append(.restored(count: owned.purchasedProductIDs.count, language: language))
            case .failure(let failure): overlays.alerts.append(.restoreFailed(error: failure.error, language: language))
            }
            return screenEffects(after: .transactionEnded)
        case .redeemFinished(let code, let result):
            return redeemFinished(code: code, result)
        case .signedIn:
            if let account = options.account {
                overlays.alerts.append(Alert(
                    kind: .info, title: language.text("Signed In"), message: language.text("This storefront runs as %@.", account), language: language
                ))
            }
            return []
        case .historyLoaded(let result):
            switch result {
            case .success(let transactions):
                history = .loaded(transactions)
            case .failure(let failure):
                history = .failure(language.describe(failure.error))
            }
            return []
        case .managedItemsLoaded(let result):
            managedItemsLoaded(result)
            return []
        case .managerActionFinished(let action, let item, let result):
            return managerActionFinished(action, on: item, result)
        case .refundRequestFinished(let transactionID, let result):
            return refundRequestFinished(transactionID: transactionID, result)
        case .refundRequestsLoaded(let result):
            // Unread, the history just has no marks: the refunds themselves still show.
            if case .success(let requested) = result { refundRequested = requested }
            return []
        }
    }

    /// The sheet for a request: a plan of a subscription shop or an offer view says what
    /// subscribing means for the customer (its offer, upgrade, when a downgrade starts);
    /// anything else is a plain Buy.
    private func sheet(for request: PurchaseRequest) -> ConfirmationSheet {
        if let shop = layout.shop(id: request.shopID), let content = pickerContent(for: shop),
           let option = content.options.first(where: { $0.id == request.product.id }) {
            return ConfirmationSheet(option: option, in: content, context: storeContext)
        }
        // An offer view's plan: the terms of the offer it shows, which the purchase applies.
        if let shop = layout.shop(id: request.shopID), case .offer(let view)? = views[shop.id] {
            let content = OfferScreen.content(of: shop, view: view, filter: nil, in: self)
            if let option = content.option, option.id == request.product.id {
                return ConfirmationSheet(option: option, in: content.plans, context: storeContext)
            }
        }
        // A store row's billing plan or win-back offer, which the purchase applies.
        if let shop = layout.shop(id: request.shopID), let content = storeContent(for: shop) {
            if let monthly = storeListState(for: shop).monthlyPricingTerms(of: request.product) {
                return ConfirmationSheet(product: request.product, paidBy: monthly, language: language)
            }
            if let offer = content.offers[request.product.id] {
                return ConfirmationSheet(product: request.product, offer: offer, language: language)
            }
        }
        return ConfirmationSheet(product: request.product, language: language)
    }

    /// Takes in what the store reports. Handling the same data twice changes nothing and
    /// starts nothing, so the runtime may re-read the store whenever it likes.
    private mutating func storeChanged(to data: StoreData) -> [AppEffect] {
        // Read when its effect ended, then overtaken by a newer reading: applying it would
        // put back what has changed since (a list loading for good, though its products came).
        guard data.version >= store.version else { return [] }
        let previous = store
        store = data
        // Ask to Buy: a product that stops waiting was approved when the storefront counted
        // an approval of it, and declined otherwise.
        for id in previous.awaitingApproval.subtracting(data.awaitingApproval).sorted() where id != requestedPurchase {
            let approved = data.askToBuyApprovals[id, default: 0] > previous.askToBuyApprovals[id, default: 0]
            overlays.alerts.append(approved
                ? Alert(kind: .success, title: language.text("Approved"), message: language.text("%@ was approved and is yours.", name(of: id)), language: language)
                : Alert(kind: .info, title: language.text("Declined"), message: language.text("The request to buy %@ was declined.", name(of: id)), language: language))
        }
        return screenEffects(after: .storeChanged(from: previous, to: data)) + restOfList(after: previous)
    }

    private mutating func purchaseFinished(
        _ product: Product, shopID: StoreLayout.Shop.ID, _ result: Result<Product.PurchaseResult, any Error>
    ) -> [AppEffect] {
        if requestedPurchase == product.id { requestedPurchase = nil }
        if overlays.confirmation?.request.product.id == product.id { overlays.confirmation = nil }
        if case .success(.success(.verified(let plan))) = result, let groupID = product.subscription?.subscriptionGroupID,
           Alert.offerWaits(for: product, plan: plan, renewal: store.owned?.subscriptionGroup(groupID).renewalInfo) {
            // An offer on the plan in force, or a lower one: it waits for the next renewal.
            overlays.alerts.append(.offerAtNextRenewal(code: nil, product: product, plan: plan, timeZone: options.timeZone, language: language))
        } else if let alert = Alert(purchaseOf: product, result: result, timeZone: options.timeZone, language: language) {
            // A completion action of the shop's own takes over errors, as in StoreKit.
            let isError = alert.kind == .error || alert.kind == .warning
            if !isError || !hasCompletionAction(shopID: shopID) {
                overlays.alerts.append(alert)
            }
        }
        return screenEffects(after: .transactionEnded)
    }

    /// The purchase actions of a shop's view, inside the app's own.
    public func purchaseActions(shopID: StoreLayout.Shop.ID) -> PurchaseActions {
        guard let view = views[shopID] else { return options.purchaseActions }
        let actions = view.modifiers.purchaseActions(inside: options.purchaseActions)
        guard let shop = layout.shop(id: shopID) else { return actions }
        // Read now, when the purchase starts: the offer on screen is the one applied.
        let offers = view.purchaseOptions(for: shop, in: self).filter { !$0.value.isEmpty }
        return offers.isEmpty ? actions : actions.inAppPurchaseOptions { product in offers[product.id] ?? [] }
    }

    /// Whether purchases in a shop end in a completion action instead of the default.
    func hasCompletionAction(shopID: StoreLayout.Shop.ID) -> Bool {
        purchaseActions(shopID: shopID).completionAction != nil
    }
}
