import StorefrontModel

extension SubscriptionStoreContent {
    /// The win-back offer the customer gets on `product` now, which the picker shows (and a
    /// purchase from it applies) in place of the introductory offer: the product's offer that
    /// comes first in the customer's `eligibleWinBackOfferIDs` (best first); nil while a plan
    /// is in force or the standing is unknown.
    ///
    /// ```swift
    /// content.winBackOffer(for: groveMonthly)?.id  // "grove.welcomeback" for a churned subscriber
    /// ```
    public func winBackOffer(for product: Product) -> Product.SubscriptionOffer? {
        guard let standing, standing.currentProductID == nil, let offers = product.subscription?.winBackOffers else { return nil }
        for id in standing.eligibleWinBackOfferIDs {
            if let offer = offers.first(where: { $0.id == id }) { return offer }
        }
        return nil
    }
}
