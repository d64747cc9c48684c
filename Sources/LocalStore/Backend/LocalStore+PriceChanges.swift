import Foundation
import StorefrontModel

/// Price changes as test controls, StoreKit Testing's price-increase verbs
/// (`requestPriceIncreaseConsentForTransaction`, `consentToPriceIncreaseForTransaction`,
/// `declinePriceIncreaseForTransaction`) and App Store Connect's Remove from Sale. Each
/// reaches `updates()` as a status change and the server as a notification.
///
/// ```swift
/// let raised = try await store.increasePrice(of: "pass.monthly", to: 4.99)   // PRICE_INCREASE PENDING
/// try await store.consentToPriceIncrease(transactionID: raised[0].originalID)  // PRICE_INCREASE ACCEPTED
/// try await store.removeFromSale(productID: "pass.yearly")  // subscribers lapse at renewal
/// ```
extension LocalStore {
    /// Raises `productID`'s price to `price` for its existing subscribers: every standing
    /// chain of the account that renews as it. With `requiresConsent`, each waits for the
    /// customer (`PRICE_INCREASE` `PENDING`, the consent message in the app) and lapses at
    /// its renewal unless they agree; without, the next renewal bills it (`ACCEPTED`).
    ///
    /// - Returns: The increases recorded, oldest chain first.
    /// - Throws: `PriceChangeError` for a product that is not a subscription, a price not
    ///   above the current one, or no subscriber.
    @discardableResult
    public func increasePrice(of productID: Product.ID, to price: Decimal, requiresConsent: Bool = true) async throws -> [PriceIncrease] {
        guard let product = catalog.product(id: productID), product.type == .autoRenewable else {
            throw PriceChangeError.notASubscription(productID: productID)
        }
        try await recordDueRenewals()
        let now = try await storeNow()
        let chains = try await allChains().filter { chain in
            chain.isStanding && chain.renewsAs == productID && chain.status(at: now, rules: renewalRules(for: chain)).state != .expired
        }
        guard !chains.isEmpty else { throw PriceChangeError.noSubscribers(productID: productID) }
        let current = chains.map { $0.raisedPrice ?? product.price }.max() ?? product.price
        guard price > current else { throw PriceChangeError.notAnIncrease(productID: productID, price: price, current: current) }
        var recorded: [PriceIncrease] = []
        for chain in chains {
            let increase = PriceIncrease(
                originalID: chain.originalID, productID: productID, price: price, requiresConsent: requiresConsent,
                status: requiresConsent ? .pending : .accepted, date: now
            )
            try await ledger.recordPriceIncrease(increase, current: chain.current.transaction)
            recorded.append(increase)
        }
        emitStatusChanges(of: chains)
        return recorded
    }

    /// The customer agrees to the price increase of `transactionID`'s subscription (any
    /// transaction of the chain): the next renewal bills the new price.
    @discardableResult
    public func consentToPriceIncrease(transactionID: Int64) async throws -> PriceIncrease {
        try await answerPriceIncrease(transactionID: transactionID, accepted: true)
    }

    /// The customer declines the price increase of `transactionID`'s subscription: it does
    /// not renew, and expires at its renewal date with `didNotConsentToPriceIncrease`.
    @discardableResult
    public func declinePriceIncrease(transactionID: Int64) async throws -> PriceIncrease {
        try await answerPriceIncrease(transactionID: transactionID, accepted: false)
    }

    /// The app's answer to the price-consent message: `consentToPriceIncrease` or `declinePriceIncrease`.
    public func answerPriceIncrease(originalTransactionID: Transaction.ID, consented: Bool) async throws {
        let id = Int64(clamping: originalTransactionID)
        if consented {
            try await consentToPriceIncrease(transactionID: id)
        } else {
            try await declinePriceIncrease(transactionID: id)
        }
    }

    /// Removes `productID` from sale for every customer: nobody can buy it (it loads as
    /// unavailable, a purchase fails with `productUnavailable`), and its subscribers lapse at
    /// their renewal, `EXPIRED` `PRODUCT_NOT_FOR_SALE`. With `false`, back on sale.
    public func setRemovedFromSale(_ removed: Bool, productID: Product.ID) async throws {
        guard catalog.product(id: productID) != nil else { throw Product.PurchaseError.productUnavailable }
        // Renewals due before the change happen as they would have.
        try await recordDueRenewals()
        try await ledger.setRemovedFromSale(removed, productID: productID)
        emit(.productsChanged([productID]))
        emitStatusChanges(of: try await allChains().filter { $0.renewsAs == productID })
    }

    /// Whether `productID` is removed from sale now.
    public func isRemovedFromSale(_ productID: Product.ID) async throws -> Bool {
        try await ledger.productsRemovedFromSale().contains(productID)
    }

    private func answerPriceIncrease(transactionID: Int64, accepted: Bool) async throws -> PriceIncrease {
        try await recordDueRenewals()
        let now = try await storeNow()
        // Past the renewal date the subscription has expired: there is nothing left to agree to.
        guard let chain = try await allChains().first(where: { chain in chain.entries.contains { $0.id == transactionID } }),
              chain.awaitsPriceConsent, chain.current.transaction.expirationDate.map({ now < $0 }) ?? false,
              let answered = try await ledger.answerPriceIncrease(accepted: accepted, current: chain.current.transaction)
        else { throw PriceChangeError.noPendingIncrease(transactionID: transactionID) }
        emitStatusChanges(of: [chain])
        return answered
    }

    private func emitStatusChanges(of chains: [SubscriptionChain]) {
        for groupID in Set(chains.compactMap(\.groupID)).sorted() {
            emit(.subscriptionStatusChanged(groupID: groupID))
        }
    }
}
