import Foundation

/// One product from a `.storekit` file: an item of `products`, of `nonRenewingSubscriptions`,
/// or a subscription inside `subscriptionGroups`.
///
/// ```swift
/// let catalog = try CatalogLoader.load(contentsOf: url)
/// for product in catalog.products where product.type == .consumable {
///     print(product.id, product.displayPrice)   // "com.example.tip.small $0.99"
/// }
/// ```
public struct CatalogProduct: Sendable, Equatable, Identifiable {
    /// StoreKit's `Product.ProductType`.
    public enum ProductType: String, Sendable, Hashable, CaseIterable {
        case consumable, nonConsumable, nonRenewable, autoRenewable
    }

    /// The `productID`, StoreKit's `Product.id`.
    public var id: String
    public var type: ProductType
    /// The internal name; the display name of last resort.
    public var referenceName: String
    public var price: Decimal
    /// `price` formatted once for the catalog's storefront: `"$0.99"`, `"¥500"`.
    public var displayPrice: String
    public var isFamilyShareable: Bool
    /// In file order; may be empty, and names may be `""`.
    public var localizations: [CatalogLocalization]
    /// Names `Assets/<id>.png` in a `.storekit` package (5.0 files).
    public var promotionalImageID: String?
    /// Present exactly when `type == .autoRenewable`.
    public var subscription: CatalogSubscription? {
        get { subscriptionBox?.value }
        set { subscriptionBox = newValue.map(SubscriptionBox.init) }
    }
    /// Boxed: inline, its 192 bytes would be in every product, subscription or not (a
    /// 100,000-product catalog's array took 40 MB instead of 12).
    private var subscriptionBox: SubscriptionBox?

    public init(
        id: String, type: ProductType, referenceName: String, price: Decimal, displayPrice: String,
        isFamilyShareable: Bool = false, localizations: [CatalogLocalization] = [],
        promotionalImageID: String? = nil, subscription: CatalogSubscription? = nil
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.price = price
        self.displayPrice = displayPrice
        self.isFamilyShareable = isFamilyShareable
        self.localizations = localizations
        self.promotionalImageID = promotionalImageID
        self.subscriptionBox = subscription.map(SubscriptionBox.init)
    }

    /// The display name and description for `locale`, falling back through its language,
    /// `fallbackLocale` (the catalog's `_locale`), `en_US` and the first entry with text; an
    /// empty name falls back to `referenceName`, then the product ID.
    ///
    /// ```swift
    /// product.localizedText(locale: "zh_Hans_CN", fallbackLocale: "en_US").displayName
    /// ```
    public func localizedText(locale: String?, fallbackLocale: String?) -> LocalizedText {
        LocaleFallback(requested: locale, catalogLocale: fallbackLocale)
            .localizedText(localizations, lastResortName: referenceName.isEmpty ? id : referenceName)
    }
}

/// A subscription's terms behind one reference, compared by value.
private final class SubscriptionBox: Sendable, Equatable {
    let value: CatalogSubscription

    init(_ value: CatalogSubscription) {
        self.value = value
    }

    static func == (lhs: SubscriptionBox, rhs: SubscriptionBox) -> Bool {
        lhs.value == rhs.value
    }
}
