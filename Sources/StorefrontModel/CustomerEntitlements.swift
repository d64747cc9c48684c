import Foundation

/// What the customer owns at one moment, derived from the ledger by fixed rules.
///
/// The rules, applied to verified transactions only:
/// - a non-consumable entitles while its latest purchase is not refunded;
/// - an auto-renewable subscription entitles through its group's status: `.subscribed`,
///   or `.inGracePeriod` until the grace period ends; never `.inBillingRetryPeriod`,
///   `.expired` or `.revoked`, nor a refunded or upgraded-away transaction;
/// - a non-renewing subscription entitles while its latest purchase is not refunded
///   and has not expired (no expiration date means it does not expire);
/// - a consumable never entitles, but the quantities bought and not refunded are counted.
///
/// ```swift
/// let owned = CustomerEntitlements(transactions: ledger, statuses: statuses, now: clock.now)
/// if owned.purchasedProductIDs.contains("pro.lifetime") { print("Pro") }
/// print(owned.consumableCounts["tip.small", default: 0], "small tips")
/// ```
public struct CustomerEntitlements: Hashable, Sendable {
    /// The transaction that entitles the customer, per product.
    public let transactions: [Product.ID: Transaction]
    /// Units bought and not refunded, per consumable product.
    public let consumableCounts: [Product.ID: Int]
    /// The customer's standing in each subscription group the ledger mentions.
    public let subscriptionGroups: [String: SubscriptionGroupStatus]

    /// The products that entitle the customer now.
    public var purchasedProductIDs: Set<Product.ID> {
        Set(transactions.keys)
    }

    /// The customer's standing in `groupID`; a group never subscribed to is empty and
    /// still eligible for its introductory offer.
    public func subscriptionGroup(_ groupID: String) -> SubscriptionGroupStatus {
        subscriptionGroups[groupID] ?? SubscriptionGroupStatus(neverSubscribed: groupID)
    }

    /// Applies the rules to the ledger (`transactions`), the subscription `statuses` of
    /// every group, and the time `now`.
    public init(
        transactions: [VerificationResult<Transaction>],
        statuses: [Product.SubscriptionInfo.Status],
        now: Date
    ) {
        let verified = transactions.compactMap(\.verifiedValue)
        let standing = verified.filter { $0.revocationDate == nil }
        let latest = Dictionary(grouping: standing, by: \.productID)
            .compactMapValues { $0.max { $0.purchaseDate < $1.purchaseDate } }

        var entitling = latest.filter { _, transaction in
            switch transaction.productType {
            case .nonConsumable: true
            case .nonRenewable: transaction.expirationDate.map { now < $0 } ?? true
            case .consumable, .autoRenewable: false
            }
        }
        for status in statuses where Self.entitles(status, now: now) {
            if let transaction = status.transaction.verifiedValue {
                entitling[transaction.productID] = transaction
            }
        }
        self.transactions = entitling

        self.consumableCounts = standing
            .filter { $0.productType == .consumable }
            .reduce(into: [:]) { counts, transaction in
                counts[transaction.productID, default: 0] += transaction.purchasedQuantity
            }

        var statusesByGroup: [String: [Product.SubscriptionInfo.Status]] = [:]
        for status in statuses {
            guard let groupID = status.transaction.unsafePayloadValue.subscriptionGroupID else { continue }
            statusesByGroup[groupID, default: []].append(status)
        }
        let subscribedGroups = Set(verified.compactMap(\.subscriptionGroupID))
        var groups: [String: SubscriptionGroupStatus] = [:]
        for groupID in subscribedGroups.union(statusesByGroup.keys) {
            groups[groupID] = SubscriptionGroupStatus(
                groupID: groupID,
                statuses: statusesByGroup[groupID] ?? [],
                // Intro offers are for customers new to the group: any subscription
                // there, even a refunded one, uses up the chance.
                isEligibleForIntroOffer: !subscribedGroups.contains(groupID),
                now: now
            )
        }
        self.subscriptionGroups = groups
    }

    /// Whether a group status gives access at `now`.
    static func entitles(_ status: Product.SubscriptionInfo.Status, now: Date) -> Bool {
        guard status.state.isEntitled,
              let transaction = status.transaction.verifiedValue,
              transaction.revocationDate == nil, !transaction.isUpgraded
        else { return false }
        if status.state == .inGracePeriod,
           let graceEnd = status.renewalInfo.verifiedValue?.gracePeriodExpirationDate {
            return now < graceEnd
        }
        return true
    }
}

extension CustomerEntitlements {
    /// The transaction that already gives the customer `product`, when buying it again
    /// would get nothing new: an owned non-consumable, or the current plan of a group
    /// renewing into itself. (A plan whose renewal is off or changing may be chosen again:
    /// that resubscribes.)
    ///
    /// ```swift
    /// if let owned = entitlements.alreadyPurchased(lifetime) { print("Owned since", owned.purchaseDate) }
    /// ```
    public func alreadyPurchased(_ product: Product) -> Transaction? {
        switch product.type {
        case .nonConsumable:
            return transactions[product.id]
        case .autoRenewable:
            guard let groupID = product.subscription?.subscriptionGroupID else { return nil }
            let group = subscriptionGroup(groupID)
            guard group.currentProductID == product.id, group.autoRenewPreference == product.id else { return nil }
            return group.current?.transaction.verifiedValue
        case .consumable, .nonRenewable:
            return nil
        }
    }
}
