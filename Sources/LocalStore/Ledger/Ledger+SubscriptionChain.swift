import Foundation

extension Ledger {
    /// Records a transaction in an existing subscription chain (same `originalID` and
    /// `originalPurchaseDate`): a renewal as another product, a plan change, or a new
    /// period after the chain lapsed.
    ///
    /// In the same database transaction it marks `replacedID` (the plan an upgrade
    /// replaces at once) as upgraded and signs it again, and drops the chain's renewal
    /// preference: the new transaction is what renews next. An offer waiting for the renewal
    /// (`PendingOffer`) stops waiting when this transaction carries it, or is not a renewal. Like every purchase it is
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
        let row = try await write(retryingLostConnections: true) { store in
            try await self.insertSubscription(
                purchase, continuing: chainTransactionID, replacing: replacedID, attemptID: attemptID, in: store
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
        let row = try await write { store in
            if let requestID { try await self.markApproved(requestID: requestID, at: date, in: store) }
            switch change {
            case .keep(let plan):
                return try await self.autoRenewable(id: plan.id, in: store)
            case .renew(let plan, let preference):
                try await self.changeRenewalPreference(preference, of: plan.transaction, in: store)
                return try await self.autoRenewable(id: plan.id, in: store)
            case .redeemAtRenewal(let plan, let offer, let preference):
                try await self.holdForRenewal(offer, of: plan.transaction, renewingAs: preference, in: store)
                return try await self.autoRenewable(id: plan.id, in: store)
            case .record(let purchase, let chainID?, let replacedID):
                return try await self.insertSubscription(
                    purchase, continuing: chainID, replacing: replacedID, attemptID: attemptID, in: store
                )
            case .record(let purchase, nil, _):
                return try await self.insert(purchase, attemptID: attemptID, original: nil, in: store)
            }
        }
        return entry(row)
    }

    func insertSubscription(
        _ purchase: LedgerPurchase, continuing chainTransactionID: Int64, replacing replacedID: Int64?,
        attemptID: UUID, in store: any LedgerStorageSession, notifying kind: NotificationKind? = nil
    ) async throws -> TransactionRow {
        let chain = try await autoRenewable(id: chainTransactionID, in: store)
        if let recorded = try await recordedRow(attemptID: attemptID, productID: purchase.productID, in: store) {
            return recorded
        }
        try requireVerified(chain)
        if let replacedID {
            _ = try await resign(id: replacedID, in: store) { transaction in
                guard !transaction.isUpgraded else { return false }
                transaction.isUpgraded = true
                return true
            }
        }
        // A commitment's later payments keep what the customer chose for its end.
        if (purchase.commitment?.billingPeriodNumber ?? 1) == 1 {
            try await self.saveRenewalPreference(nil, originalID: chain.transaction.originalID, in: store)
        }
        let row = try await insert(
            purchase, attemptID: attemptID,
            original: (chain.transaction.originalID, chain.transaction.originalPurchaseDate), in: store,
            continuing: chain.transaction, replacing: replacedID != nil, notifying: kind
        )
        let isRenewal = replacedID == nil && NotificationKind.isActive(chain.transaction, at: purchase.purchaseDate)
        try await settlePendingOffer(after: row.transaction, isRenewal: isRenewal, in: store)
        return row
    }
}
