import Foundation

extension Ledger {
    /// Sets the app account token of the purchase that began with `originalID` (Apple's Set App
    /// Account Token): every transaction of its chain is signed again with `token`, so the
    /// chain's renewal info carries it and its later renewals keep it. One database transaction.
    ///
    /// ```swift
    /// let chain = try await ledger.setAppAccountToken(token, originalID: entry.transaction.originalID)
    /// ```
    ///
    /// - Returns: The chain's transactions as signed now, oldest first.
    /// - Throws: `LedgerError.transactionNotFound` when the account has no transaction
    ///   `originalID` that began a purchase; `.unverifiedTransaction` for one that no longer verifies.
    public func setAppAccountToken(_ token: UUID, originalID: Int64) async throws(LedgerError) -> [LedgerEntry] {
        let rows = try await write { store in
            let chain = try await store.transactionRows(account: self.account, unfinishedOnly: false)
                .filter { $0.transaction.originalID == originalID }
            guard chain.contains(where: { $0.transaction.id == originalID }) else {
                throw LedgerError.transactionNotFound(id: originalID)
            }
            var signed: [TransactionRow] = []
            for row in chain {
                signed.append(try await self.resign(id: row.transaction.id, in: store) { transaction in
                    guard transaction.appAccountToken != token else { return false }
                    transaction.appAccountToken = token
                    return true
                })
            }
            // Kept in store state, which the change marker reads: a server that cached the
            // customer's rows reads them again.
            try await store.setStoreState(.text(token.uuidString.lowercased()), account: self.account, key: "appAccountToken.\(originalID)")
            return signed
        }
        return rows.map(entry)
    }
}
