import Foundation
import GRDB

extension Ledger {
    private static let appPurchaseDateKey = "appTransaction.originalPurchaseDate"

    /// When the account's customer first got the app, in this ledger's story: `date` on
    /// the first call, kept from then on by every process that opens the ledger.
    ///
    /// ```swift
    /// let firstLaunch = try await ledger.appOriginalPurchaseDate(recordingIfAbsent: Date())
    /// ```
    public func appOriginalPurchaseDate(recordingIfAbsent date: Date) async throws(LedgerError) -> Date {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO storeState (account, key, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [self.account.id, Self.appPurchaseDateKey, date.ledgerMilliseconds]
            )
            let stored = try Int64.fetchOne(
                db, sql: Self.storeStateSQL, arguments: [self.account.id, Self.appPurchaseDateKey]
            )
            return stored.map(Date.init(ledgerMilliseconds:)) ?? date.millisecondPrecision
        }
    }
}
