import Foundation
import StorefrontModel

// Billing plans in a subscription store: a yearly plan that can also be paid monthly with
// a 12-month commitment shows the billing plan the view prefers, and the customer turns
// it to the other with b; the plan is bought as it shows.

extension SubscriptionStoreView {
    /// Chooses the billing plan a plan shows first: the plan and its subscription info in,
    /// one of its `pricingTerms` out; nil for StoreKit's default, paid up front.
    public typealias PreferredPricingTermsAction = @Sendable (Product, Product.SubscriptionInfo) -> Product.SubscriptionInfo.PricingTerms?

    /// Shows each plan with the billing plan `terms` picks, as StoreKit's
    /// `.preferredSubscriptionPricingTerms` does; the customer can still turn it to the
    /// other (b). Terms that are not the plan's own are ignored.
    ///
    /// ```swift
    /// pass.preferredSubscriptionPricingTerms { _, subscription in
    ///     subscription.pricingTerms.first { $0.billingPlanType == .monthly }
    /// }
    /// ```
    public func preferredSubscriptionPricingTerms(_ terms: PreferredPricingTermsAction?) -> Self {
        var copy = self
        copy.preferredPricingTerms = terms
        return copy
    }

    /// How `product` shows before the customer chooses: their current plan as they pay
    /// it, else as `preferredSubscriptionPricingTerms` picks, else up front; nil for a plan
    /// without a monthly billing plan.
    func billingPlan(for product: Product, standing: SubscriptionStanding?) -> Product.SubscriptionInfo.BillingPlanType? {
        guard let info = product.subscription, info.monthlyPricingTerms != nil else { return nil }
        if product.id == standing?.currentProductID, let paid = standing?.billingPlanType {
            return paid == .monthly ? .monthly : .upFront
        }
        let preferred = preferredPricingTerms?(product, info).flatMap { info.pricingTerms.contains($0) ? $0.billingPlanType : nil }
        return preferred == .monthly ? .monthly : .upFront
    }
}

extension SubscriptionOption {
    /// The plan paid by `plan`: a monthly plan takes no offer (the store applies none to
    /// it), and paying up front again brings its offer back. A plan without billing plans
    /// stays as it is.
    func billed(as plan: Product.SubscriptionInfo.BillingPlanType?) -> SubscriptionOption {
        guard let plan, product.subscription?.monthlyPricingTerms != nil else { return self }
        var copy = self
        if billingPlan == nil { copy.upFrontOffer = activeOffer }
        copy.billingPlan = plan
        copy.activeOffer = plan == .monthly ? nil : copy.upFrontOffer
        return copy
    }

    /// The monthly plan's terms, when the plan is paid monthly.
    public var monthlyPricingTerms: Product.SubscriptionInfo.PricingTerms? {
        billingPlan == .monthly ? product.subscription?.monthlyPricingTerms : nil
    }

    /// The billing plan b turns the plan to; nil when it has one way to pay, or is the
    /// plan that renews next (not for sale).
    public var otherBillingPlan: Product.SubscriptionInfo.BillingPlanType? {
        guard isPurchasable, let billingPlan else { return nil }
        return billingPlan == .monthly ? .upFront : .monthly
    }

    /// What buying the plan from here adds to the purchase: its offer, and the monthly
    /// billing plan when it is paid monthly.
    public var purchaseOptions: Set<Product.PurchaseOption> {
        let offer = activeOffer?.purchaseOptions ?? []
        return billingPlan == .monthly ? offer.union([.billingPlanType(.monthly)]) : offer
    }
}

extension SubscriptionStoreContent {
    /// The plans paid as the customer chose in `state`.
    ///
    /// ```swift
    /// content.billed(by: SubscriptionStoreState(billingPlans: [yearly.id: .monthly]))
    /// ```
    public func billed(by state: SubscriptionStoreState) -> SubscriptionStoreContent {
        guard !state.billingPlans.isEmpty else { return self }
        return replacingOptions(options.map { option in
            state.billingPlans[option.id].map { option.isPurchasable ? option.billed(as: $0) : option } ?? option
        })
    }
}
