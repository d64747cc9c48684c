import Foundation

extension CatalogDecoder {
    /// A subscription's terms (with its image's name) as the extras of a subscription built
    /// before with equal ones, if there is one.
    mutating func sharing(_ subscription: CatalogSubscription, promotionalImageID: String?) -> CatalogProduct.Extras? {
        let digest = SubscriptionDigest(subscription, promotionalImageID: promotionalImageID)
        // Every shared one was made without one-time codes, as a subscription has none.
        let equal = subscriptionTerms[digest]?.first { $0.subscription == subscription && $0.promotionalImageID == promotionalImageID }
        if let equal { return equal }
        let made = CatalogProduct.Extras.make(promotionalImageID: promotionalImageID, subscription: subscription, oneTimeCodeOffers: [])
        if let made, sharedTermsCount < 256 {
            subscriptionTerms[digest, default: []].append(made)
            sharedTermsCount += 1
        }
        return made
    }
}

/// What tells most subscriptions' terms apart, hashed to find equal ones quickly (the terms
/// themselves are compared after).
struct SubscriptionDigest: Hashable {
    let groupID: String
    let level: Int
    let period: SubscriptionPeriod
    let introductoryPrice: Decimal?
    let promotionalOffers, codeOffers, winBackOffers, billingPlans: Int
    let promotionalImageID: String?

    init(_ subscription: CatalogSubscription, promotionalImageID: String?) {
        groupID = subscription.subscriptionGroupID
        level = subscription.groupLevel
        period = subscription.subscriptionPeriod
        introductoryPrice = subscription.introductoryOffer?.price
        promotionalOffers = subscription.promotionalOffers.count
        codeOffers = subscription.codeOffers.count
        winBackOffers = subscription.winBackOffers.count
        billingPlans = subscription.billingPlans.count
        self.promotionalImageID = promotionalImageID
    }
}
