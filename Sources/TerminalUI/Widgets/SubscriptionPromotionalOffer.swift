import StorefrontModel

extension InAppPurchaseView {
    /// Applies a signed promotional offer to each subscription bought here, as StoreKit's
    /// `.subscriptionPromotionalOffer(offer:compactJWS:)` does: `offer` picks the product's
    /// offer (nil: none), and `compactJWS` asks the app's server to sign it
    /// (`PromotionalOfferV2SignatureCreator`). The store checks the signature when the
    /// purchase is made; if `compactJWS` throws, the purchase fails, refused for want of a JWS.
    ///
    /// ```swift
    /// SubscriptionStoreView(groupID: "pass")
    ///     .subscriptionPromotionalOffer { product, subscription in
    ///         subscription.promotionalOffers.first
    ///     } compactJWS: { product, subscription, offer in
    ///         try await myServer.signPromotionalOffer(product: product.id, offer: offer.id!)
    ///     }
    /// ```
    public func subscriptionPromotionalOffer(
        offer: @escaping @Sendable (Product, Product.SubscriptionInfo) -> Product.SubscriptionOffer?,
        compactJWS: @escaping @Sendable (Product, Product.SubscriptionInfo, Product.SubscriptionOffer) async throws -> String
    ) -> Self {
        inAppPurchaseOptions(PurchaseActions.promotionalOfferOptions(offer: offer, compactJWS: compactJWS))
            .modified { $0.signedPromotionalOffer = offer }
    }
}

extension PurchaseActions {
    /// The options action of `.subscriptionPromotionalOffer(offer:compactJWS:)`, for a shop
    /// whose actions are built without a view (`AppOptions.purchaseActions`).
    public static func promotionalOfferOptions(
        offer: @escaping @Sendable (Product, Product.SubscriptionInfo) -> Product.SubscriptionOffer?,
        compactJWS: @escaping @Sendable (Product, Product.SubscriptionInfo, Product.SubscriptionOffer) async throws -> String
    ) -> OptionsAction {
        { product in
            guard let subscription = product.subscription, let chosen = offer(product, subscription) else { return [] }
            // An empty JWS is refused as none: the purchase fails rather than silently charging full price.
            let jws = (try? await compactJWS(product, subscription, chosen)) ?? ""
            return [.promotionalOffer(chosen, compactJWS: jws)]
        }
    }
}
