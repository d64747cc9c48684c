import Foundation

/// Offers that wait for a subscription's next renewal (`PendingOffer`), in the account's rows.
extension Ledger {
    /// The account's waiting offers, by chain (original transaction ID).
    ///
    /// ```swift
    /// if let waiting = try await ledger.pendingOffers()[chain] { print(waiting.offerID, "from the next renewal") }
    /// ```
    public func pendingOffers() async throws(LedgerError) -> [Int64: PendingOffer] {
        let offers = try await read { store in try await store.pendingOffers(account: self.account) }
        return Dictionary(offers.map { ($0.originalID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Keeps `offer` for the next renewal of `current`'s chain, which then renews as
    /// `preference` says (nil: as `current`'s product), and records `OFFER_REDEEMED` (with
    /// `DOWNGRADE` for a lower plan), inside the write `store` runs. A chain that has an offer
    /// waiting already keeps it, and nothing is written: the caller reads which one waits.
    func holdForRenewal(
        _ offer: PendingOffer, of current: LedgerTransaction, renewingAs preference: RenewalPreference?,
        in store: any LedgerStorageSession
    ) async throws {
        // First, so a chain with an offer waiting is left exactly as it was.
        guard try await store.insertPendingOffer(offer, account: account) else { return }
        try await changeRenewalPreference(preference, of: current, in: store, redeeming: true)
        let kind = NotificationKind.offerRedeemed(atRenewalOf: current.productID, into: offer.productID)
        try await enqueue(kind, key: "pending-offer.\(current.originalID).\(UUID().uuidString)", about: current, in: store)
    }

    /// After a new transaction in `chain`'s chain: the offer it carries stops waiting, and so
    /// does any offer a plan change or a new period (not a renewal) made moot.
    func settlePendingOffer(after transaction: LedgerTransaction, isRenewal: Bool, in store: any LedgerStorageSession) async throws {
        guard let waiting = try await store.pendingOffers(account: account).first(where: { $0.originalID == transaction.originalID })
        else { return }
        // A renewal that raced the redemption and renewed without it leaves it for the next one.
        guard waiting.isCarried(by: transaction) || !isRenewal else { return }
        try await store.deletePendingOffers(account: account, originalID: transaction.originalID)
    }
}
