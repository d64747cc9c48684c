import Foundation

/// Finding a row's customer across accounts, for a server that answers for every customer
/// of the store (`storefront serve --http`): it is handed a transaction or order ID and must
/// serve that customer's rows, and no one else's.
extension Ledger {
    /// The account whose transaction has this ID, or nil when no account has one.
    ///
    /// ```swift
    /// if let owner = try await ledger.owner(ofTransaction: 42) {
    ///     let history = try await ledger.scoped(to: owner).transactions()
    /// }
    /// ```
    public func owner(ofTransaction id: Int64) async throws(LedgerError) -> CustomerAccount? {
        try await read { session in
            try await session.transactionAccountID(id: id)
        }.map(CustomerAccount.init(checked:))
    }

    /// The account whose purchase attempt (an order) recorded a transaction, or nil.
    ///
    /// ```swift
    /// let owner = try await ledger.owner(ofPurchaseAttempt: entry.purchaseAttemptID)
    /// ```
    public func owner(ofPurchaseAttempt attemptID: UUID) async throws(LedgerError) -> CustomerAccount? {
        try await read { session in
            try await session.transactionRow(attemptID: attemptID)?.transaction.account
        }
    }
}
