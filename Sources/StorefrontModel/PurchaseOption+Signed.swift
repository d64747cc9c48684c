extension Product.PurchaseOption {
    /// Applies `offer`, a promotional offer of the product bought, with the compact JWS your
    /// server signed for it (audience `promotional-offer`, with `productId`,
    /// `offerIdentifier`, a `nonce` and the In-App Purchase key's `kid`).
    ///
    /// ```swift
    /// let offer = product.subscription!.promotionalOffers[0]
    /// let jws = try await myServer.signPromotionalOffer(product.id, offer.id!)
    /// try await product.purchase(options: [.promotionalOffer(offer, compactJWS: jws)])
    /// ```
    public static func promotionalOffer(_ offer: Product.SubscriptionOffer, compactJWS: String) -> Self {
        .promotionalOfferJWS(offerID: offer.id, compactJWS: compactJWS)
    }
}
