import Foundation
import StorefrontModel

extension LocalStore {
    /// `renewal` with what the store knows of the chain's next renewal besides its state:
    /// the customer's app transaction ID, the app account token of the chain's latest
    /// purchase, the price the renewal bills (a raised price once agreed to, or the one
    /// waiting for consent) and its currency, the offer it has (one redeemed for it,
    /// `PendingOffer`, or one it keeps) and the price increase status.
    func completed(
        _ renewal: Product.SubscriptionInfo.RenewalInfo, of chain: SubscriptionChain
    ) -> Product.SubscriptionInfo.RenewalInfo {
        let product = catalog.product(id: chain.renewsAs)
        let offer = product.flatMap { renewalOffer(in: chain, renewingAs: $0) }
        return Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: renewal.originalTransactionID,
            currentProductID: renewal.currentProductID,
            willAutoRenew: renewal.willAutoRenew,
            autoRenewPreference: renewal.autoRenewPreference,
            isInBillingRetry: renewal.isInBillingRetry,
            gracePeriodExpirationDate: renewal.gracePeriodExpirationDate,
            expirationReason: renewal.expirationReason,
            eligibleWinBackOfferIDs: renewal.eligibleWinBackOfferIDs,
            appTransactionID: account.appTransactionID,
            appAccountToken: chain.current.transaction.appAccountToken,
            renewalPrice: offer?.price ?? chain.upcomingPriceIncrease?.price ?? chain.raisedPrice ?? product?.price,
            currency: Locale.Currency(catalog.country.currencyCode),
            offer: offer.map { offer in
                Transaction.Offer(
                    type: offer.type, id: offer.id, paymentMode: offer.paymentMode,
                    period: offer.period.repeated(offer.periodCount)
                )
            }
        ).withPriceIncrease(chain.priceIncreaseStatus)
    }
}
