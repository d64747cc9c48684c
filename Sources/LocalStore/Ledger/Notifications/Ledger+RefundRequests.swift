import Foundation

extension Ledger {
    /// The customer asks for a refund of transaction `id`, which is not granted yet: the app's
    /// server is sent CONSUMPTION_REQUEST (once per transaction), may answer with consumption
    /// information, and `revokeTransaction` later grants the refund.
    ///
    /// ```swift
    /// let asked = try await ledger.requestRefund(id: entry.id)
    /// ```
    public func requestRefund(id: Int64) async throws(LedgerError) -> LedgerEntry {
        let row = try await write { store in
            guard let row = try await store.transactionRow(account: self.account, id: id) else {
                throw LedgerError.transactionNotFound(id: id)
            }
            try self.requireVerified(row)
            try await self.enqueue(NotificationKind("CONSUMPTION_REQUEST"), key: "refund-request.\(id)", about: row.transaction, in: store)
            return row
        }
        return entry(row)
    }
}
