import Foundation

extension Ledger {
    /// A summary of the account's rows that changes whenever one of its transactions is
    /// added, revoked or given a new expiration date (how many rows, the highest ID, how many
    /// are revoked, the sum of their expiration dates), and whenever its store state changes
    /// (renewal preferences, store time moved on), one of its Ask to Buy requests is filed
    /// or decided, or an offer starts or stops waiting for a renewal; other accounts' changes leave it as it was. One small query, so a watcher
    /// can ask every second and read the ledger only when something changed.
    ///
    /// ```swift
    /// let before = try await ledger.changeMarker()
    /// // another process buys something
    /// try await ledger.changeMarker() != before  // true
    /// ```
    public func changeMarker() async throws(LedgerError) -> ChangeMarker {
        try await read { store in try await store.changeMarker(account: self.account) }
    }

    /// The change marker and the store clock's offset (`storeTimeOffset()`) in one read: what
    /// a server looks at before reusing a customer's rows it read before.
    ///
    /// ```swift
    /// let (marker, offset) = try await ledger.changeMarkerAndStoreTimeOffset()
    /// ```
    public func changeMarkerAndStoreTimeOffset() async throws(LedgerError) -> (marker: ChangeMarker, storeTimeOffset: TimeInterval) {
        try await read { store in
            (try await store.changeMarker(account: self.account), try await self.storeTimeOffset(store))
        }
    }

    /// Yields soon after another write of the account commits, where the engine can tell
    /// (PostgreSQL's LISTEN/NOTIFY); nil on SQLite.
    func changeFeed() -> AsyncStream<Void>? {
        storage.changeFeed(account: account)
    }

    /// See `changeMarker()`.
    public struct ChangeMarker: Hashable, Sendable {
        /// Each engine fills it from one query; only markers of one engine are compared.
        package init(
            count: Int64, highestID: Int64, revoked: Int64, expirations: Double, storeState: String, askToBuy: String,
            pendingOffers: String = ""
        ) {
            self.count = count
            self.highestID = highestID
            self.revoked = revoked
            self.expirations = expirations
            self.storeState = storeState
            self.askToBuy = askToBuy
            self.pendingOffers = pendingOffers
        }


        let count: Int64
        /// The account's highest ID: IDs are never reused, so a clear followed by as many
        /// purchases still moves the marker (and a transaction above it is newer than it).
        package let highestID: Int64
        let revoked: Int64
        let expirations: Double
        let storeState: String
        /// Requests filed and decided, so a decline in another process is seen; then the
        /// account's price increases and the products off sale, so a price change is too;
        /// then its refund requests and how many await a decision.
        let askToBuy: String
        /// The chains with an offer waiting for their renewal, and the offers.
        let pendingOffers: String
    }
}
