import Foundation
import StorefrontModel

extension Ledger {
    /// Records and signs a purchase, once per attempt.
    ///
    /// Make `attemptID` before the purchase starts and reuse it on retry: a
    /// second call with the same ID returns the transaction already recorded
    /// (from this process or another) instead of recording it twice.
    ///
    /// ```swift
    /// let attempt = UUID()
    /// let entry = try await ledger.recordPurchase(purchase, attemptID: attempt)
    /// print(entry.transaction.id, entry.isVerified)
    /// ```
    public func recordPurchase(_ purchase: LedgerPurchase, attemptID: UUID) async throws(LedgerError) -> LedgerEntry {
        if let problem = purchase.problem { throw .invalidPurchase(problem) }
        let row = try await write(retryingLostConnections: true) { store in
            try await self.insert(purchase, attemptID: attemptID, original: nil, in: store)
        }
        return entry(row)
    }

    /// Every transaction of the account, oldest first, each with its verification result.
    ///
    /// ```swift
    /// let unverified = try await ledger.transactions().filter { !$0.isVerified }
    /// ```
    public func transactions() async throws(LedgerError) -> [LedgerEntry] {
        await entries(try await read { store in try await store.transactionRows(account: self.account, unfinishedOnly: false) })
    }

    /// The account's transaction with this ID, verified; nil when it has none.
    ///
    /// ```swift
    /// if let entry = try await ledger.transaction(id: 7) { print(entry.verification) }
    /// ```
    public func transaction(id: Int64) async throws(LedgerError) -> LedgerEntry? {
        try await read { store in try await store.transactionRow(account: self.account, id: id) }.map(entry)
    }

    /// Transactions the app has not finished yet, oldest first: the ones to
    /// deliver again at launch.
    ///
    /// ```swift
    /// for entry in try await ledger.unfinishedTransactions() { print(entry.transaction.productID) }
    /// ```
    public func unfinishedTransactions() async throws(LedgerError) -> [LedgerEntry] {
        await entries(try await read { store in try await store.transactionRows(account: self.account, unfinishedOnly: true) })
    }

    /// Marks a transaction delivered, StoreKit's `Transaction.finish()`. Finishing twice is harmless.
    ///
    /// ```swift
    /// try await ledger.finishTransaction(id: entry.id)
    /// ```
    public func finishTransaction(id: Int64) async throws(LedgerError) {
        try await write { store in
            if try await !store.finishTransaction(id: id, account: self.account) {
                throw LedgerError.transactionNotFound(id: id)
            }
        }
    }

    /// Refunds or revokes a transaction: sets its revocation date, reason and type (a full
    /// refund unless told; `percentage` in milliunits for a prorated one) and signs it again.
    /// A pending refund request of it is granted.
    ///
    /// Revoking twice keeps the first date. A transaction that no longer
    /// verifies is refused rather than re-signed.
    ///
    /// ```swift
    /// let refunded = try await ledger.revokeTransaction(id: entry.id, reason: .other, at: Date())
    /// print(refunded.transaction.revocationDate!)
    /// ```
    public func revokeTransaction(
        id: Int64, reason: LedgerTransaction.RevocationReason, at date: Date,
        type: LedgerTransaction.RevocationType = .refundFull, percentage: Int? = nil
    ) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in
            var revoked = false
            let row = try await self.resign(id: id, in: store) { transaction in
                guard transaction.revocationDate == nil else { return false }
                transaction.revocationDate = date.millisecondPrecision
                transaction.revocationReason = reason
                transaction.revocationType = type
                transaction.revocationPercentage = percentage
                revoked = true
                return true
            }
            if revoked {
                if var request = try await store.refundRequest(transactionID: id, account: self.account), request.status == .pending {
                    request.status = .granted
                    request.decidedAt = date.millisecondPrecision
                    try await store.saveRefundRequest(request)
                }
                // Keyed by its date: a refund reversed and granted again is told again.
                let key = "refund.\(id).\(date.ledgerMilliseconds)"
                try await self.enqueue(NotificationKind("REFUND"), key: key, about: row.transaction, in: store)
            }
            return row
        }
        return entry(row)
    }

    /// Deletes every transaction, Ask to Buy request and renewal preference of the
    /// account, StoreKit's `clearTransactions()`; other accounts keep theirs.
    ///
    /// The store key and store time stay, and transaction IDs are never reused.
    ///
    /// ```swift
    /// try await ledger.clearTransactions()
    /// ```
    public func clearTransactions() async throws(LedgerError) {
        try await write { store in
            try await store.deleteTransactionsAndRequests(account: self.account)
            try await self.deleteRenewalPreferences(in: store)
            try await store.deletePendingOffers(account: self.account, originalID: nil)
            try await self.deletePriceIncreases(in: store)
        }
    }

    // MARK: - Inside a write

    /// The row `attemptID` already recorded, or nil; it must be for the same account and product.
    func recordedRow(
        attemptID: UUID, productID: String, in store: any LedgerStorageSession
    ) async throws -> TransactionRow? {
        guard let row = try await store.transactionRow(attemptID: attemptID) else { return nil }
        guard row.transaction.account == account else {
            throw LedgerError.purchaseAttemptOfAnotherAccount(attemptID: attemptID, account: account)
        }
        guard row.transaction.productID == productID else {
            throw LedgerError.purchaseAttemptReused(
                attemptID: attemptID, recordedProductID: row.transaction.productID, requestedProductID: productID
            )
        }
        return row
    }

    /// Signs and inserts a new transaction unless `attemptID` already recorded one, with its
    /// notification: `previous` is the chain's transaction it follows, `replacing` says it
    /// replaces that plan at once (an upgrade); `kind`, when given, is what the rows alone
    /// cannot tell (a billing recovery); `originalPurchaseDate` overrides the chain's.
    func insert(
        _ purchase: LedgerPurchase, attemptID: UUID, original: (id: Int64, purchaseDate: Date)?,
        in store: any LedgerStorageSession, continuing previous: LedgerTransaction? = nil, replacing: Bool = false,
        notifying kind: NotificationKind? = nil, originalPurchaseDate: Date? = nil
    ) async throws -> TransactionRow {
        if let recorded = try await recordedRow(attemptID: attemptID, productID: purchase.productID, in: store) {
            return recorded
        }
        var transaction = LedgerTransaction(
            id: try await store.nextTransactionID(), purchase: purchase, account: account, original: original,
            signedDate: clock.now
        )
        // A family member's share starts its own chain on the purchase's original date.
        if let originalPurchaseDate { transaction.originalPurchaseDate = originalPurchaseDate.millisecondPrecision }
        let row = TransactionRow(
            transaction: transaction, isFinished: false, purchaseAttemptID: attemptID,
            jws: try signingKey.sign(transaction.signedPayload)
        )
        try await store.insertTransaction(row)
        let kind = kind ?? NotificationKind.newTransaction(transaction, continuing: previous, replacing: replacing)
        try await enqueue(kind, key: "transaction.\(transaction.id)", about: transaction, in: store)
        return row
    }

    /// Applies `change` to a verified transaction and signs the result;
    /// `change` returns false when there is nothing to change.
    func resign(
        id: Int64, in store: any LedgerStorageSession, _ change: (inout LedgerTransaction) throws -> Bool
    ) async throws -> TransactionRow {
        guard var row = try await store.transactionRow(account: account, id: id) else {
            throw LedgerError.transactionNotFound(id: id)
        }
        try requireVerified(row)
        guard try change(&row.transaction) else { return row }
        row.transaction.signedDate = clock.now.millisecondPrecision
        row.jws = try signingKey.sign(row.transaction.signedPayload)
        try await store.resignTransaction(row.transaction, jws: row.jws)
        return row
    }
}
