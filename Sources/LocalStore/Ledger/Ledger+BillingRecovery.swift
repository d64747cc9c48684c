import Foundation

extension NotificationKind {
    /// A renewal that went through after billing failed: Apple's `DID_RENEW` `BILLING_RECOVERY`.
    static let billingRecovery = NotificationKind("DID_RENEW", "BILLING_RECOVERY")
}

extension Ledger {
    /// Records the renewal that ends a chain's billing issue, told as `DID_RENEW`
    /// `BILLING_RECOVERY`: the rows alone cannot tell it from a renewal recorded late, so
    /// the caller, who knows billing had failed, says so. Once per `attemptID`.
    ///
    /// ```swift
    /// let recovered = try await ledger.recordBillingRecovery(renewal, continuing: lapsed.id, attemptID: UUID())
    /// assert(recovered.transaction.originalID == lapsed.transaction.originalID)
    /// ```
    public func recordBillingRecovery(
        _ purchase: LedgerPurchase, continuing chainTransactionID: Int64, attemptID: UUID
    ) async throws(LedgerError) -> LedgerEntry {
        if let problem = purchase.problem { throw .invalidPurchase(problem) }
        let row = try await write(retryingLostConnections: true) { store in
            try await self.insertSubscription(
                purchase, continuing: chainTransactionID, replacing: nil, attemptID: attemptID, in: store,
                notifying: .billingRecovery
            )
        }
        return entry(row)
    }
}
