import Foundation

/// The customer's standing in one subscription group: the current plan, what renews
/// next, and whether an introductory offer is still open to them.
///
/// ```swift
/// let group = entitlements.subscriptionGroup("birdfood.pass")
/// if let plan = group.currentProductID, let next = group.autoRenewPreference, next != plan {
///     print("Changes to \(next) at the next renewal")
/// }
/// ```
public struct SubscriptionGroupStatus: Hashable, Sendable {
    public let groupID: String
    /// As the store reported them; several only with family sharing.
    public let statuses: [Product.SubscriptionInfo.Status]
    /// Once per group: `false` as soon as the customer has subscribed to any product in it.
    public let isEligibleForIntroOffer: Bool
    /// The status that gives access now, if any.
    public let current: Product.SubscriptionInfo.Status?

    /// The standing the statuses give at `now`.
    init(groupID: String, statuses: [Product.SubscriptionInfo.Status], isEligibleForIntroOffer: Bool, now: Date) {
        self.groupID = groupID
        self.statuses = statuses
        self.isEligibleForIntroOffer = isEligibleForIntroOffer
        self.current = statuses.first { CustomerEntitlements.entitles($0, now: now) }
    }

    /// A group the customer has never subscribed to.
    init(neverSubscribed groupID: String) {
        self.groupID = groupID
        self.statuses = []
        self.isEligibleForIntroOffer = true
        self.current = nil
    }

    /// The plan the customer has now.
    public var currentProductID: Product.ID? {
        current?.transaction.verifiedValue?.productID
    }

    /// The renewal info of the current plan, when verified.
    public var renewalInfo: Product.SubscriptionInfo.RenewalInfo? {
        current?.renewalInfo.verifiedValue
    }

    /// The win-back offers the customer may take in this group now, best first: what the
    /// store put in the latest subscription's renewal info; empty while a plan gives access.
    public var eligibleWinBackOfferIDs: [String] {
        guard current == nil else { return [] }
        return statuses.first?.renewalInfo.verifiedValue?.eligibleWinBackOfferIDs ?? []
    }

    /// The product that renews next; `nil` without a current plan or with auto-renew off.
    public var autoRenewPreference: Product.ID? {
        guard let renewalInfo, renewalInfo.willAutoRenew else { return nil }
        return renewalInfo.autoRenewPreference
    }
}
