import Foundation
import StorefrontModel

extension LocalStore {
    /// Resolves the billing issue of the subscription `transactionID` belongs to (any of
    /// its transactions), StoreKit Testing's `resolveIssueForTransaction(identifier:)`: the
    /// customer fixed their payment method and the renewal goes through now. The renewal
    /// is recorded and sent to `updates()`, the app's server hears `DID_RENEW`
    /// `BILLING_RECOVERY`, and the renewal info leaves billing retry and grace. As on the
    /// App Store, recovered within a grace period the renewal date stays; recovered in
    /// billing retry, the new period starts now.
    ///
    /// Renewals keep failing while `StoreControls.billingRetryOnRenewal` is on: the next one
    /// fails again, as in StoreKit Testing.
    ///
    /// ```swift
    /// let renewal = try await store.resolveBillingIssue(forTransaction: lapsed.id)
    /// ```
    ///
    /// - Throws: `LedgerError.transactionNotFound` for a transaction the customer does not
    ///   have; `BillingIssueError.noBillingIssue` when its subscription is not in billing
    ///   retry or a grace period.
    @discardableResult
    public func resolveBillingIssue(forTransaction transactionID: Int64) async throws -> LedgerEntry {
        try await recordDueRenewals()
        guard let chain = try await allChains().first(where: { $0.entries.contains { $0.id == transactionID } }) else {
            throw LedgerError.transactionNotFound(id: transactionID)
        }
        let now = try await storeNow()
        let state = chain.status(at: now, rules: renewalRules(for: chain)).state
        guard state == .inGracePeriod || state == .inBillingRetryPeriod, let expiration = chain.current.transaction.expirationDate else {
            throw BillingIssueError.noBillingIssue(
                originalTransactionID: chain.originalID, productID: chain.current.transaction.productID, state: state
            )
        }
        guard let product = catalog.product(id: chain.renewsAs) else { throw Product.PurchaseError.productUnavailable }
        let purchase = try await billedRenewal(
            subscriptionPurchase(
                of: product, from: state == .inGracePeriod ? expiration : now,
                offer: carriedOffer(in: chain, renewingAs: product), appAccountToken: chain.current.transaction.appAccountToken
            ),
            of: chain, as: product
        )
        // The renewal's own attempt ID: a renewal pass of another process can never record it twice.
        let entry = try await ledger.recordBillingRecovery(
            purchase, continuing: chain.current.id, attemptID: Self.renewalAttemptID(of: chain.current.id)
        )
        _ = handOut(entry)
        return entry
    }
}
