import Foundation
import StoreCatalog
import StorefrontModel

extension CatalogStorefront {
    /// A subscription's enabled billing plans as StoreKit's `pricingTerms`, in this
    /// storefront's currency; empty when the catalog gives it none.
    func pricingTerms(_ info: CatalogSubscription) -> [Product.SubscriptionInfo.PricingTerms] {
        let period = Product.SubscriptionPeriod(info.subscriptionPeriod)
        let style = formatter.formatStyle
        return info.billingPlans.filter(\.isEnabled).map { plan in
            let each = price(plan.price), total = price(plan.commitmentPrice)
            let monthly = plan.type == .monthly
            return Product.SubscriptionInfo.PricingTerms(
                billingPlanType: monthly ? .monthly : .upFront,
                billingPrice: each,
                billingDisplayPrice: each.formatted(style),
                billingPeriod: monthly ? Product.SubscriptionPeriod(value: 1, unit: .month) : period,
                commitmentInfo: .init(price: total, displayPrice: total.formatted(style), period: period)
            )
        }
    }
}
