import Foundation

extension Ledger {
    /// Renews an auto-renewable subscription: records a new transaction (new ID)
    /// in the same chain (same `originalID` and `originalPurchaseDate`).
    ///
    /// `transactionID` is any verified transaction of the chain; the renewal
    /// copies its product, storefront, price and group. Like a purchase, a
    /// renewal is recorded once per `attemptID`.
    ///
    /// ```swift
    /// let renewal = try await ledger.renewSubscription(
    ///     transactionID: entry.id, attemptID: UUID(),
    ///     purchaseDate: expiry, expirationDate: expiry.addingTimeInterval(30 * 86_400)
    /// )
    /// assert(renewal.transaction.originalID == entry.transaction.originalID)
    /// ```
    public func renewSubscription(
        transactionID: Int64, attemptID: UUID, purchaseDate: Date, expirationDate: Date
    ) async throws(LedgerError) -> LedgerEntry {
        let row = try await write(retryingLostConnections: true) { store in
            let source = try await self.autoRenewable(id: transactionID, in: store)
            if let recorded = try await self.recordedRow(
                attemptID: attemptID, productID: source.transaction.productID, in: store
            ) {
                return recorded
            }
            try self.requireVerified(source)
            let previous = source.transaction
            let renewal = LedgerPurchase(
                productID: previous.productID,
                productType: previous.productType,
                purchaseDate: purchaseDate,
                expirationDate: expirationDate,
                ownershipType: previous.ownershipType,
                storefront: previous.storefront,
                appAccountToken: previous.appAccountToken,
                price: previous.price,
                currency: previous.currency,
                subscriptionGroupID: previous.subscriptionGroupID
            )
            return try await self.insert(
                renewal, attemptID: attemptID,
                original: (previous.originalID, previous.originalPurchaseDate), in: store, continuing: previous
            )
        }
        return entry(row)
    }

    /// Ends a subscription period early, StoreKit's `expireSubscription`: the
    /// expiration date becomes `date` (never later than it was) and is signed again.
    ///
    /// ```swift
    /// let expired = try await ledger.expireSubscription(transactionID: entry.id, at: Date())
    /// ```
    public func expireSubscription(transactionID: Int64, at date: Date) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in try await self.endPeriod(of: transactionID, at: date, in: store) }
        return entry(row)
    }

    /// The account's row `id`, which must be an auto-renewable subscription.
    func autoRenewable(id: Int64, in store: any LedgerStorageSession) async throws -> TransactionRow {
        guard let row = try await store.transactionRow(account: account, id: id) else {
            throw LedgerError.transactionNotFound(id: id)
        }
        guard row.transaction.productType == .autoRenewable else {
            throw LedgerError.notAnAutoRenewableSubscription(id: id, productID: row.transaction.productID)
        }
        return row
    }
}
