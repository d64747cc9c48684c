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
    /// The win-back offers the customer may take now, best first, from the renewal info
    /// of the group's statuses (`RenewalInfo.eligibleWinBackOfferIDs`).
    public var eligibleWinBackOfferIDs: [String]
    /// The plan a customer with no current plan had last, if they had one.
    public var lapsedProductID: Product.ID?
    /// The plan whose renewal failed for billing, in billing retry or a grace period.
    public var billingIssueProductID: Product.ID?
    /// How the current plan is paid, for a plan with billing plans.
    public var billingPlanType: Product.SubscriptionInfo.BillingPlanType?
    /// When the current plan's 12-month commitment ends, for a plan paid monthly.
    public var commitmentExpirationDate: Date?

    public init(
        currentProductID: Product.ID? = nil,
        autoRenewPreference: Product.ID? = nil,
        renewalDate: Date? = nil,
        isEligibleForIntroOffer: Bool = true,
        eligibleWinBackOfferIDs: [String] = [],
        lapsedProductID: Product.ID? = nil,
        billingIssueProductID: Product.ID? = nil,
        billingPlanType: Product.SubscriptionInfo.BillingPlanType? = nil,
        commitmentExpirationDate: Date? = nil
    ) {
        self.currentProductID = currentProductID
        self.autoRenewPreference = autoRenewPreference
        self.renewalDate = renewalDate
        self.isEligibleForIntroOffer = isEligibleForIntroOffer
        self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs
        self.lapsedProductID = lapsedProductID
        self.billingIssueProductID = billingIssueProductID
        self.billingPlanType = billingPlanType
        self.commitmentExpirationDate = commitmentExpirationDate
    }

    /// The standing the storefront reports for a group.
    public init(_ group: SubscriptionGroupStatus) {
        let renewals = group.statuses.compactMap(\.renewalInfo.verifiedValue)
        let current = group.current?.transaction.verifiedValue
        self.init(
            currentProductID: group.currentProductID,
            autoRenewPreference: group.autoRenewPreference,
            renewalDate: group.current?.transaction.verifiedValue?.expirationDate,
            isEligibleForIntroOffer: group.isEligibleForIntroOffer,
            eligibleWinBackOfferIDs: renewals.flatMap(\.eligibleWinBackOfferIDs).uniqued(by: \.self),
            lapsedProductID: group.current == nil ? group.statuses.lazy.compactMap(\.transaction.verifiedValue?.productID).first : nil,
            billingIssueProductID: group.billingIssueProductID,
            billingPlanType: current?.billingPlanType,
            commitmentExpirationDate: current?.commitmentInfo?.expirationDate
        )
    }

    /// Someone who never subscribed to the group.
    public static let neverSubscribed = SubscriptionStanding()
}

/// The part of a `SubscriptionStoreView`'s state the app owns: the chosen plan, how the
/// customer chose to pay each plan, and the focus. (Redeem Code opens a `RedeemCodeSheet`
/// over the whole screen.)
///
/// ```swift
/// var state = SubscriptionStoreState()
/// state.selectedID = content.selection(movedBy: 1, from: content.selection(for: state))  // down
/// ```
public struct SubscriptionStoreState: Sendable, Hashable {
    /// The chosen plan; `nil` (or a plan no longer shown) means the default selection.
    public var selectedID: Product.ID?
    public var focus: StoreFocus
    /// The billing plan the customer chose (b) for a plan that has several; a plan not
    /// here is paid as the view prefers (`SubscriptionOption.billingPlan`).
    public var billingPlans: [Product.ID: Product.SubscriptionInfo.BillingPlanType]

    public init(selectedID: Product.ID? = nil, focus: StoreFocus = .list, billingPlans: [Product.ID: Product.SubscriptionInfo.BillingPlanType] = [:]) {
        self.selectedID = selectedID
        self.focus = focus
        self.billingPlans = billingPlans
    }
}
