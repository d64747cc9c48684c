import Foundation

extension Storefront {
    /// Loads the ledger and the subscription statuses again and derives what the customer
    /// owns (see `CustomerEntitlements` for the rules) at the clock's current time.
    /// Statuses are asked for every subscription group the ledger mentions and every group
    /// of the products loaded (a picker's group, even for a customer who never subscribed:
    /// as StoreKit's picker does, it asks, and a status it cannot read is a failure).
    ///
    /// The first failure is kept as `.failure` in `snapshot.entitlements`; later failures
    /// keep the last good answer and are only thrown.
    ///
    /// ```swift
    /// let owned = try await storefront.refreshEntitlements()
    /// print(owned.purchasedProductIDs.sorted())
    /// ```
    @discardableResult
    public func refreshEntitlements() async throws -> CustomerEntitlements {
        refreshGeneration += 1
        let generation = refreshGeneration
        do {
            let transactions = try await backend.allTransactions()
            let groupIDs = Set(transactions.compactMap(\.unsafePayloadValue.subscriptionGroupID)).union(loadedGroupIDs).sorted()
            var statuses: [Product.SubscriptionInfo.Status] = []
            for groupID in groupIDs {
                statuses += try await backend.subscriptionStatuses(for: groupID)
            }
            let owned = CustomerEntitlements(transactions: transactions, statuses: statuses, now: clock.now)
            // A refresh that started later has newer data; only the latest one is shown.
            if generation == refreshGeneration {
                if state.entitlementsError != nil {
                    state.entitlementsError = nil
                    emit(.entitlementsChanged)
                }
                apply(owned)
            }
            return owned
        } catch {
            logger.warning("Entitlements not loaded: \(error)")
            if generation == refreshGeneration {
                state.entitlementsError = error
                if state.entitlements.value == nil { state.entitlements = .failure(error) }
                emit(.entitlementsChanged)
            }
            throw error
        }
    }

    /// The subscription groups of the products loaded in any slot.
    private var loadedGroupIDs: Set<String> {
        var groups: Set<String> = []
        for case .success(let products, _) in state.products.values {
            for product in products {
                if let groupID = product.subscription?.subscriptionGroupID { groups.insert(groupID) }
            }
        }
        return groups
    }

    /// Restores purchases: asks the backend to sync, then refreshes entitlements.
    /// Call it only when the customer asks to.
    ///
    /// ```swift
    /// let owned = try await storefront.restorePurchases()
    /// print(owned.purchasedProductIDs.isEmpty ? "Nothing to restore" : "Restored")
    /// ```
    @discardableResult
    public func restorePurchases() async throws -> CustomerEntitlements {
        try await backend.sync()
        return try await refreshEntitlements()
    }

    /// Marks a transaction as delivered. Needed only with a custom completion action;
    /// otherwise the storefront finishes verified transactions itself.
    ///
    /// ```swift
    /// let actions = PurchaseActions().onInAppPurchaseCompletion { product, result in
    ///     if case .success(.success(.verified(let transaction))) = result {
    ///         try? await storefront.finish(transaction)
    ///     }
    /// }
    /// ```
    public func finish(_ transaction: Transaction) async throws {
        try await backend.finish(transaction)
    }

    func finishLogged(_ transaction: Transaction) async {
        do {
            try await backend.finish(transaction)
        } catch {
            logger.warning("Transaction \(transaction.id) not finished: \(error)")
        }
    }

    /// Handles a transaction from the backend's updates: passes it on, refreshes what the
    /// customer owns, then finishes it if verified.
    func deliver(_ result: VerificationResult<Transaction>) async {
        transactionBroadcast.send(result)
        _ = try? await refreshEntitlements()
        // Only now, so nobody sees an approved product neither waiting nor owned (and takes
        // it for declined).
        if approveAskToBuy(of: result.unsafePayloadValue.productID) {
            emit(.purchaseStateChanged)
        }
        if case .verified(let transaction) = result { await finishLogged(transaction) }
    }

    /// Sends the transactions left unfinished last time to `transactionUpdates()` again,
    /// refreshes entitlements, then finishes the verified ones.
    func redeliverUnfinishedTransactions() async {
        let unfinished: [VerificationResult<Transaction>]
        do {
            unfinished = try await backend.unfinishedTransactions()
        } catch {
            logger.warning("Unfinished transactions not loaded: \(error)")
            unfinished = []
        }
        for result in unfinished {
            transactionBroadcast.send(result)
        }
        _ = try? await refreshEntitlements()
        for case .verified(let transaction) in unfinished {
            state.deliveredWhileAway.append(transaction.productID)
            await finishLogged(transaction)
        }
    }

    private func apply(_ owned: CustomerEntitlements) {
        let previous = state.entitlements.value
        state.entitlements = .success(owned)
        if previous != owned {
            emit(.entitlementsChanged)
            refreshCustomerStanding()
        }
        if previous?.purchasedProductIDs != owned.purchasedProductIDs
            || previous?.consumableCounts != owned.consumableCounts {
            delegate?.storefrontDidUpdatePurchasedProducts(self)
            notificationCenter.post(
                name: .storefrontDidUpdatePurchasedProducts, object: self,
                userInfo: [StorefrontNotificationKey.purchasedProductIDs: owned.purchasedProductIDs]
            )
        }
        openIfReady()
    }
}

extension Storefront {
    /// Ends the wait of `productID` for Ask to Buy approval as approved; whether it waited.
    func approveAskToBuy(of productID: Product.ID) -> Bool {
        guard state.awaitingApproval.remove(productID) != nil else { return false }
        state.askToBuyApprovals[productID, default: 0] += 1
        return true
    }
}
