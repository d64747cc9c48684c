import Foundation
import StoreCatalog
import StorefrontModel

/// Family Sharing's controls: the customer joins or leaves a family, and what the family
/// shares reaches `updates()` as the App Store tells an app (a FAMILY_SHARED transaction;
/// the same transaction revoked when sharing ends).
///
/// ```swift
/// let bob = LocalStore(catalog: catalog, ledger: ledger, account: try CustomerAccount("bob"))
/// try await bob.joinFamily(organizedBy: try CustomerAccount("alice"))
/// // alice's family-shareable purchases are bob's too, each a transaction of his own
/// try await bob.leaveFamily()   // and revoked again
/// ```
extension LocalStore {
    /// Joins the family `organizer` organizes (see `Ledger.joinFamily(organizedBy:)`) and sends
    /// the purchases it now shares to `updates()`.
    ///
    /// - Throws: `FamilyError` when it cannot join; `LedgerError` when the store fails.
    public func joinFamily(organizedBy organizer: CustomerAccount) async throws {
        try await handingOutChanges { try await ledger.joinFamily(organizedBy: organizer) }
    }

    /// Leaves the customer's family (see `Ledger.leaveFamily()`) and sends the purchases it
    /// no longer shares, revoked, to `updates()`.
    ///
    /// - Throws: `FamilyError.notInAFamily`; `LedgerError` when the store fails.
    public func leaveFamily() async throws {
        try await handingOutChanges { try await ledger.leaveFamily() }
    }

    /// The members of the customer's family, its organizer first; empty when in none.
    public func family() async throws -> [CustomerAccount] {
        try await ledger.family()
    }

    /// The same store serving `account`: the same catalog, storefront, clock and controls.
    public func serving(_ account: CustomerAccount) -> LocalStore {
        LocalStore(
            catalog: catalog.catalog, ledger: ledger, account: account, clock: clock, storefront: catalog.country,
            locale: catalog.locale, controls: controls
        )
    }

    /// Which of `catalog`'s products Family Sharing shares: those marked `familyShareable`, of
    /// the kinds Apple shares (non-consumables and auto-renewable subscriptions).
    static func familyShareable(in catalog: Catalog) -> @Sendable (String) -> Bool {
        { productID in
            guard let item = catalog.product(id: productID), item.isFamilyShareable else { return false }
            return item.type == .nonConsumable || item.type == .autoRenewable
        }
    }

    /// Records the renewals of the purchasers' chains behind `shared` that fell due, when one
    /// of them has ended: each is shared again with this customer in the same write.
    func renewSharedChains(_ shared: [SubscriptionChain], at now: Date) async throws {
        guard followsFamilyRenewals, shared.contains(where: { chain in
            chain.isStanding && chain.current.transaction.expirationDate.map { $0 <= now } == true
        }) else { return }
        for member in try await ledger.family() where member != account {
            let purchaser = serving(member)
            await purchaser.stopFollowingFamilyRenewals()
            try await purchaser.recordDueRenewals()
        }
    }

    /// Runs `change`, then hands out the customer's transactions that are new or newly revoked.
    private func handingOutChanges(_ change: () async throws -> Void) async throws {
        let before = LedgerSighting(try await ledger.transactions(), requests: [])
        try await change()
        for entry in try await ledger.transactions() where before.isNews(entry) {
            _ = handOut(entry)
        }
    }
}
