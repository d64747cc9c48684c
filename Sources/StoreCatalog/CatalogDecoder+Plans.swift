import Foundation

/// The 2025-26 keys: billing plans of yearly subscriptions, and offer codes of products
/// that do not renew.
extension CatalogDecoder {
    /// A subscription's `billingPlans`. A `MONTHLY` plan is only for a yearly (`P1Y`)
    /// subscription, as App Store Connect and Xcode allow it.
    mutating func billingPlans(_ node: Node, period: SubscriptionPeriod) throws(Node.Problem) -> [CatalogBillingPlan] {
        var plans: [CatalogBillingPlan] = []
        for element in try node.array("billingPlans") {
            try element.expectObject()
            let text = try element.requiredString("billingPlanType")
            guard let type = CatalogBillingPlan.PlanType(rawValue: text) else {
                throw element.problem(at: "billingPlanType", "unknown billing plan type \"\(text)\" (expected BILLED_UPFRONT or MONTHLY)")
            }
            if type == .monthly, period != SubscriptionPeriod(value: 1, unit: .year) {
                throw element.problem(
                    at: "billingPlanType", "a MONTHLY billing plan needs a yearly subscription (P1Y), found \(period.iso8601)"
                )
            }
            let price = try self.price(element, key: "displayPrice")
            // Xcode writes the total; a hand-made file may leave it out.
            let commitment: Decimal = if try element.string("commitmentDisplayPrice") == nil {
                price * Decimal(type == .monthly ? CatalogBillingPlan.commitmentPeriods : 1)
            } else {
                try self.price(element, key: "commitmentDisplayPrice")
            }
            plans.append(CatalogBillingPlan(
                type: type,
                internalID: try element.string("internalID"),
                price: price,
                displayPrice: pricing(price).displayPrice,
                commitmentPrice: commitment,
                commitmentDisplayPrice: pricing(commitment).displayPrice,
                isEnabled: try element.bool("isEnabled") ?? true
            ))
        }
        return plans
    }

    /// The `codeOffers` of a consumable, non-consumable or non-renewing subscription
    /// (`OneTimeCodeOffer` says why the shape is this one).
    mutating func oneTimeCodeOffers(_ node: Node) throws(Node.Problem) -> [OneTimeCodeOffer] {
        var offers: [OneTimeCodeOffer] = []
        for element in try node.array("codeOffers") {
            try element.expectObject()
            let price: Decimal
            switch try element.requiredString("paymentMode") {
            case "free": price = 0
            case "oneTime": price = try self.price(element, key: "displayPrice")
            case let other:
                throw element.problem(
                    at: "paymentMode", "unknown payment mode \"\(other)\" for an offer code of a product that does not renew (expected oneTime or free)"
                )
            }
            let name = try element.requiredString("referenceName")
            guard !name.isEmpty else { throw element.problem(at: "referenceName", "expected the offer code's name, found an empty string") }
            offers.append(OneTimeCodeOffer(referenceName: name, price: price, displayPrice: pricing(price).displayPrice))
        }
        return offers
    }
}
