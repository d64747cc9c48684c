import Foundation
import StorefrontModel

/// The plans of a subscription group with a marketing header, a plan picker, a subscribe
/// button and the store buttons: the terminal form of StoreKit's `SubscriptionStoreView`.
///
/// By group, plans appear in level order (level 1, the highest tier, first; ties by
/// period, then as loaded); by product IDs or products, in the order given. The current
/// plan is marked and cannot be bought again; other plans say whether they upgrade,
/// downgrade or switch.
///
/// ```swift
/// let pass = SubscriptionStoreView(
///     groupID: "birdfood.pass",
///     marketing: MarketingContent(title: "Backyard Birds Pass", subtitle: "Fresh seed every month")
/// )
/// .subscriptionStoreControlStyle(.prominentPicker)
/// .subscriptionStoreButtonLabel(.multiline.action)
/// .storeButton(.visible, for: .restorePurchases)
/// ```
public struct SubscriptionStoreView: InAppPurchaseView {
    /// Where the plans come from.
    public enum Source: Sendable {
        /// Every plan of the group, in level order.
        case group(String)
        /// These plans, loaded by ID, in this order.
        case productIDs([Product.ID])
        /// These plans, already loaded, in this order.
        case subscriptions([Product])
    }

    public let source: Source
    /// Which plans to show, relative to the customer's current plan. Without a current
    /// plan every plan shows.
    public let visibleRelationships: Product.SubscriptionRelationship
    /// The header; `nil` shows the group's display name (`SubscriptionStoreContent.groupDisplayName`).
    public let marketing: MarketingContent?
    public var modifiers = StoreViewModifiers()
    public internal(set) var controlStyle: SubscriptionStoreControlStyle = .automatic
    public internal(set) var buttonLabel: SubscriptionStoreButtonLabel = .automatic
    public internal(set) var signInAction: (@Sendable () async -> Void)?
    public internal(set) var preferredOffer: PreferredOfferAction?
    /// Which billing plan each plan shows first (`preferredSubscriptionPricingTerms`).
    public internal(set) var preferredPricingTerms: PreferredPricingTermsAction?
    /// How the plans are grouped; nil for one list.
    public internal(set) var optionGroupSet: SubscriptionOptionGroupSet?
    public internal(set) var optionGroupStyle: SubscriptionOptionGroupStyle = .automatic
    public internal(set) var policyDestinations: [SubscriptionStorePolicyKind: URL] = [:]

    /// The plans of group `groupID`, filtered by `visibleRelationships`.
    ///
    /// ```swift
    /// SubscriptionStoreView(groupID: "birdfood.pass", visibleRelationships: .upgrade)
    /// ```
    public init(groupID: String, visibleRelationships: Product.SubscriptionRelationship = .all, marketing: MarketingContent? = nil) {
        source = .group(groupID)
        self.visibleRelationships = visibleRelationships
        self.marketing = marketing
    }

    /// These plans, in this order (duplicates dropped).
    ///
    /// ```swift
    /// SubscriptionStoreView(productIDs: ["pass.yearly", "pass.monthly"])
    /// ```
    public init(productIDs: some Sequence<Product.ID>, marketing: MarketingContent? = nil) {
        source = .productIDs(productIDs.uniqued(by: \.self))
        visibleRelationships = .all
        self.marketing = marketing
    }

    /// These plans, already loaded, in this order.
    public init(subscriptions: some Sequence<Product>, marketing: MarketingContent? = nil) {
        source = .subscriptions(subscriptions.uniqued(by: \.id))
        visibleRelationships = .all
        self.marketing = marketing
    }

    /// The group, when the view was made for one.
    public var groupID: String? {
        if case .group(let groupID) = source { groupID } else { nil }
    }

    /// The state to show before any load.
    public var initialProducts: Product.CollectionTaskState {
        if case .subscriptions(let products) = source { .success(products, unavailable: []) } else { .loading }
    }

    /// Picks plans with a radio list, a boxed radio list, or one button per plan.
    public func subscriptionStoreControlStyle(_ style: SubscriptionStoreControlStyle) -> Self {
        var copy = self
        copy.controlStyle = style
        return copy
    }

    /// Chooses an offer for a plan: the plan, its subscription info and the offers this
    /// customer is eligible for (best first) in; the offer to show and apply out.
    public typealias PreferredOfferAction = @Sendable (Product, Product.SubscriptionInfo, [Product.SubscriptionOffer]) -> Product.SubscriptionOffer?

    /// Picks which offer each plan shows and applies on purchase, of those the customer
    /// is eligible for; nil for none. An offer not among them is ignored, and the plan shows
    /// what it would without this modifier. A win-back or introductory offer applies by
    /// itself; a promotional one only with the app's signature, so it is among the eligible
    /// offers only when `.subscriptionPromotionalOffer(offer:compactJWS:)` signs it.
    ///
    /// ```swift
    /// pass.preferredSubscriptionOffer { _, _, eligible in
    ///     eligible.first { $0.type == .winBack } ?? eligible.first
    /// }
    /// ```
    public func preferredSubscriptionOffer(_ offer: PreferredOfferAction?) -> Self {
        var copy = self
        copy.preferredOffer = offer
        return copy
    }

    /// Groups the plans by service level or by period; nil shows one list.
    ///
    /// ```swift
    /// pass.subscriptionStoreOptionGroups(.serviceLevel)
    /// ```
    public func subscriptionStoreOptionGroups(_ set: SubscriptionOptionGroupSet?) -> Self {
        var copy = self
        copy.optionGroupSet = set
        return copy
    }

    /// Shows option groups as tabs over the plans or as links under them.
    public func subscriptionStoreOptionGroupStyle(_ style: SubscriptionOptionGroupStyle) -> Self {
        var copy = self
        copy.optionGroupStyle = style
        return copy
    }

    /// The chosen plan after ← / → (`delta` groups away, stopping at the ends): the first
    /// plan of that group that is not the customer's own; the same plan without groups.
    public func selection(movingGroupsBy delta: Int, in content: SubscriptionStoreContent, state: SubscriptionStoreState, language: InterfaceLanguage = .english) -> Product.ID? {
        guard case let (groups, index)? = chosenGroup(in: content, state: state, language: language) else { return content.selection(for: state) }
        let group = content.showing(groups[min(max(0, index + delta), groups.count - 1)])
        return group.defaultSelection
    }

    /// What the subscribe buttons say (see `SubscriptionStoreButtonLabel`).
    ///
    /// ```swift
    /// view.subscriptionStoreButtonLabel(.multiline.price)
    /// ```
    public func subscriptionStoreButtonLabel(_ label: SubscriptionStoreButtonLabel) -> Self {
        var copy = self
        copy.buttonLabel = label
        return copy
    }

    /// Shows a "Sign In" button that runs `action`; `nil` removes it.
    ///
    /// ```swift
    /// view.subscriptionStoreSignInAction { await account.signIn() }
    /// ```
    public func subscriptionStoreSignInAction(_ action: (@Sendable () async -> Void)?) -> Self {
        var copy = self
        copy.signInAction = action
        return copy
    }

    /// Links the terms of service or the privacy policy to `url`, instead of the
    /// catalog's `appPolicies`.
    ///
    /// ```swift
    /// view.subscriptionStorePolicyDestination(url: URL(string: "https://example.com/terms")!, for: .termsOfService)
    /// ```
    public func subscriptionStorePolicyDestination(url: URL, for policy: SubscriptionStorePolicyKind) -> Self {
        var copy = self
        copy.policyDestinations[policy] = url
        return copy
    }
}

/// The two policies a subscription store links to.
public enum SubscriptionStorePolicyKind: Sendable, Hashable, CaseIterable {
    case termsOfService
    case privacyPolicy
}

/// The header of a subscription store: a title and an optional subtitle.
///
/// ```swift
/// MarketingContent(title: "Backyard Birds Pass", subtitle: "A new feeder mix every month")
/// ```
public struct MarketingContent: Sendable, Hashable {
    public var title: String
    public var subtitle: String?

    public init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }
}
