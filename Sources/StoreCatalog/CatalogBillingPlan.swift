import Foundation

/// One way to pay for a yearly subscription: an element of its `billingPlans` (`.storekit`
/// 5.0 and later). StoreKit shows them as `Product.SubscriptionInfo.pricingTerms`.
///
/// A `MONTHLY` plan is "monthly with a 12-month commitment": the customer pays `displayPrice`
/// each month for twelve months, `commitmentDisplayPrice` in all. A `BILLED_UPFRONT` plan is
/// the subscription's own yearly price. The file's prices can disagree with the
/// subscription's own `displayPrice`; the subscription's stays its price.
///
/// ```swift
/// let monthly = product.subscription?.billingPlans.first { $0.type == .monthly && $0.isEnabled }
/// print(monthly?.displayPrice ?? "", monthly?.commitmentDisplayPrice ?? "")  // "$4.99 $59.88"
/// ```
public struct CatalogBillingPlan: Sendable, Equatable {
    /// The file's `billingPlanType`, spelled as App Store Server payloads spell it.
    public enum PlanType: String, Sendable, Hashable, CaseIterable {
        case billedUpfront = "BILLED_UPFRONT"
        case monthly = "MONTHLY"
    }

    /// A monthly plan's commitment: twelve monthly payments.
    public static let commitmentPeriods = 12

    public var type: PlanType
    public var internalID: String?
    /// What each payment costs: a month's for `monthly`, the year's for `billedUpfront`.
    public var price: Decimal
    public var displayPrice: String
    /// What the whole commitment costs.
    public var commitmentPrice: Decimal
    public var commitmentDisplayPrice: String
    /// Xcode's switch; a disabled plan is not offered.
    public var isEnabled: Bool

    public init(
        type: PlanType, internalID: String? = nil, price: Decimal, displayPrice: String,
        commitmentPrice: Decimal, commitmentDisplayPrice: String, isEnabled: Bool = true
    ) {
        self.type = type
        self.internalID = internalID
        self.price = price
        self.displayPrice = displayPrice
        self.commitmentPrice = commitmentPrice
        self.commitmentDisplayPrice = commitmentDisplayPrice
        self.isEnabled = isEnabled
    }

    /// How many payments the plan's commitment takes: 12 monthly, 1 up front.
    public var billingPeriods: Int { type == .monthly ? Self.commitmentPeriods : 1 }
}
