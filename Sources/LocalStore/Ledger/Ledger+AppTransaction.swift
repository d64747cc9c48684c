import Foundation
import GRDB

extension Ledger {
    private static let appPurchaseDateKey = "appTransaction.originalPurchaseDate"

    /// When the customer first got the app, in this ledger's story: `date` on the first
    /// call, kept from then on by every process that opens the ledger.
    ///
    /// ```swift
    /// let firstLaunch = try await ledger.appOriginalPurchaseDate(recordingIfAbsent: Date())
    /// ```
    public func appOriginalPurchaseDate(recordingIfAbsent date: Date) async throws(LedgerError) -> Date {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO storeState (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                arguments: [Self.appPurchaseDateKey, date.ledgerMilliseconds]
            )
            let stored = try Int64.fetchOne(
                db, sql: "SELECT value FROM storeState WHERE key = ?", arguments: [Self.appPurchaseDateKey]
            )
            return stored.map(Date.init(ledgerMilliseconds:)) ?? date.millisecondPrecision
        }
    }
}
