import Foundation
import StorefrontModel

/// One plan of a subscription store, with how it relates to the customer's plan.
///
/// ```swift
/// for option in content.options {
///     print(option.product.displayName, option.isCurrent ? "(current)" : "", option.isPurchasable)
/// }
/// ```
public struct SubscriptionOption: Sendable, Identifiable {
    public let product: Product
    /// Upgrade, downgrade, crossgrade or current; `nil` without a current plan.
    public let relationship: Product.SubscriptionRelationship?
    /// The plan that gives access now.
    public let isCurrent: Bool
    /// The plan that renews next (the current one, or a scheduled change).
    public let renewsNext: Bool
    /// The offer shown with the plan and applied when it is bought: the introductory
    /// offer when the customer may take it, or what `preferredSubscriptionOffer` chose.
    public internal(set) var activeOffer: Product.SubscriptionOffer?
    /// How the plan is paid when bought from here: nil for a plan without billing plans;
    /// `.upFront` or `.monthly` for a yearly plan that has a monthly one, as the customer
    /// chose (`SubscriptionStoreState.billingPlans`), else as `preferredSubscriptionPricingTerms`
    /// did, else up front. The customer's own plan shows how they pay it.
    public internal(set) var billingPlan: Product.SubscriptionInfo.BillingPlanType?
    /// The offer paid up front: a monthly plan takes none, so it comes back when the
    /// customer turns to paying up front again.
    var upFrontOffer: Product.SubscriptionOffer?

    public var id: Product.ID { product.id }

    /// Whether subscribing is offered: never for the plan that already renews next.
    public var isPurchasable: Bool { !renewsNext }
}

/// What a `SubscriptionStoreView` shows: its plans in display order, filtered by the
/// visible relationships, with the customer's standing. Build it when the load or the
/// standing changes.
///
/// ```swift
/// let content = pass.content(
///     for: storefront.snapshot.products["pass"] ?? .loading,
///     standing: storefront.snapshot.subscriptionGroup("birdfood.pass").map(SubscriptionStanding.init),
///     groupDisplayName: "Backyard Birds Pass"
/// )
/// content.defaultSelection  // the first plan that is not the current one
/// ```
public struct SubscriptionStoreContent: Sendable {
    public enum Phase: Sendable {
        case loading
        case failure(any Error)
        /// The customer's standing could not be read: the plans that loaded show, but
        /// nothing is offered, since a trial or a purchase might be wrong for them.
        case statusFailure(any Error)
        case loaded
    }

    public let phase: Phase
    public let options: [SubscriptionOption]
    /// The header when the view has no marketing content of its own.
    public let groupDisplayName: String?
    /// `nil` while the customer's standing is loading: no intro offers promised then.
    public let standing: SubscriptionStanding?
    /// The current plan, when it is among the loaded products.
    public let currentProduct: Product?

    /// The content with `options` in place of its own: the same plans, paid another way.
    func replacingOptions(_ options: [SubscriptionOption]) -> SubscriptionStoreContent {
        SubscriptionStoreContent(phase: phase, options: options, groupDisplayName: groupDisplayName, standing: standing, currentProduct: currentProduct)
    }

    init(phase: Phase, options: [SubscriptionOption] = [], groupDisplayName: String?, standing: SubscriptionStanding?, currentProduct: Product? = nil) {
        self.phase = phase
        self.options = options
        self.groupDisplayName = groupDisplayName
        self.standing = standing
        self.currentProduct = currentProduct
    }

    /// The same plans for a customer whose standing could not be read: shown, with no
    /// standing (so no introductory offer), and none of them for sale. A load that failed
    /// or is still going keeps its phase.
    public func unreadableStanding(_ error: any Error) -> SubscriptionStoreContent {
        guard case .loaded = phase else { return self }
        return SubscriptionStoreContent(phase: .statusFailure(error), options: options, groupDisplayName: groupDisplayName, standing: nil)
    }

    /// The same content with only the plans `isShown` keeps: a page, an option group.
    func showing(_ isShown: (SubscriptionOption) -> Bool) -> SubscriptionStoreContent {
        SubscriptionStoreContent(
            phase: phase, options: options.filter(isShown), groupDisplayName: groupDisplayName,
            standing: standing, currentProduct: currentProduct
        )
    }

    /// Whether a plan may be subscribed to now: the plans loaded and the customer's
    /// standing is known.
    public var offersPlans: Bool {
        if case .loaded = phase { true } else { false }
    }

    /// The plan picked when the customer has not picked one: the first in display order
    /// that is neither the current plan nor the one renewing next; the first plan if all are.
    ///
    /// ```swift
    /// // basic (current), premium, premium yearly
    /// content.defaultSelection  // "premium"
    /// ```
    public var defaultSelection: Product.ID? {
        (options.first { !$0.isCurrent && !$0.renewsNext } ?? options.first)?.id
    }

    /// The plan `state` has chosen, or the default when it chose none (or one not shown).
    public func selection(for state: SubscriptionStoreState) -> Product.ID? {
        guard let chosen = state.selectedID, options.contains(where: { $0.id == chosen }) else { return defaultSelection }
        return chosen
    }

    /// The plan `delta` places after `id` (before, when negative), stopping at the ends.
    ///
    /// ```swift
    /// state.selectedID = content.selection(movedBy: 1, from: content.selection(for: state))  // down
    /// ```
    public func selection(movedBy delta: Int, from id: Product.ID?) -> Product.ID? {
        guard !options.isEmpty else { return nil }
        let index = options.firstIndex { $0.id == id } ?? 0
        return options[min(max(0, index + delta), options.count - 1)].id
    }

    /// Whether the customer would get an introductory offer now: standing known,
    /// eligible, and no active plan in the group (a plan change never starts a trial).
    public var offersIntroductoryPrice: Bool {
        guard let standing else { return false }
        return standing.isEligibleForIntroOffer && standing.currentProductID == nil
    }
}

extension SubscriptionStoreView {
    /// The plans for a load state and the customer's `standing` (`nil` while loading):
    /// in level order for a group (level 1 first, then shorter periods first, then as
    /// loaded), in the given order otherwise; only relationships in `visibleRelationships`.
    public func content(for state: Product.CollectionTaskState, standing: SubscriptionStanding?, groupDisplayName: String? = nil) -> SubscriptionStoreContent {
        switch state {
        case .loading:
            return SubscriptionStoreContent(phase: .loading, groupDisplayName: groupDisplayName, standing: standing)
        case .failure(let error):
            return SubscriptionStoreContent(phase: .failure(error), groupDisplayName: groupDisplayName, standing: standing)
        case .success(let products, _):
            let plans = orderedPlans(products)
            let current = standing?.currentProductID.flatMap { id in plans.first { $0.id == id } }
            let options = plans.map { product in
                SubscriptionOption(
                    product: product,
                    relationship: current.flatMap { Product.SubscriptionRelationship(from: $0, to: product) },
                    isCurrent: product.id == standing?.currentProductID,
                    renewsNext: product.id == standing?.autoRenewPreference,
                    activeOffer: standing.flatMap { activeOffer(for: product, standing: $0) }
                ).billed(as: billingPlan(for: product, standing: standing))
            }
            let visible = options.filter { option in
                option.relationship.map { visibleRelationships.contains($0) } ?? true
            }
            return SubscriptionStoreContent(
                phase: .loaded, options: visible, groupDisplayName: groupDisplayName, standing: standing, currentProduct: current
            )
        }
    }

    /// The offers `standing` makes the customer eligible for on `product`, best first:
    /// win-back offers in the store's order, the introductory offer for a new subscriber
    /// of the group, the promotional offers for someone who subscribed before.
    public static func eligibleOffers(for product: Product, standing: SubscriptionStanding) -> [Product.SubscriptionOffer] {
        guard let info = product.subscription else { return [] }
        let winBack = standing.eligibleWinBackOfferIDs.compactMap { id in info.winBackOffers.first { $0.id == id } }
        let isNew = standing.isEligibleForIntroOffer && standing.currentProductID == nil
        let introductory = isNew ? [info.introductoryOffer].compactMap { $0 } : []
        let promotional = isNew ? [] : info.promotionalOffers.filter { $0.type == .promotional }
        return winBack + introductory + promotional
    }

    /// What `preferredSubscriptionOffer` picks of the offers the customer can get here;
    /// without it, or when it picks one they cannot, a churned subscriber's win-back offer,
    /// else the introductory offer when the customer may take it. A promotional offer the
    /// view does not sign is not one they can get: the store would charge the full price.
    private func activeOffer(for product: Product, standing: SubscriptionStanding) -> Product.SubscriptionOffer? {
        guard let info = product.subscription else { return nil }
        let signed = modifiers.signedPromotionalOffer?(product, info)
        let eligible = Self.eligibleOffers(for: product, standing: standing).filter { $0.type != .promotional || $0 == signed }
        let standard = eligible.first { $0.type == .winBack || $0.type == .introductory }
        guard let preferredOffer else { return standard }
        guard let chosen = preferredOffer(product, info, eligible) else { return nil }
        return eligible.contains(chosen) ? chosen : standard
    }

    private func orderedPlans(_ products: [Product]) -> [Product] {
        guard case .group(let groupID) = source else {
            return products.filter { $0.subscription != nil }
        }
        let members = products.enumerated().compactMap { offset, product in
            product.subscription.flatMap { $0.subscriptionGroupID == groupID ? (offset, product, $0) : nil }
        }
        return members.sorted { lhs, rhs in
            (lhs.2.groupLevel, lhs.2.subscriptionPeriod.approximateDays, lhs.0)
                < (rhs.2.groupLevel, rhs.2.subscriptionPeriod.approximateDays, rhs.0)
        }.map(\.1)
    }
}

extension Product.SubscriptionPeriod {
    /// Length in days, near enough to order periods (a month is 30 days).
    var approximateDays: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }
}
