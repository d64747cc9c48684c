import Foundation

/// Price increases and products removed from sale (migration `v5-price`): store
/// bookkeeping beside the signed rows, each change committed with its notifications.
extension Ledger {
    /// The account's price increases, by the chain's original transaction ID.
    ///
    /// ```swift
    /// if try await ledger.priceIncreases()[chain]?.status == .pending { print("awaiting consent") }
    /// ```
    public func priceIncreases() async throws(LedgerError) -> [Int64: PriceIncrease] {
        let increases = try await read { store in try await store.priceIncreases(account: self.account) }
        return Dictionary(increases.map { ($0.originalID, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Records `increase` for the chain whose transaction in force is `current`, replacing
    /// an earlier one, with `PRICE_INCREASE` `PENDING` (consent needed) or `ACCEPTED`.
    public func recordPriceIncrease(_ increase: PriceIncrease, current: LedgerTransaction) async throws(LedgerError) {
        try await write { store in
            try await store.savePriceIncrease(increase, account: self.account)
            let subtype = increase.status == .pending ? "PENDING" : "ACCEPTED"
            try await self.enqueue(
                NotificationKind("PRICE_INCREASE", subtype), key: "price-increase.\(current.originalID).\(UUID().uuidString)",
                about: current, in: store
            )
        }
    }

    /// The customer's answer to the chain's price increase: consent sends `PRICE_INCREASE`
    /// `ACCEPTED`; a decline turns auto-renew off as StoreKit Testing's
    /// `declinePriceIncreaseForTransaction` does (`DID_CHANGE_RENEWAL_STATUS`
    /// `AUTO_RENEW_DISABLED`), and a consent after a decline turns it back on.
    ///
    /// - Returns: The increase as answered; nil when the chain has none waiting for an answer.
    public func answerPriceIncrease(accepted: Bool, current: LedgerTransaction) async throws(LedgerError) -> PriceIncrease? {
        try await write { store in
            let all = try await store.priceIncreases(account: self.account)
            guard var increase = all.first(where: { $0.originalID == current.originalID }), increase.status != .accepted
            else { return nil }
            let before = increase.status
            increase.status = accepted ? .accepted : .declined
            guard increase.status != before else { return increase }
            try await store.savePriceIncrease(increase, account: self.account)
            let key = "price-consent.\(current.originalID).\(UUID().uuidString)"
            if accepted {
                try await self.enqueue(NotificationKind("PRICE_INCREASE", "ACCEPTED"), key: key, about: current, in: store)
            }
            if accepted == (before == .declined) {
                let subtype = accepted ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED"
                try await self.enqueue(NotificationKind("DID_CHANGE_RENEWAL_STATUS", subtype), key: key + ".renewal", about: current, in: store)
            }
            return increase
        }
    }

    /// The products no customer can buy now, in every account.
    public func productsRemovedFromSale() async throws(LedgerError) -> Set<String> {
        try await read { store in try await store.productsRemovedFromSale() }
    }

    /// Removes `productID` from sale (App Store Connect's Remove from Sale), or with
    /// `false` puts it back on sale, for every customer.
    public func setRemovedFromSale(_ removed: Bool, productID: String) async throws(LedgerError) {
        let now = clock.now.ledgerMilliseconds
        try await write { store in try await store.setRemovedFromSale(productID, at: removed ? now : nil) }
    }

    func deletePriceIncreases(in store: any LedgerStorageSession) async throws {
        try await store.deletePriceIncreases(account: account)
    }
}
