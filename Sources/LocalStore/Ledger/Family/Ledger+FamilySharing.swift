import Foundation

/// Family Sharing inside the ledger's writes: every member of a family holds a transaction of
/// its own (`ownershipType` FAMILY_SHARED, its own ID, the purchase's original purchase date)
/// for each shareable purchase of another member, in force while both are in the family and
/// the purchase stands. A write of an account in a family brings the whole family up to date in
/// the same database transaction: new purchases and renewals shared (with their notifications),
/// expiries, upgrades and renewal preferences mirrored, and what the family no longer gives
/// revoked (`REVOKE`).
extension Ledger {
    /// This ledger, sharing the products `isShareable` names with each account's family.
    ///
    /// ```swift
    /// let shared = ledger.sharingWithFamily { $0 == "lifetime" }
    /// ```
    public func sharingWithFamily(_ isShareable: @escaping @Sendable (String) -> Bool) -> Ledger {
        var ledger = self
        ledger.familyShareable = isShareable
        return ledger
    }

    /// Runs a write's `body`, then, when the account was in a family, brings that family (and
    /// the one it is in after `body`) up to date. An account in no family costs one small read.
    func sharingWithFamily<T: Sendable>(
        in store: any LedgerStorageSession, _ body: @Sendable (any LedgerStorageSession) async throws -> T
    ) async throws -> T {
        guard familyShareable != nil else { return try await body(store) }
        let before = FamilyGroups(memberships: try await store.familyMemberships()).family(of: account)
        guard !before.isEmpty else { return try await body(store) }
        let result = try await body(store)
        let after = FamilyGroups(memberships: try await store.familyMemberships())
        try await shareWithFamily(Set(before + after.family(of: account)), groups: after, in: store)
        return result
    }

    /// Brings each of `accounts`' family-shared transactions in line with what its family
    /// (as `groups` has them) gives it; wakes the watchers of those that changed.
    func shareWithFamily(
        _ accounts: Set<CustomerAccount>, groups: FamilyGroups, in store: any LedgerStorageSession
    ) async throws {
        guard let isShareable = familyShareable else { return }
        let now = clock.now + (try await storeTimeOffset(store))
        var rows: [CustomerAccount: [TransactionRow]] = [:]
        func rowsOf(_ account: CustomerAccount) async throws -> [TransactionRow] {
            if let known = rows[account] { return known }
            let read = try await store.transactionRows(account: account, unfinishedOnly: false)
            rows[account] = read
            return read
        }
        for member in accounts.sorted(by: { $0.id < $1.id }) {
            var shares = FamilyShares()
            for owner in groups.family(of: member) where owner != member {
                let memberships = (groups.membershipID(of: member) ?? "", groups.membershipID(of: owner) ?? "")
                for row in try await rowsOf(owner) where row.transaction.ownershipType == .purchased
                    && FamilyShares.shareableTypes.contains(row.transaction.productType) && isShareable(row.transaction.productID)
                    && keys.verify(row.jws, expectedPayload: row.transaction.signedPayload) == nil {
                    shares.add(row, of: try await rowsOf(owner), attemptID: Self.familyShareAttemptID(row.transaction.id, member, memberships))
                }
            }
            let changed = try await scoped(to: member).updateShares(shares, own: try await rowsOf(member), at: now, in: store)
            if changed, member != account { try await store.announceChange(of: member) }
        }
    }

    /// Revokes, mirrors and records this account's shares as `shares` says; true when anything changed.
    private func updateShares(
        _ shares: FamilyShares, own: [TransactionRow], at now: Date, in store: any LedgerStorageSession
    ) async throws -> Bool {
        var changed = false
        let ownByAttempt = Dictionary(own.map { ($0.purchaseAttemptID, $0.transaction) }, uniquingKeysWith: { first, _ in first })
        for copy in own where copy.transaction.ownershipType == .familyShared && copy.transaction.revocationDate == nil {
            if let source = shares.sources[copy.purchaseAttemptID]?.transaction, source.revocationDate == nil {
                changed = try await mirror(source, onto: copy.transaction.id, in: store) || changed
            } else {
                // Left the family (or the purchaser did): reason 0; refunded: the purchaser's reason.
                let refunded = shares.sources[copy.purchaseAttemptID]?.transaction
                try await revokeShare(
                    copy.transaction.id, reason: refunded?.revocationReason ?? .other, at: refunded?.revocationDate ?? now, in: store
                )
                changed = true
            }
        }
        for (attemptID, source) in shares.inForce {
            var share = ownByAttempt[attemptID]
            if share == nil {
                let previous = shares.previous(of: source)
                let previousCopy = previous.flatMap { shares.attemptID(of: $0.id) }.flatMap { ownByAttempt[$0] }
                share = try await insertShare(
                    of: source, attemptID: attemptID, continuing: previousCopy, replacing: previous?.isUpgraded == true, in: store
                )
                changed = true
            }
            if let revoked = share, revoked.revocationDate != nil {
                // The same membership's share of a source in force again: its refund was reversed.
                share = try await restoreShare(revoked.id, in: store)
                changed = true
            }
            if let share, share.revocationDate == nil, source.productType == .autoRenewable {
                changed = try await mirrorRenewalPreference(of: source, onto: share, in: store) || changed
            }
        }
        return changed
    }

    /// Gives the share's chain the purchaser's renewal preference (auto-renew off, another plan
    /// next), with the notifications of the change; false when it has it.
    private func mirrorRenewalPreference(
        of source: LedgerTransaction, onto share: LedgerTransaction, in store: any LedgerStorageSession
    ) async throws -> Bool {
        let purchasers = try await scoped(to: source.account).storedRenewalPreference(originalID: source.originalID, in: store)
        guard try await storedRenewalPreference(originalID: share.originalID, in: store) != purchasers else { return false }
        try await changeRenewalPreference(purchasers, of: share, in: store)
        return true
    }

    /// Records this account's share of `source`: the same product, dates and offer, FAMILY_SHARED,
    /// without the purchaser's app account token; a renewal continues the share of the period before.
    private func insertShare(
        of source: LedgerTransaction, attemptID: UUID, continuing previous: LedgerTransaction?, replacing: Bool,
        in store: any LedgerStorageSession
    ) async throws -> LedgerTransaction {
        var purchase = LedgerPurchase(
            productID: source.productID, productType: source.productType, purchaseDate: source.purchaseDate,
            expirationDate: source.expirationDate, purchasedQuantity: source.purchasedQuantity, offerType: source.offerType,
            offerID: source.offerID, offerPaymentMode: source.offerPaymentMode, ownershipType: .familyShared,
            storefront: source.storefront, price: source.price, currency: source.currency,
            subscriptionGroupID: source.subscriptionGroupID
        )
        purchase.offerPeriod = source.offerPeriod
        purchase.billingPlanType = source.billingPlanType
        purchase.commitment = source.commitment
        return try await insert(
            purchase, attemptID: attemptID, original: previous.map { (id: $0.originalID, purchaseDate: $0.originalPurchaseDate) }, in: store,
            continuing: previous, replacing: replacing, originalPurchaseDate: source.originalPurchaseDate
        ).transaction
    }

    /// Gives the share `id` the purchase's earlier end (expired early) and upgrade; false when it has them.
    private func mirror(_ source: LedgerTransaction, onto id: Int64, in store: any LedgerStorageSession) async throws -> Bool {
        var changed = false
        _ = try await resign(id: id, in: store) { share in
            if let end = source.expirationDate, let shared = share.expirationDate, end < shared {
                share.expirationDate = end
                changed = true
            }
            if source.isUpgraded, !share.isUpgraded {
                share.isUpgraded = true
                changed = true
            }
            return changed
        }
        return changed
    }

    /// Gives the share `id` back, its purchase's refund reversed, and tells the app's server as
    /// the purchaser's is told: `REFUND_REVERSED`.
    private func restoreShare(_ id: Int64, in store: any LedgerStorageSession) async throws -> LedgerTransaction {
        var revokedAt = Date.distantPast
        let row = try await resign(id: id, in: store) { share in
            revokedAt = share.revocationDate ?? revokedAt
            share.revocationDate = nil
            share.revocationReason = nil
            share.revocationType = nil
            return true
        }
        try await enqueue(NotificationKind("REFUND_REVERSED"), key: "refund-reversed.\(id).\(revokedAt.ledgerMilliseconds)", about: row.transaction, in: store)
        return row.transaction
    }

    /// Revokes the share `id` (Apple's `revocationType` FAMILY_REVOKE) and tells the app's server: `REVOKE`.
    private func revokeShare(
        _ id: Int64, reason: LedgerTransaction.RevocationReason, at date: Date, in store: any LedgerStorageSession
    ) async throws {
        let row = try await resign(id: id, in: store) { share in
            share.revocationDate = date.millisecondPrecision
            share.revocationReason = reason
            share.revocationType = .familyRevoke
            return true
        }
        try await enqueue(NotificationKind("REVOKE"), key: "revoke.\(id)", about: row.transaction, in: store)
    }

    /// The attempt ID of `member`'s share of transaction `sourceID` while both it and the
    /// purchaser keep their `memberships`: the same in every process, so a share is recorded
    /// once, and a new one after either leaves and joins again.
    static func familyShareAttemptID(_ sourceID: Int64, _ member: CustomerAccount, _ memberships: (member: String, owner: String)) -> UUID {
        UUID(nameBased: "storefront.family.\(sourceID).\(member.id).\(memberships.member).\(memberships.owner)")
    }
}

/// What one member's family gives it: the shareable purchases of the others, each under the
/// attempt ID of this member's share of it, with the chains they belong to. Pure.
struct FamilyShares {
    /// Apple shares non-consumables and auto-renewable subscriptions, never consumables.
    static let shareableTypes: Set<LedgerTransaction.ProductType> = [.nonConsumable, .autoRenewable]

    private(set) var sources: [UUID: TransactionRow] = [:]
    private var attemptIDs: [Int64: UUID] = [:]
    private var chains: [Int64: [LedgerTransaction]] = [:]

    mutating func add(_ row: TransactionRow, of ownerRows: [TransactionRow], attemptID: UUID) {
        sources[attemptID] = row
        attemptIDs[row.transaction.id] = attemptID
        let originalID = row.transaction.originalID
        if chains[originalID] == nil {
            chains[originalID] = ownerRows.map(\.transaction).filter { $0.originalID == originalID && $0.account == row.transaction.account }
        }
    }

    func attemptID(of transactionID: Int64) -> UUID? { attemptIDs[transactionID] }

    /// The transaction before `source` in its chain, if any.
    func previous(of source: LedgerTransaction) -> LedgerTransaction? {
        chains[source.originalID]?.last { $0.id < source.id }
    }

    /// The purchases to share now, oldest first: every standing non-consumable, and the
    /// period in force of each subscription chain (earlier periods are never shared late).
    var inForce: [(UUID, LedgerTransaction)] {
        sources.map { ($0.key, $0.value.transaction) }
            .filter { _, source in
                guard source.revocationDate == nil else { return false }
                guard source.productType == .autoRenewable else { return true }
                return !source.isUpgraded && chains[source.originalID]?.last?.id == source.id
            }
            .sorted { $0.1.id < $1.1.id }
    }
}
