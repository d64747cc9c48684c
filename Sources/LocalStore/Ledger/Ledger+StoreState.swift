import GRDB

/// The `storeState` table: the store's own bookkeeping (store time, renewal preferences,
/// the app's first purchase date), a key and a value per account.
extension Ledger {
    /// Selects the value of one key; arguments: the account ID, the key.
    static let storeStateSQL = "SELECT value FROM storeState WHERE account = ? AND key = ?"

    /// Sets (or, with nil, deletes) the account's value of `key`.
    func saveStoreState(_ value: (any DatabaseValueConvertible)?, key: String, in db: Database) throws {
        if let value {
            try db.execute(
                sql: """
                    INSERT INTO storeState (account, key, value) VALUES (?, ?, ?)
                    ON CONFLICT (account, key) DO UPDATE SET value = excluded.value
                    """,
                arguments: [account.id, key, value]
            )
        } else {
            try db.execute(sql: "DELETE FROM storeState WHERE account = ? AND key = ?", arguments: [account.id, key])
        }
    }
}
