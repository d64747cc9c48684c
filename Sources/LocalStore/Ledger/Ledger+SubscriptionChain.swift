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
            try self.insertSubscription(
                purchase, continuing: chainTransactionID, replacing: replacedID, attemptID: attemptID, in: db
            )
        }
        return entry(row)
    }

    /// Buys a subscription as `change` says, once per `attemptID`, and approves the Ask to
    /// Buy request `requestID` (if given) in the same database transaction: an approval is
    /// recorded with its purchase or not at all.
    ///
    /// - Returns: The transaction that has the plan: the one recorded, or the plan in force
    ///   when the change records none.
    /// - Throws: `LedgerError.askToBuyRequestAlreadyDecided` when the request is no longer
    ///   pending, so that approving again never buys again.
    func recordSubscriptionChange(
        _ change: SubscriptionChange, attemptID: UUID, approving requestID: Int64? = nil, at date: Date
    ) async throws(LedgerError) -> LedgerEntry {
        if case .record(let purchase, _, _) = change, let problem = purchase.problem { throw .invalidPurchase(problem) }
        let row = try await write { db in
            if let requestID { try self.markApproved(requestID: requestID, at: date, in: db) }
            switch change {
            case .keep(let plan):
                return try self.autoRenewable(id: plan.id, in: db)
            case .renew(let plan, let preference):
                try self.saveRenewalPreference(preference?.storedText, originalID: plan.transaction.originalID, in: db)
                return try self.autoRenewable(id: plan.id, in: db)
            case .record(let purchase, let chainID?, let replacedID):
                return try self.insertSubscription(
                    purchase, continuing: chainID, replacing: replacedID, attemptID: attemptID, in: db
                )
            case .record(let purchase, nil, _):
                return try self.insert(purchase, attemptID: attemptID, original: nil, in: db)
            }
        }
        return entry(row)
    }

    private func insertSubscription(
        _ purchase: LedgerPurchase, continuing chainTransactionID: Int64, replacing replacedID: Int64?,
        attemptID: UUID, in db: Database
    ) throws -> TransactionRow {
        let chain = try autoRenewable(id: chainTransactionID, in: db)
        if let recorded = try recordedRow(attemptID: attemptID, productID: purchase.productID, in: db) {
            return recorded
        }
        try requireVerified(chain)
        if let replacedID {
            _ = try resign(id: replacedID, in: db) { transaction in
                guard !transaction.isUpgraded else { return false }
                transaction.isUpgraded = true
                return true
            }
        }
        try self.saveRenewalPreference(nil, originalID: chain.transaction.originalID, in: db)
        return try insert(
            purchase, attemptID: attemptID,
            original: (chain.transaction.originalID, chain.transaction.originalPurchaseDate), in: db
        )
    }
}
