import Foundation

extension Ledger {
    /// How the App Store settles a refund request.
    public enum RefundDecision: Sendable, Hashable {
        /// Refund it all: REFUND with `revocationType` REFUND_FULL.
        case grant
        /// Refund part of it, in milliunits of a percent (40% is 40000, 1...99999): REFUND
        /// with REFUND_PRORATED and `revocationPercentage`.
        case grantProrated(percentage: Int)
        /// Refuse: REFUND_DECLINED; the transaction stands.
        case decline

        /// The milliunits a prorated refund may take: more than none, less than all.
        public static let proratedRange = 1...99_999
    }

    /// Settles transaction `id`'s refund at `date`; a grant is revoked for `reason`. Granting needs no request (the developer's
    /// own refund); declining needs a pending one. A grant revokes and re-signs the
    /// transaction, so it no longer entitles; granting what is already refunded changes nothing.
    ///
    /// ```swift
    /// let entry = try await ledger.decideRefund(id: 7, .grantProrated(percentage: 40_000), at: Date())
    /// print(entry.transaction.revocationPercentage!)   // 40000
    /// ```
    @discardableResult
    public func decideRefund(
        id: Int64, _ decision: RefundDecision, reason: LedgerTransaction.RevocationReason = .other, at date: Date
    ) async throws(LedgerError) -> LedgerEntry {
        switch decision {
        case .grant:
            return try await revokeTransaction(id: id, reason: reason, at: date)
        case .grantProrated(let percentage):
            guard RefundDecision.proratedRange.contains(percentage) else {
                throw .refundNotPossible(id: id, reason: "cannot take a prorated refund of \(percentage) milliunits: it takes 1 to 99999 (0.001% to 99.999%)")
            }
            return try await revokeTransaction(id: id, reason: reason, at: date, type: .refundProrated, percentage: percentage)
        case .decline:
            let row = try await write { store in
                guard var request = try await store.refundRequest(transactionID: id, account: self.account) else {
                    throw LedgerError.refundNotPossible(id: id, reason: "has no refund request to decline")
                }
                guard request.status == .pending else {
                    throw LedgerError.refundNotPossible(id: id, reason: "already had its refund request \(request.status.rawValue)")
                }
                guard let row = try await store.transactionRow(account: self.account, id: id) else {
                    throw LedgerError.transactionNotFound(id: id)
                }
                try self.requireVerified(row)
                request.status = .declined
                request.decidedAt = date.millisecondPrecision
                try await store.saveRefundRequest(request)
                try await self.enqueue(NotificationKind("REFUND_DECLINED"), key: "refund-declined.\(id)", about: row.transaction, in: store)
                return row
            }
            return entry(row)
        }
    }

    /// Undoes transaction `id`'s refund, as the App Store does after a dispute: the revocation
    /// is cleared, the transaction re-signed and entitling again, and REFUND_REVERSED sent.
    /// Only a refund can be reversed (not a Family Sharing revocation).
    ///
    /// ```swift
    /// let restored = try await ledger.reverseRefund(id: 7)
    /// print(restored.transaction.revocationDate == nil)   // true
    /// ```
    @discardableResult
    public func reverseRefund(id: Int64) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in
            var refundedAt: Date?
            let row = try await self.resign(id: id, in: store) { transaction in
                guard let revoked = transaction.revocationDate, transaction.revocationType?.isRefund ?? true else { return false }
                refundedAt = revoked
                transaction.revocationDate = nil
                transaction.revocationReason = nil
                transaction.revocationType = nil
                transaction.revocationPercentage = nil
                return true
            }
            guard let refundedAt else {
                throw LedgerError.refundNotPossible(id: id, reason: "has no refund to reverse")
            }
            if var request = try await store.refundRequest(transactionID: id, account: self.account) {
                request.status = .reversed
                try await store.saveRefundRequest(request)
            }
            // Keyed by the refund it reverses: a transaction refunded again can be reversed again.
            let key = "refund-reversed.\(id).\(refundedAt.ledgerMilliseconds)"
            try await self.enqueue(NotificationKind("REFUND_REVERSED"), key: key, about: row.transaction, in: store)
            return row
        }
        return entry(row)
    }
}
