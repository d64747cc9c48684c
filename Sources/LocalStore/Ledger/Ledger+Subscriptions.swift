import Foundation
import GRDB

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
        let row = try await write { db in
            let source = try self.autoRenewable(id: transactionID, in: db)
            if let recorded = try self.recordedRow(
                attemptID: attemptID, productID: source.transaction.productID, in: db
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
            return try self.insert(
                renewal, attemptID: attemptID,
                original: (previous.originalID, previous.originalPurchaseDate), in: db
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
        let row = try await write { db in
            _ = try self.autoRenewable(id: transactionID, in: db)
            return try self.resign(id: transactionID, in: db) { transaction in
                let expiry = date.millisecondPrecision
                if let current = transaction.expirationDate, current <= expiry { return false }
                transaction.expirationDate = expiry
                return true
            }
        }
        return entry(row)
    }

    /// The account's row `id`, which must be an auto-renewable subscription.
    func autoRenewable(id: Int64, in db: Database) throws -> TransactionRow {
        guard let row = try TransactionRow.fetchOne(db, account: account, id: id) else {
            throw LedgerError.transactionNotFound(id: id)
        }
        guard row.transaction.productType == .autoRenewable else {
            throw LedgerError.notAnAutoRenewableSubscription(id: id, productID: row.transaction.productID)
        }
        return row
    }
}
