import Foundation
import GRDB

extension Ledger {
    /// Records a transaction in an existing subscription chain (same `originalID` and
    /// `originalPurchaseDate`): a renewal as another product, a plan change, or a new
    /// period after the chain lapsed.
    ///
    /// In the same database transaction it marks `replacedID` (the plan an upgrade
    /// replaces at once) as upgraded and signs it again, and drops the chain's renewal
    /// preference: the new transaction is what renews next. Like every purchase it is
    /// recorded once per `attemptID`.
    ///
    /// ```swift
    /// let upgrade = try await ledger.recordSubscriptionTransaction(
    ///     premium, continuing: basic.id, replacing: basic.id, attemptID: UUID()
    /// )
    /// assert(upgrade.transaction.originalID == basic.transaction.originalID)
    /// ```
    public func recordSubscriptionTransaction(
        _ purchase: LedgerPurchase, continuing chainTransactionID: Int64, replacing replacedID: Int64? = nil,
        attemptID: UUID
    ) async throws(LedgerError) -> LedgerEntry {
        if let problem = purchase.problem { throw .invalidPurchase(problem) }
        let row = try await write { db in
            let chain = try self.autoRenewable(id: chainTransactionID, in: db)
            if let recorded = try self.recordedRow(attemptID: attemptID, productID: purchase.productID, in: db) {
                return recorded
            }
            try self.requireVerified(chain)
            if let replacedID {
                _ = try self.resign(id: replacedID, in: db) { transaction in
                    guard !transaction.isUpgraded else { return false }
                    transaction.isUpgraded = true
                    return true
                }
            }
            try Self.saveRenewalPreference(nil, originalID: chain.transaction.originalID, in: db)
            return try self.insert(
                purchase, attemptID: attemptID,
                original: (chain.transaction.originalID, chain.transaction.originalPurchaseDate), in: db
            )
        }
        return entry(row)
    }
}
