import Foundation
import StorefrontModel

extension SubscriptionChain {
    /// The increase the next renewal is subject to: one on the product the chain renews
    /// as, made during the period in force (a renewal after it has taken effect).
    var upcomingPriceIncrease: PriceIncrease? {
        guard let increase = priceIncrease, increase.productID == renewsAs,
              current.transaction.purchaseDate <= increase.date
        else { return nil }
        return increase
    }

    /// An increase the customer has not agreed to: the chain does not renew.
    var awaitsPriceConsent: Bool {
        upcomingPriceIncrease.map { $0.status != .accepted } ?? false
    }

    /// What the renewals bill instead of the catalog's price: the accepted increase on the
    /// product the chain renews as, for this renewal and the ones after.
    var raisedPrice: Decimal? {
        guard let increase = priceIncrease, increase.productID == renewsAs, increase.status == .accepted else { return nil }
        return increase.price
    }

    /// StoreKit's status of the increase the next renewal is subject to.
    var priceIncreaseStatus: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus {
        guard let increase = upcomingPriceIncrease else { return .noIncreasePending }
        return increase.status == .accepted ? .agreed : .pending
    }
}
