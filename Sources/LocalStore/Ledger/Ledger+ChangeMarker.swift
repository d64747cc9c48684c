import GRDB

extension Ledger {
    /// A summary of the account's rows that changes whenever one of its transactions is
    /// added, revoked or given a new expiration date (how many rows, the highest ID, how many
    /// are revoked, the sum of their expiration dates), and whenever its store state changes
    /// (renewal preferences, store time moved on) or one of its Ask to Buy requests is filed
    /// or decided; other accounts' changes leave it as it was. One small query, so a watcher
    /// can ask every second and read the ledger only when something changed.
    ///
    /// ```swift
    /// let before = try await ledger.changeMarker()
    /// // another process buys something
    /// try await ledger.changeMarker() != before  // true
    /// ```
    public func changeMarker() async throws(LedgerError) -> ChangeMarker {
        try await read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(MAX(id), 0), COUNT(revocationDate), TOTAL(expirationDate),
                       (SELECT COALESCE(group_concat(key || '=' || value, ';'), '') FROM storeState WHERE account = ?1),
                       (SELECT COUNT(*) || ':' || COUNT(decidedAt) FROM askToBuyRequests WHERE account = ?1)
                FROM transactions WHERE account = ?1
                """, arguments: [self.account.id])
            return ChangeMarker(
                count: row?[0] ?? 0, highestID: row?[1] ?? 0, revoked: row?[2] ?? 0, expirations: row?[3] ?? 0,
                storeState: row?[4] ?? "", askToBuy: row?[5] ?? ""
            )
        }
    }

    /// See `changeMarker()`.
    public struct ChangeMarker: Hashable, Sendable {
        let count: Int64
        /// The account's highest ID: IDs are never reused, so a clear followed by as many
        /// purchases still moves the marker.
        let highestID: Int64
        let revoked: Int64
        let expirations: Double
        let storeState: String
        /// Requests filed and decided, so a decline in another process is seen.
        let askToBuy: String
    }
}
