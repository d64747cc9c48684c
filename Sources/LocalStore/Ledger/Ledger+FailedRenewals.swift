import Foundation

extension NotificationKind {
    /// A renewal that billing failed: Apple's `DID_FAIL_TO_RENEW`, subtype `GRACE_PERIOD` when
    /// the customer keeps access for a grace period.
    static func failedRenewal(gracePeriod: Bool) -> NotificationKind {
        NotificationKind("DID_FAIL_TO_RENEW", gracePeriod ? "GRACE_PERIOD" : nil)
    }
}

/// Failed renewals live in `storeState` under `billingFailed.<originalID>`, the ID of the
/// transaction whose renewal failed: a fact of the chain, shared by every process on the
/// ledger, that lasts until the chain has a newer transaction (a recovery, a resubscription).
extension Ledger {
    private static let failedRenewalKeyPrefix = "billingFailed."

    /// The transactions whose renewal failed for billing, by their chain's original transaction ID.
    ///
    /// ```swift
    /// let failed = try await ledger.failedRenewals()
    /// if failed[chain] == current.id { print("in billing retry") }
    /// ```
    public func failedRenewals() async throws(LedgerError) -> [Int64: Int64] {
        let rows = try await read { store in
            try await store.storeStates(account: self.account, keyPrefix: Self.failedRenewalKeyPrefix)
        }
        var failed: [Int64: Int64] = [:]
        for (key, value) in rows {
            guard let originalID = Int64(key.dropFirst(Self.failedRenewalKeyPrefix.count)), let id = value.integer else { continue }
            failed[originalID] = id
        }
        return failed
    }

    /// Records that the renewal of `transactionID` (a chain's transaction in force) failed
    /// for billing, with its `DID_FAIL_TO_RENEW` (subtype `GRACE_PERIOD` with a
    /// `gracePeriod`), in one write. With `endingAt`, its period ends then first (never
    /// later than it did): a renewal forced to fail now. Recording it again changes nothing.
    ///
    /// ```swift
    /// let lapsed = try await ledger.recordFailedRenewal(of: current.id, gracePeriod: false, endingAt: Date())
    /// ```
    @discardableResult
    public func recordFailedRenewal(
        of transactionID: Int64, gracePeriod: Bool, endingAt date: Date? = nil
    ) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in
            var row = try await self.autoRenewable(id: transactionID, in: store)
            try self.requireVerified(row)
            if let date { row = try await self.endPeriod(of: transactionID, at: date, in: store) }
            let key = Self.failedRenewalKeyPrefix + String(row.transaction.originalID)
            try await store.setStoreState(.integer(transactionID), account: self.account, key: key)
            // The key a later sweep of the same lapse uses, so it is told once.
            try await self.enqueue(
                .failedRenewal(gracePeriod: gracePeriod), key: "failed.\(transactionID)", about: row.transaction, in: store
            )
            return row
        }
        return entry(row)
    }

    /// Ends the period of `transactionID` now (`purchase.purchaseDate`) and records the
    /// renewal `purchase` from then, in one write, so no reader sees the chain lapsed between
    /// the two: a renewal forced early. Once per `attemptID`, like every renewal.
    ///
    /// ```swift
    /// let renewal = try await ledger.recordRenewalNow(nextPeriod, continuing: current.id, attemptID: UUID())
    /// ```
    public func recordRenewalNow(
        _ purchase: LedgerPurchase, continuing transactionID: Int64, attemptID: UUID
    ) async throws(LedgerError) -> LedgerEntry {
        if let problem = purchase.problem { throw .invalidPurchase(problem) }
        let row = try await write { store in
            if let recorded = try await self.recordedRow(attemptID: attemptID, productID: purchase.productID, in: store) {
                return recorded
            }
            _ = try await self.endPeriod(of: transactionID, at: purchase.purchaseDate, in: store)
            return try await self.insertSubscription(
                purchase, continuing: transactionID, replacing: nil, attemptID: attemptID, in: store
            )
        }
        return entry(row)
    }

    /// Signs `transactionID` again expiring at `date`, unless it expires by then already.
    func endPeriod(of transactionID: Int64, at date: Date, in store: any LedgerStorageSession) async throws -> TransactionRow {
        _ = try await autoRenewable(id: transactionID, in: store)
        return try await resign(id: transactionID, in: store) { transaction in
            let expiry = date.millisecondPrecision
            if let current = transaction.expirationDate, current <= expiry { return false }
            transaction.expirationDate = expiry
            return true
        }
    }
}
