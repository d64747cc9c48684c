import Foundation

extension Ledger {
    private static let appPurchaseDateKey = "appTransaction.originalPurchaseDate"

    /// When the account's customer first got the app, in this ledger's story: `date` on
    /// the first call, kept from then on by every process that opens the ledger.
    ///
    /// ```swift
    /// let firstLaunch = try await ledger.appOriginalPurchaseDate(recordingIfAbsent: Date())
    /// ```
    public func appOriginalPurchaseDate(recordingIfAbsent date: Date) async throws(LedgerError) -> Date {
        try await write { store in
            if let stored = try await store.storeState(account: self.account, key: Self.appPurchaseDateKey)?.integer {
                return Date(ledgerMilliseconds: stored)
            }
            try await store.setStoreState(.integer(date.ledgerMilliseconds), account: self.account, key: Self.appPurchaseDateKey)
            return date.millisecondPrecision
        }
    }
}
