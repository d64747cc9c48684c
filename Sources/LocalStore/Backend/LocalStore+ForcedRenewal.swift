import Foundation
import StorefrontModel

/// StoreKit Testing's `forceRenewalOfSubscription`: a subscription's renewal date comes now,
/// whatever store time says.
extension LocalStore {
    /// Renews the subscription to `productIdentifier` now, StoreKit Testing's
    /// `forceRenewalOfSubscription(productIdentifier:)`; with `billingFails`, the renewal
    /// fails for billing. See `forceRenewalOfSubscription(transactionID:billingFails:)`.
    ///
    /// ```swift
    /// let renewal = try await store.forceRenewalOfSubscription(productIdentifier: "pass.monthly")
    /// ```
    ///
    /// - Throws: `ForcedRenewalError.noSubscription` when no standing subscription is on that product.
    @discardableResult
    public func forceRenewalOfSubscription(productIdentifier: Product.ID, billingFails: Bool = false) async throws -> LedgerEntry {
        try await recordDueRenewals()
        guard let chain = try await allChains().last(where: { $0.isStanding && $0.current.transaction.productID == productIdentifier })
        else { throw ForcedRenewalError.noSubscription(productID: productIdentifier) }
        return try await forceRenewal(of: chain, billingFails: billingFails)
    }

    /// Renews the subscription `transactionID` belongs to (any of its transactions) now: its
    /// period ends now and the next begins, a new transaction sent to `updates()` (the app's
    /// server hears `DID_RENEW`), the renewal date one period from now. A renewal the App
    /// Store would not make at the period's end (auto-renew off, a price increase not agreed
    /// to, the product off sale) does not happen now either: the subscription lapses now.
    ///
    /// With `billingFails` (or `StoreControls.billingRetryOnRenewal` on) the renewal fails
    /// for billing now: the subscription enters billing retry, or a grace period first when
    /// `StoreControls.billingGracePeriod` is on; the app's server hears `DID_FAIL_TO_RENEW`
    /// (`GRACE_PERIOD` in a grace period), and it stays so until
    /// `resolveBillingIssue(forTransaction:)` or the end of billing retry.
    ///
    /// ```swift
    /// let lapsed = try await store.forceRenewalOfSubscription(transactionID: 1, billingFails: true)
    /// ```
    ///
    /// - Returns: The renewal; or, when it did not renew, the transaction whose period ended now.
    /// - Throws: `LedgerError.transactionNotFound` for a transaction the customer does not
    ///   have, `LedgerError.notAnAutoRenewableSubscription` for another kind of product,
    ///   `ForcedRenewalError.notInForce` for a subscription expired, refunded or held by a
    ///   billing issue.
    @discardableResult
    public func forceRenewalOfSubscription(transactionID: Int64, billingFails: Bool = false) async throws -> LedgerEntry {
        try await recordDueRenewals()
        guard let chain = try await allChains().first(where: { $0.entries.contains { $0.id == transactionID } }) else {
            if let entry = try await ledger.transactions().first(where: { $0.id == transactionID }) {
                throw LedgerError.notAnAutoRenewableSubscription(id: transactionID, productID: entry.transaction.productID)
            }
            throw LedgerError.transactionNotFound(id: transactionID)
        }
        return try await forceRenewal(of: chain, billingFails: billingFails)
    }

    private func forceRenewal(of chain: SubscriptionChain, billingFails: Bool) async throws -> LedgerEntry {
        let now = try await storeNow()
        let rules = renewalRules(for: chain)
        let state = chain.status(at: now, rules: rules).state
        guard chain.isStanding, state == .subscribed, let end = chain.current.transaction.expirationDate else {
            throw ForcedRenewalError.notInForce(
                originalTransactionID: chain.originalID, productID: chain.current.transaction.productID, state: state
            )
        }
        guard chain.renewalDate(at: end) != nil, let product = catalog.product(id: chain.renewsAs) else {
            let ended = try await ledger.expireSubscription(transactionID: chain.current.id, at: now)
            announceStatusChange(of: chain)
            return ended
        }
        if billingFails || rules.billingFails {
            let lapsed = try await ledger.recordFailedRenewal(
                of: chain.current.id, gracePeriod: rules.gracePeriod != nil, endingAt: now
            )
            announceStatusChange(of: chain)
            return lapsed
        }
        // The renewal's own attempt ID: a renewal pass of another process can never record it twice.
        let entry = try await ledger.recordRenewalNow(
            try await renewalPurchase(of: chain, as: product, from: now),
            continuing: chain.current.id, attemptID: Self.renewalAttemptID(of: chain.current.id)
        )
        _ = handOut(entry)
        return entry
    }

    /// Tells `updates()` that the status of `chain`'s group changed.
    func announceStatusChange(of chain: SubscriptionChain) {
        if let groupID = chain.groupID {
            emit(.subscriptionStatusChanged(groupID: groupID))
        }
    }
}
