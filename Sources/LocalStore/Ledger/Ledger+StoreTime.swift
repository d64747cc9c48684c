import Foundation

/// The store clock's offset from the wall clock, one per account and shared by every
/// process on the ledger: `storefront advance 1mo` moves it, renewals and expiry read it.
extension Ledger {
    private static let storeTimeOffsetKey = "storeTimeOffset"

    /// Seconds the store clock runs ahead of the wall clock (0 until advanced).
    ///
    /// ```swift
    /// let storeNow = Date().addingTimeInterval(try await ledger.storeTimeOffset())
    /// ```
    public func storeTimeOffset() async throws(LedgerError) -> TimeInterval {
        try await read { store in try await self.storeTimeOffset(store) }
    }

    /// Sets the offset, for example back to 0 on reset.
    ///
    /// ```swift
    /// try await ledger.setStoreTimeOffset(0)
    /// ```
    public func setStoreTimeOffset(_ offset: TimeInterval) async throws(LedgerError) {
        try await write { store in
            try await store.setStoreState(.real(offset), account: self.account, key: Self.storeTimeOffsetKey)
        }
    }

    /// Moves the store clock forward by `interval` and returns the new offset;
    /// read and write happen in one transaction, so concurrent advances add up.
    ///
    /// ```swift
    /// let offset = try await ledger.advanceStoreTime(by: 30 * 86_400)
    /// ```
    public func advanceStoreTime(by interval: TimeInterval) async throws(LedgerError) -> TimeInterval {
        try await write { store in
            let offset = try await self.storeTimeOffset(store) + interval
            try await store.setStoreState(.real(offset), account: self.account, key: Self.storeTimeOffsetKey)
            return offset
        }
    }

    func storeTimeOffset(_ store: any LedgerStorageSession) async throws -> TimeInterval {
        try await store.storeState(account: account, key: Self.storeTimeOffsetKey)?.real ?? 0
    }
}
