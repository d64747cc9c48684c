import Foundation
import GRDB

/// Renewal preferences live in `storeState` under `renewal.<originalID>`, as text such as
/// `1 pass.basic.monthly` (auto-renew flag, space, product ID), in the account's rows:
/// they are the store's bookkeeping, shared by every process on the ledger, and not signed.
extension Ledger {
    private static let renewalKeyPrefix = "renewal."

    /// Every stored preference of the account, by the chain's original transaction ID.
    ///
    /// ```swift
    /// let preferences = try await ledger.renewalPreferences()
    /// if preferences[chain]?.willAutoRenew == false { print("cancelled") }
    /// ```
    public func renewalPreferences() async throws(LedgerError) -> [Int64: RenewalPreference] {
        let rows = try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT key, value FROM storeState WHERE account = ? AND key LIKE ?",
                arguments: [self.account.id, Self.renewalKeyPrefix + "%"]
            ).map { row -> (String, String) in (try row.decode(forColumn: "key"), try row.decode(forColumn: "value")) }
        }
        var preferences: [Int64: RenewalPreference] = [:]
        for (key, text) in rows {
            // A hand-edited value that no longer reads counts as no preference.
            guard let originalID = Int64(key.dropFirst(Self.renewalKeyPrefix.count)),
                  let preference = RenewalPreference(storedText: text)
            else { continue }
            preferences[originalID] = preference
        }
        return preferences
    }

    /// Stores the preference of the chain `originalID`; `nil` goes back to renewing as the
    /// current product.
    ///
    /// ```swift
    /// try await ledger.setRenewalPreference(nil, originalID: chain)
    /// ```
    public func setRenewalPreference(_ preference: RenewalPreference?, originalID: Int64) async throws(LedgerError) {
        try await write { db in
            try self.saveRenewalPreference(preference?.storedText, originalID: originalID, in: db)
        }
    }

    func saveRenewalPreference(_ text: String?, originalID: Int64, in db: Database) throws {
        try saveStoreState(text, key: Self.renewalKeyPrefix + String(originalID), in: db)
    }

    func deleteRenewalPreferences(in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM storeState WHERE account = ? AND key LIKE ?",
            arguments: [account.id, Self.renewalKeyPrefix + "%"]
        )
    }
}

extension RenewalPreference {
    var storedText: String {
        "\(willAutoRenew ? 1 : 0) \(productID)"
    }

    init?(storedText text: String) {
        let flag = text.prefix(2)
        guard flag == "0 " || flag == "1 ", text.count > 2 else { return nil }
        self.init(productID: String(text.dropFirst(2)), willAutoRenew: flag == "1 ")
    }
}
