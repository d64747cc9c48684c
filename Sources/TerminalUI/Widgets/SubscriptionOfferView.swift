import StorefrontModel

/// One subscription of a group with the best offer this customer can take on it: the
/// terminal form of StoreKit's `SubscriptionOfferView` (iOS 26).
///
/// Which plan: the one in `visibleRelationship` to the customer's current plan (`.current`
/// the plan itself, `.upgrade` the first higher tier, …), in the group's level order; with
/// no current plan, the plan a lapsed customer last had, else the group's first plan.
/// Which offer, best first: a win-back offer the customer is eligible for
/// (`RenewalInfo.eligibleWinBackOfferIDs`), then the promotional offer the app supplies,
/// then the introductory offer when the customer may take it.
///
/// ```swift
/// let offer = SubscriptionOfferView(groupID: "birdfood.pass", visibleRelationship: .upgrade)
///     .subscriptionOfferViewStyle(.compact)
///     .subscriptionOfferViewDetailAction { await showPlanDetails() }
/// ```
public struct SubscriptionOfferView: InAppPurchaseView {
    /// How the offer is drawn.
    public enum Style: Sendable, Hashable, CaseIterable {
        /// A card: the plan, its price, the offer's terms and a Subscribe button.
        case automatic
        /// One line: the plan, the offer in a few words, and the button.
        case compact
    }

    /// What the app supplies a promotional offer with: the plan and its subscription info
    /// in, the offer to show and apply out (nil: none for this customer).
    public typealias PromotionalOfferAction = @Sendable (Product, Product.SubscriptionInfo) -> Product.SubscriptionOffer?

    public let groupID: String
    /// Which plan to show, relative to the customer's current plan.
    public let visibleRelationship: Product.SubscriptionRelationship
    public var modifiers = StoreViewModifiers()
    public internal(set) var style: Style = .automatic
    /// What the detail key runs; nil shows no detail key.
    public internal(set) var detailAction: (@Sendable () async -> Void)?
    public internal(set) var promotionalOffer: PromotionalOfferAction?

    /// The offer view of one plan of group `groupID`.
    public init(groupID: String, visibleRelationship: Product.SubscriptionRelationship = .all) {
        self.groupID = groupID
        self.visibleRelationship = visibleRelationship
    }

    /// Draws the offer as a card (`.automatic`) or on one line (`.compact`).
    public func subscriptionOfferViewStyle(_ style: Style) -> Self {
        var copy = self
        copy.style = style
        return copy
    }

    /// Runs `action` when the customer asks for the plan's details (the d key); nil
    /// removes it.
    ///
    /// ```swift
    /// view.subscriptionOfferViewDetailAction { await router.show(.planDetails) }
    /// ```
    public func subscriptionOfferViewDetailAction(_ action: (@Sendable () async -> Void)?) -> Self {
        var copy = self
        copy.detailAction = action
        return copy
    }

    /// The promotional offer to show and apply when no win-back offer applies, signed by
    /// the app's server: `offer` picks it, `compactJWS` signs it. The store applies it only
    /// to a customer who has subscribed to the group before, and only with a signature it
    /// verifies (see `InAppPurchaseView.subscriptionPromotionalOffer(offer:compactJWS:)`).
    ///
    /// ```swift
    /// view.subscriptionPromotionalOffer { product, _ in
    ///     product.subscription?.promotionalOffers.first { $0.id == "returning" }
    /// } compactJWS: { product, _, offer in
    ///     try await myServer.signPromotionalOffer(product: product.id, offer: offer.id!)
    /// }
    /// ```
    public func subscriptionPromotionalOffer(
        offer: @escaping PromotionalOfferAction,
        compactJWS: @escaping @Sendable (Product, Product.SubscriptionInfo, Product.SubscriptionOffer) async throws -> String
    ) -> Self {
        var copy = inAppPurchaseOptions(PurchaseActions.promotionalOfferOptions(offer: offer, compactJWS: compactJWS))
        copy.promotionalOffer = offer
        return copy
    }
}
