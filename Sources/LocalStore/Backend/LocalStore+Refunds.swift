import Foundation
import StorefrontModel

/// Refund requests and the App Store's decisions, as test controls: what each changes
/// reaches `updates()` the way the App Store would tell an app.
///
/// ```swift
/// try await store.requestRefund(transactionID: 7, reason: .unsatisfiedWithPurchase)
/// try await store.decideRefund(transactionID: 7, .grant)      // revoked: sent to updates()
/// try await store.reverseRefund(transactionID: 7)            // entitling again: sent to updates()
/// ```
extension LocalStore {
    /// The customer asks for a refund now (StoreKit's `beginRefundRequest`); nothing changes
    /// for the app until it is decided.
    @discardableResult
    public func requestRefund(
        transactionID: Int64, reason: RefundRequest.Reason = .other
    ) async throws -> RefundRequest {
        try await ledger.requestRefund(id: transactionID, reason: reason, at: try await storeNow())
    }

    /// Settles a refund now: a grant sends the revoked transaction to `updates()`; a decline
    /// changes nothing the app sees.
    @discardableResult
    public func decideRefund(
        transactionID: Int64, _ decision: Ledger.RefundDecision, reason: LedgerTransaction.RevocationReason = .other
    ) async throws -> LedgerEntry {
        let entry = try await ledger.decideRefund(id: transactionID, decision, reason: reason, at: try await storeNow())
        if decision != .decline { _ = handOut(entry) }
        return entry
    }

    /// Reverses a refund: the transaction, entitling again, goes to `updates()`.
    @discardableResult
    public func reverseRefund(transactionID: Int64) async throws -> LedgerEntry {
        let entry = try await ledger.reverseRefund(id: transactionID)
        _ = handOut(entry)
        return entry
    }
}
