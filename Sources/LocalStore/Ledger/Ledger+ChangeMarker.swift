import GRDB

extension Ledger {
    /// A summary of the ledger that changes whenever a transaction is added, revoked or given
    /// a new expiration date (how many rows, the highest ID, how many are revoked, the sum of
    /// their expiration dates), and whenever the store's own state changes (renewal
    /// preferences, store time moved on). One small query, so a watcher can ask every second
    /// and read the whole ledger only when something changed.
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
                       (SELECT COALESCE(group_concat(key || '=' || value, ';'), '') FROM storeState)
                FROM transactions
                """)
            return ChangeMarker(
                count: row?[0] ?? 0, highestID: row?[1] ?? 0, revoked: row?[2] ?? 0, expirations: row?[3] ?? 0,
                storeState: row?[4] ?? ""
            )
        }
    }

    /// See `changeMarker()`.
    public struct ChangeMarker: Hashable, Sendable {
        let count: Int64
        let highestID: Int64
        let revoked: Int64
        let expirations: Double
        let storeState: String
    }
}
