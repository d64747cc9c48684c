import Foundation
import StorefrontModel

/// What a `SubscriptionOfferView` shows: the plan chosen by relationship, the best offer
/// this customer can take on it, and how the load stands.
///
/// ```swift
/// let content = offerView.content(for: loaded, standing: standing, groupDisplayName: "Backyard Birds Pass")
/// content.visibleSubscription?.displayName  // "Premium Monthly"
/// content.activeOffer?.type                 // .winBack
/// ```
public struct SubscriptionOfferContent: Sendable {
    /// The group's plans as a picker would show them, with the customer's standing.
    public let plans: SubscriptionStoreContent
    /// The plan shown; nil while loading or when no plan has the relationship asked for.
    public let option: SubscriptionOption?
    /// The offer shown and applied on purchase; nil for none.
    public let activeOffer: Product.SubscriptionOffer?

    /// The plan shown, as StoreKit's configuration names it.
    public var visibleSubscription: Product? { option?.product }

    /// What a purchase from the view adds to apply `activeOffer` (see
    /// `Product.SubscriptionOffer.purchaseOptions`).
    public var purchaseOptions: Set<Product.PurchaseOption> {
        activeOffer?.purchaseOptions ?? []
    }

    /// Whether Enter subscribes now: the standing is known and the plan is not the one
    /// that already renews next.
    public var isPurchasable: Bool {
        plans.offersPlans && plans.standing != nil && option?.isPurchasable == true
    }
}

extension SubscriptionOfferView {
    /// The plan and offer for a load state and the customer's `standing` (`nil` while it
    /// loads: no offer is promised then).
    public func content(for state: Product.CollectionTaskState, standing: SubscriptionStanding?, groupDisplayName: String? = nil) -> SubscriptionOfferContent {
        let plans = SubscriptionStoreView(groupID: groupID).content(for: state, standing: standing, groupDisplayName: groupDisplayName)
        guard case .loaded = plans.phase, let option = visibleOption(in: plans) else {
            return SubscriptionOfferContent(plans: plans, option: nil, activeOffer: nil)
        }
        var shown = option
        // The plan's own offer is the one drawn and applied: the best for this customer.
        shown.activeOffer = bestOffer(for: option.product, in: plans)
        return SubscriptionOfferContent(plans: plans, option: shown, activeOffer: shown.activeOffer)
    }

    /// With a current plan: of the plans in `visibleRelationship` to it, one the customer
    /// can buy first, then one of the current plan's period, then the nearest tier (our
    /// rule; StoreKit does not say). With none: the plan they lapsed from, else the first.
    private func visibleOption(in plans: SubscriptionStoreContent) -> SubscriptionOption? {
        guard let current = plans.currentProduct?.subscription else {
            let lapsed = plans.standing?.lapsedProductID
            return plans.options.first { $0.id == lapsed } ?? plans.options.first
        }
        let candidates = plans.options.filter { option in
            option.relationship.map { visibleRelationship.contains($0) } ?? false
        }
        return candidates.enumerated().min { lhs, rhs in
            rank(lhs.element, current: current, offset: lhs.offset) < rank(rhs.element, current: current, offset: rhs.offset)
        }?.element
    }

    private func rank(_ option: SubscriptionOption, current: Product.SubscriptionInfo, offset: Int) -> (Int, Int, Int, Int) {
        let info = option.product.subscription
        return (
            option.isPurchasable ? 0 : 1,
            info?.subscriptionPeriod == current.subscriptionPeriod ? 0 : 1,
            abs((info?.groupLevel ?? 0) - current.groupLevel),
            offset
        )
    }

    /// Win-back first (the first eligible ID this plan has), then the app's promotional
    /// offer for a customer who subscribed before, then the introductory offer.
    private func bestOffer(for product: Product, in plans: SubscriptionStoreContent) -> Product.SubscriptionOffer? {
        guard let standing = plans.standing, let info = product.subscription else { return nil }
        let eligible = SubscriptionStoreView.eligibleOffers(for: product, standing: standing)
        if let winBack = eligible.first(where: { $0.type == .winBack }) { return winBack }
        let subscribedBefore = !standing.isEligibleForIntroOffer || standing.currentProductID != nil
        if subscribedBefore, let offer = promotionalOffer?(product, info) { return offer }
        return eligible.first { $0.type == .introductory }
    }
}
