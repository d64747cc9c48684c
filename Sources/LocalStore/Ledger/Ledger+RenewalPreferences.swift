import Foundation

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
        let rows = try await read { store in
            try await store.storeStates(account: self.account, keyPrefix: Self.renewalKeyPrefix)
        }
        var preferences: [Int64: RenewalPreference] = [:]
        for (key, value) in rows {
            // A hand-edited value that no longer reads counts as no preference.
            guard let originalID = Int64(key.dropFirst(Self.renewalKeyPrefix.count)),
                  let preference = value.text.flatMap(RenewalPreference.init(storedText:))
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
        try await write { store in
            let chain = try await store.transactionRows(account: self.account, unfinishedOnly: false)
                .map(\.transaction).filter { $0.originalID == originalID }
            guard let current = chain.last(where: { !$0.isUpgraded }) ?? chain.last else {
                return try await self.saveRenewalPreference(preference?.storedText, originalID: originalID, in: store)
            }
            try await self.changeRenewalPreference(preference, of: current, in: store)
        }
    }

    /// Stores the preference of `current`'s chain and records the notification of what changed.
    /// Renewing as another product withdraws an offer that waited for the renewal of the
    /// product before; when `redeeming` one, its `OFFER_REDEEMED` tells the change of product.
    func changeRenewalPreference(
        _ preference: RenewalPreference?, of current: LedgerTransaction, in store: any LedgerStorageSession,
        redeeming: Bool = false
    ) async throws {
        let old = try await storedRenewalPreference(originalID: current.originalID, in: store)
        try await saveRenewalPreference(preference?.storedText, originalID: current.originalID, in: store)
        let renewsAs = preference?.productID ?? current.productID
        if !redeeming, renewsAs != (old?.productID ?? current.productID),
           try await store.pendingOffers(account: account).contains(where: { $0.originalID == current.originalID && $0.productID != renewsAs }) {
            try await store.deletePendingOffers(account: account, originalID: current.originalID)
        }
        for kind in NotificationKind.preferenceChange(from: old, to: preference, currentProductID: current.productID)
        where !(redeeming && kind.type == "DID_CHANGE_RENEWAL_PREF") {
            try await enqueue(kind, key: "preference.\(current.originalID).\(UUID().uuidString)", about: current, in: store)
        }
    }

    /// The stored preference of the account's chain `originalID`, in the write or read `store` runs.
    func storedRenewalPreference(originalID: Int64, in store: any LedgerStorageSession) async throws -> RenewalPreference? {
        try await store.storeState(account: account, key: Self.renewalKeyPrefix + String(originalID))?.text
            .flatMap(RenewalPreference.init(storedText:))
    }

    func saveRenewalPreference(_ text: String?, originalID: Int64, in store: any LedgerStorageSession) async throws {
        try await store.setStoreState(text.map(StoreStateValue.text), account: account, key: Self.renewalKeyPrefix + String(originalID))
    }

    func deleteRenewalPreferences(in store: any LedgerStorageSession) async throws {
        try await store.deleteStoreStates(account: account, keyPrefix: Self.renewalKeyPrefix)
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
