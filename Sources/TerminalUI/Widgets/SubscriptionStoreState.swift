import Foundation
import StorefrontModel

/// The customer's standing in the group a `SubscriptionStoreView` sells: the plan they
/// have, the plan that renews next, when, and whether an introductory offer is open.
///
/// ```swift
/// let standing = storefront.snapshot.subscriptionGroup("birdfood.pass").map(SubscriptionStanding.init)
/// ```
public struct SubscriptionStanding: Sendable, Hashable {
    /// The plan that gives access now.
    public var currentProductID: Product.ID?
    /// The plan that renews next: marked and not for sale again. `nil` with auto-renew off.
    public var autoRenewPreference: Product.ID?
    /// When the current period ends (deferred plan changes take effect then).
    public var renewalDate: Date?
    /// Once per group: false as soon as the customer subscribed to any of its plans.
    public var isEligibleForIntroOffer: Bool
    /// The win-back offers a churned subscriber may take, best first
    /// (`RenewalInfo.eligibleWinBackOfferIDs`); empty for anyone else.
    public var eligibleWinBackOfferIDs: [String]

    public init(
        currentProductID: Product.ID? = nil,
        autoRenewPreference: Product.ID? = nil,
        renewalDate: Date? = nil,
        isEligibleForIntroOffer: Bool = true,
        eligibleWinBackOfferIDs: [String] = []
    ) {
        self.currentProductID = currentProductID
        self.autoRenewPreference = autoRenewPreference
        self.renewalDate = renewalDate
        self.isEligibleForIntroOffer = isEligibleForIntroOffer
        self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs
    }

    /// The standing the storefront reports for a group.
    public init(_ group: SubscriptionGroupStatus) {
        self.init(
            currentProductID: group.currentProductID,
            autoRenewPreference: group.autoRenewPreference,
            renewalDate: group.current?.transaction.verifiedValue?.expirationDate,
            isEligibleForIntroOffer: group.isEligibleForIntroOffer,
            eligibleWinBackOfferIDs: group.eligibleWinBackOfferIDs
        )
    }

    /// Someone who never subscribed to the group.
    public static let neverSubscribed = SubscriptionStanding()
}

/// The part of a `SubscriptionStoreView`'s state the app owns: the chosen plan and the
/// focus. (Redeem Code opens a `RedeemCodeSheet` over the whole screen.)
///
/// ```swift
/// var state = SubscriptionStoreState()
/// state.selectedID = content.selection(movedBy: 1, from: content.selection(for: state))  // down
/// ```
public struct SubscriptionStoreState: Sendable, Hashable {
    /// The chosen plan; `nil` (or a plan no longer shown) means the default selection.
    public var selectedID: Product.ID?
    public var focus: StoreFocus

    public init(selectedID: Product.ID? = nil, focus: StoreFocus = .list) {
        self.selectedID = selectedID
        self.focus = focus
    }
}
