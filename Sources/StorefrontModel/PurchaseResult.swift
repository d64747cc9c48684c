import Foundation

extension Product {
    /// What a purchase came to, when it did not fail.
    ///
    /// ```swift
    /// func summary(_ result: Product.PurchaseResult) -> String {
    ///     switch result {
    ///     case .success(.verified(let transaction)): "bought \(transaction.productID)"
    ///     case .success(.unverified): "bought, but the receipt did not verify"
    ///     case .userCancelled: "cancelled"
    ///     case .pending: "waiting for approval"
    ///     }
    /// }
    /// ```
    public enum PurchaseResult: Hashable, Sendable {
        case success(VerificationResult<Transaction>)
        case userCancelled
        /// Waiting for approval (Ask to Buy) or for the customer to act; the transaction,
        /// if any, arrives later as an update.
        case pending
    }

    /// An extra instruction for one purchase.
    ///
    /// ```swift
    /// let options: Set<Product.PurchaseOption> = [.quantity(3), .appAccountToken(UUID())]
    /// ```
    public enum PurchaseOption: Hashable, Sendable {
        /// Ties the transaction to an account in your own system.
        case appAccountToken(UUID)
        /// How many to buy (consumables only).
        case quantity(Int)
        /// Applies a promotional offer, with the signature your server made for it
        /// (ECDSA over the app's bundle ID, `keyID`, the product, `offerID`, the app account
        /// token, `nonce` and `timestamp` in milliseconds); the store verifies it.
        case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
        /// Makes the purchase wait for approval, as Ask to Buy does.
        case simulatesAskToBuyInSandbox(Bool)
        /// Applies a win-back offer (one of `SubscriptionInfo.winBackOffers`); the purchase
        /// fails with `PurchaseError.ineligibleForOffer` unless the customer's renewal info
        /// lists it in `eligibleWinBackOfferIDs`.
        case winBackOffer(Product.SubscriptionOffer)
        /// Applies the promotional offer `offerID` (nil: the one the JWS names) with the
        /// compact JWS your server signed for it; `.promotionalOffer(_:compactJWS:)` makes it.
        case promotionalOfferJWS(offerID: String?, compactJWS: String)
        /// Grants or denies the introductory offer as the JWS your server signed says
        /// (`allowIntroductoryOffer`), whatever the store would decide.
        case introductoryOfferEligibility(compactJWS: String)
        /// Pays a subscription by one of its `pricingTerms`: `.monthly` for a yearly plan
        /// paid each month of a 12-month commitment.
        case billingPlanType(Product.SubscriptionInfo.BillingPlanType)
    }
}
