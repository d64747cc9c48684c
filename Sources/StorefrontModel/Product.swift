import Foundation

/// An in-app purchase as the store presents it: plain data, safe to share across tasks.
///
/// `displayPrice` is formatted once, from `price` and `priceFormatStyle`, when the
/// product is made; views render it verbatim and use `priceFormatStyle` only for
/// prices they derive (per month, discounts).
///
/// ```swift
/// let style = Decimal.FormatStyle.Currency(code: "GBP", locale: Locale(identifier: "en_GB"))
/// let tip = Product(
///     id: "tip.small", type: .consumable, displayName: "Small Tip",
///     description: "A little thanks", price: Decimal(string: "0.99")!,
///     priceFormatStyle: style
/// )
/// print(tip.displayPrice) // £0.99
/// ```
public struct Product: Identifiable, Hashable, Sendable {
    /// A product identifier, as written in the catalog.
    public typealias ID = String

    public var id: ID { storage.fields.id }
    public var type: ProductType { storage.fields.type }
    public var displayName: String { storage.fields.displayName }
    public var description: String { storage.fields.description }
    /// The price in the storefront's currency; never built from a floating-point literal.
    public var price: Decimal { storage.fields.price }
    /// `price` formatted for the storefront's currency and locale.
    public var displayPrice: String { storage.fields.displayPrice }
    public var priceFormatStyle: Decimal.FormatStyle.Currency { storage.fields.priceFormat.style }
    public var isFamilyShareable: Bool { storage.fields.isFamilyShareable }
    /// Subscription details; `nil` unless `type` is `.autoRenewable`.
    public var subscription: SubscriptionInfo? {
        get { storage.fields.subscription?.info }
        set {
            var fields = storage.fields
            fields.subscription = newValue.map(SubscriptionBox.init)
            storage = Storage(fields)
        }
    }

    /// The fields, behind one reference that every copy shares: products travel in arrays
    /// of many thousands (the store's answer, the cache, a list's rows), and inline they
    /// took 376 bytes a copy. Immutable, so sharing is safe; a change makes a new one.
    private var storage: Storage

    private struct Fields: Hashable, Sendable {
        var id: ID
        var type: ProductType
        var displayName: String
        var description: String
        var price: Decimal
        var displayPrice: String
        var priceFormat: PriceFormat
        var isFamilyShareable: Bool
        /// Boxed: inline, its 152 bytes were in every product's storage, subscription or
        /// not (a 100,000-product list held 16 MB more).
        var subscription: SubscriptionBox?
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// A subscription's terms behind one reference, compared and hashed by value.
    private final class SubscriptionBox: Hashable, Sendable {
        let info: SubscriptionInfo

        init(_ info: SubscriptionInfo) {
            self.info = info
        }

        static func == (lhs: SubscriptionBox, rhs: SubscriptionBox) -> Bool {
            lhs === rhs || lhs.info == rhs.info
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(info)
        }
    }

    /// A price format style behind a reference that the products made with an equal style
    /// share: inline, the style was about 290 of the 392 bytes each product took (heaptrack,
    /// 100,000 products: 39 MB).
    private final class PriceFormat: Hashable, Sendable {
        let style: Decimal.FormatStyle.Currency

        private init(_ style: Decimal.FormatStyle.Currency) {
            self.style = style
        }

        /// The last one made: a store makes its products one after another in one style.
        private static let last = Locked<PriceFormat?>(nil)

        /// `style` behind the reference made last when the styles are equal, else a new one.
        static func shared(_ style: Decimal.FormatStyle.Currency) -> PriceFormat {
            if let last = last.value, last.style == style { return last }
            let made = PriceFormat(style)
            last.value = made
            return made
        }

        static func == (lhs: PriceFormat, rhs: PriceFormat) -> Bool {
            lhs === rhs || lhs.style == rhs.style
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(style)
        }
    }

    /// Makes a product and formats its `displayPrice` with `priceFormatStyle`, unless the
    /// caller has done that already and passes it as `displayPrice` (a store answering for
    /// many products at a few price points formats each price once).
    public init(
        id: ID,
        type: ProductType,
        displayName: String,
        description: String,
        price: Decimal,
        displayPrice: String? = nil,
        priceFormatStyle: Decimal.FormatStyle.Currency,
        isFamilyShareable: Bool = false,
        subscription: SubscriptionInfo? = nil
    ) {
        storage = Storage(Fields(
            id: id, type: type, displayName: displayName, description: description,
            price: price, displayPrice: displayPrice ?? price.formatted(priceFormatStyle),
            priceFormat: .shared(priceFormatStyle),
            isFamilyShareable: isFamilyShareable, subscription: subscription.map(SubscriptionBox.init)
        ))
    }

    public static func == (lhs: Product, rhs: Product) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}

extension Product {
    /// The four kinds of in-app purchase.
    ///
    /// ```swift
    /// let kinds = Product.ProductType.allCases.map(\.rawValue)
    /// // ["consumable", "nonConsumable", "nonRenewable", "autoRenewable"]
    /// ```
    public enum ProductType: String, CaseIterable, Hashable, Sendable, Codable {
        /// Used up and bought again (tips, coins). Never an entitlement.
        case consumable
        /// Bought once, owned for good.
        case nonConsumable
        /// Access for a fixed time, without automatic renewal.
        case nonRenewable
        /// A subscription in a group that renews until cancelled.
        case autoRenewable
    }
}
