import StorefrontModel

extension AppState {
    /// The win-back offer buying `product` in `shopID` applies: the one its picker shows a
    /// churned subscriber; nil in a shop drawn as a product list.
    func winBackOffer(for product: Product, in shopID: StoreLayout.Shop.ID) -> Product.SubscriptionOffer? {
        guard let shop = layout.shop(id: shopID) else { return nil }
        return pickerContent(for: shop)?.winBackOffer(for: product)
    }
}
