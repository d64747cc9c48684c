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
    /// The internal name; the display name of last resort.
    public var referenceName: String
    public var price: Decimal {
        get { pricing.price }
        set { pricing = Pricing(price: newValue, displayPrice: displayPrice) }
    }
    /// `price` formatted once for the catalog's storefront: `"$0.99"`, `"¥500"`.
    public var displayPrice: String {
        get { pricing.displayPrice }
        set { pricing = Pricing(price: price, displayPrice: newValue) }
    }
    /// In file order; may be empty, and names may be `""`.
    public var localizations: [CatalogLocalization]
    /// Names `Assets/<id>.png` in a `.storekit` package (5.0 files).
    public var promotionalImageID: String? {
        get { extras?.promotionalImageID }
        set { extras = Extras.make(promotionalImageID: newValue, subscription: subscription, oneTimeCodeOffers: oneTimeCodeOffers) }
    }
    /// Present exactly when `type == .autoRenewable`.
    public var subscription: CatalogSubscription? {
        get { extras?.subscription }
        set { extras = Extras.make(promotionalImageID: promotionalImageID, subscription: newValue, oneTimeCodeOffers: oneTimeCodeOffers) }
    }
    /// The offer codes of a consumable, non-consumable or non-renewing subscription (a
    /// subscription's are `subscription?.codeOffers`).
    public var oneTimeCodeOffers: [OneTimeCodeOffer] {
        get { extras?.oneTimeCodeOffers ?? [] }
        set { extras = Extras.make(promotionalImageID: promotionalImageID, subscription: subscription, oneTimeCodeOffers: newValue) }
    }

    /// The price and its text behind one reference, which a decoded catalog's products at
    /// one price point share: inline they were 36 of the 120 bytes each product took.
    private var pricing: Pricing
    /// What most products lack, behind one reference: inline, a subscription's 192 bytes
    /// were in every product (a 100,000-product catalog's array took 40 MB instead of 12),
    /// and the image name another 16.
    private var extras: Extras?
    // The one-byte fields last, side by side: between the strings each took 8 bytes with its
    // padding, and a 100,000-product catalog's array 7.2 MB instead of 6.4.
    public var type: ProductType
    public var isFamilyShareable: Bool

    public init(
        id: String, type: ProductType, referenceName: String, price: Decimal, displayPrice: String,
        isFamilyShareable: Bool = false, localizations: [CatalogLocalization] = [],
        promotionalImageID: String? = nil, subscription: CatalogSubscription? = nil,
        oneTimeCodeOffers: [OneTimeCodeOffer] = []
    ) {
        self.init(
            id: id, type: type, referenceName: referenceName, pricing: Pricing(price: price, displayPrice: displayPrice),
            isFamilyShareable: isFamilyShareable, localizations: localizations,
            promotionalImageID: promotionalImageID, subscription: subscription, oneTimeCodeOffers: oneTimeCodeOffers
        )
    }

    /// The same with a price shared with other products (the decoder makes one per price).
    init(
        id: String, type: ProductType, referenceName: String, pricing: Pricing,
        isFamilyShareable: Bool, localizations: [CatalogLocalization],
        promotionalImageID: String?, subscription: CatalogSubscription?, oneTimeCodeOffers: [OneTimeCodeOffer] = []
    ) {
        self.init(
            id: id, type: type, referenceName: referenceName, pricing: pricing, isFamilyShareable: isFamilyShareable,
            localizations: localizations,
            extras: Extras.make(promotionalImageID: promotionalImageID, subscription: subscription, oneTimeCodeOffers: oneTimeCodeOffers)
        )
    }

    /// The same with its extras made already (the decoder shares them between equal subscriptions).
    init(
        id: String, type: ProductType, referenceName: String, pricing: Pricing,
        isFamilyShareable: Bool, localizations: [CatalogLocalization], extras: Extras?
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.pricing = pricing
        self.isFamilyShareable = isFamilyShareable
        self.localizations = localizations
        self.extras = extras
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

extension CatalogProduct {
    /// A price and its text, compared by value.
    final class Pricing: Sendable, Equatable {
        let price: Decimal
        let displayPrice: String

        init(price: Decimal, displayPrice: String) {
            self.price = price
            self.displayPrice = displayPrice
        }

        static func == (lhs: Pricing, rhs: Pricing) -> Bool {
            lhs === rhs || (lhs.price == rhs.price && lhs.displayPrice == rhs.displayPrice)
        }
    }

    /// A subscription's terms, a promotional image's name and one-time offer codes, compared by value.
    final class Extras: Sendable, Equatable {
        let promotionalImageID: String?
        let subscription: CatalogSubscription?
        let oneTimeCodeOffers: [OneTimeCodeOffer]

        private init(promotionalImageID: String?, subscription: CatalogSubscription?, oneTimeCodeOffers: [OneTimeCodeOffer]) {
            self.promotionalImageID = promotionalImageID
            self.subscription = subscription
            self.oneTimeCodeOffers = oneTimeCodeOffers
        }

        /// `nil` when there is none of them.
        static func make(
            promotionalImageID: String?, subscription: CatalogSubscription?, oneTimeCodeOffers: [OneTimeCodeOffer]
        ) -> Extras? {
            guard promotionalImageID != nil || subscription != nil || !oneTimeCodeOffers.isEmpty else { return nil }
            return Extras(promotionalImageID: promotionalImageID, subscription: subscription, oneTimeCodeOffers: oneTimeCodeOffers)
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs === rhs || (lhs.promotionalImageID == rhs.promotionalImageID && lhs.subscription == rhs.subscription
                && lhs.oneTimeCodeOffers == rhs.oneTimeCodeOffers)
        }
    }
}
