import Foundation
import StorefrontModel

/// The store's test verbs, StoreKit Testing's `SKTestSession` methods. They work whether
/// or not a `Storefront` has opened (`isOpenForBusiness`), and what they change reaches
/// `updates()` the way the App Store would tell an app.
///
/// ```swift
/// if case .pending(let request) = try await store.buy("pass.monthly") {
///     let approved = try await store.approveAskToBuy(requestID: request.id) // also sent to updates()
///     _ = try await store.refund(transactionID: approved.id)
/// }
/// _ = try await store.advanceStoreTime(by: StoreTimeStep("1mo")!)
/// ```
extension LocalStore {
    /// Requests still waiting for approval, oldest first.
    public func pendingRequests() async throws -> [AskToBuyRequest] {
        try await ledger.askToBuyRequests().filter { $0.status == .pending }
    }

    /// Approves an Ask to Buy request (or resolves an interrupted purchase): makes the
    /// purchase now and sends it to `updates()`. A subscription follows the group's
    /// plan-change rules at approval, as buying it now would: a downgrade records no
    /// transaction and returns the plan in force. Approving twice returns the same entry.
    @discardableResult
    public func approveAskToBuy(requestID: Int64) async throws -> LedgerEntry {
        let now = try await storeNow()
        guard let request = try await ledger.askToBuyRequests().first(where: { $0.id == requestID }),
              request.purchase.productType == .autoRenewable
        else {
            let entry = try await ledger.approveAskToBuy(requestID: requestID, at: now)
            _ = handOut(entry)
            return entry
        }
        let entry = try await approveSubscription(request, at: now)
        // Only the approval's own transaction is news; the plan in force was handed out before.
        if entry.purchaseAttemptID == request.purchaseAttemptID { _ = handOut(entry) }
        return entry
    }

    /// Declines an Ask to Buy request: nothing is bought; `updates()` hears that the
    /// product no longer waits.
    @discardableResult
    public func declineAskToBuy(requestID: Int64) async throws -> AskToBuyRequest {
        let request = try await ledger.declineAskToBuy(requestID: requestID, at: try await storeNow())
        emit(.askToBuyDeclined(productID: request.productID))
        return request
    }

    /// Refunds (or, with another reason, revokes) a transaction now and sends the revoked
    /// transaction to `updates()`; it no longer entitles.
    @discardableResult
    public func refund(
        transactionID: Int64, reason: LedgerTransaction.RevocationReason = .other
    ) async throws -> LedgerEntry {
        let entry = try await ledger.revokeTransaction(id: transactionID, reason: reason, at: try await storeNow())
        _ = handOut(entry)
        return entry
    }

    /// Moves store time forward for every process on the ledger, records the renewals
    /// that fall due (sent to `updates()`), and returns the new store time.
    @discardableResult
    public func advanceStoreTime(by step: StoreTimeStep) async throws -> Date {
        let now = try await storeNow()
        _ = try await ledger.advanceStoreTime(by: step.date(after: now).timeIntervalSince(now))
        try await recordDueRenewals()
        return try await storeNow()
    }

    /// Ends the current period of `productID`'s subscription now, with auto-renew off,
    /// StoreKit Testing's `expireSubscription(productIdentifier:)`.
    ///
    /// - Throws: `Product.PurchaseError.productUnavailable` when no standing
    ///   subscription is on that product.
    public func expireSubscription(productID: Product.ID) async throws {
        try await recordDueRenewals()
        guard let chain = try await allChains().last(where: {
            $0.isStanding && $0.current.transaction.productID == productID
        }) else { throw Product.PurchaseError.productUnavailable }
        _ = try await ledger.expireSubscription(transactionID: chain.current.id, at: try await storeNow())
        try await setAutoRenew(false, in: chain)
    }

    /// Turns auto-renew on or off for the subscription chain of `transactionID`, StoreKit
    /// Testing's `enableAutoRenewForTransaction` / `disableAutoRenewForTransaction`: the app's
    /// server hears `DID_CHANGE_RENEWAL_STATUS`.
    public func setAutoRenew(_ enabled: Bool, forTransaction transactionID: Int64) async throws {
        guard let chain = try await allChains().first(where: { chain in
            chain.entries.contains { $0.id == transactionID }
        }) else { throw LedgerError.transactionNotFound(id: transactionID) }
        try await setAutoRenew(enabled, in: chain)
    }

    /// Deletes every transaction and Ask to Buy request, StoreKit Testing's
    /// `clearTransactions()`, and tells listeners (`.transactionsRemoved`).
    public func clearTransactions() async throws {
        try await ledger.clearTransactions()
        emit(.transactionsRemoved)
    }

    private func setAutoRenew(_ enabled: Bool, in chain: SubscriptionChain) async throws {
        let preference = RenewalPreference(productID: chain.renewsAs, willAutoRenew: enabled)
        try await ledger.setRenewalPreference(preference, originalID: chain.originalID)
        announceStatusChange(of: chain)
    }
}
