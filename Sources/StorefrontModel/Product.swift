import Foundation
import Synchronization

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
    public var price: Decimal { storage.fields.pricing.price }
    /// `price` formatted for the storefront's currency and locale.
    public var displayPrice: String { storage.fields.pricing.displayPrice }
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
        /// Shared by the products at one price point: inline, the price and its text were
        /// 36 of each storage's 136 bytes, and a catalog has a few price points.
        var pricing: Pricing
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

    /// A price and its text, compared and hashed by value.
    private final class Pricing: Hashable, Sendable {
        let price: Decimal
        let displayPrice: String
        /// Whether the text is the style's own formatting (not one the caller gave).
        let isFormatted: Bool

        init(price: Decimal, displayPrice: String, isFormatted: Bool) {
            self.price = price
            self.displayPrice = displayPrice
            self.isFormatted = isFormatted
        }

        static func == (lhs: Pricing, rhs: Pricing) -> Bool {
            lhs === rhs || (lhs.price == rhs.price && lhs.displayPrice == rhs.displayPrice)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(price)
            hasher.combine(displayPrice)
        }
    }

    /// A price format style behind a reference that the products made with an equal style
    /// share: inline, the style was about 290 of the 392 bytes each product took (heaptrack,
    /// 100,000 products: 39 MB).
    private final class PriceFormat: Hashable, Sendable {
        let style: Decimal.FormatStyle.Currency
        /// The prices made in this style, each formatted once; bounded, for a store that
        /// prices every product differently.
        private let pricings = Mutex<[Decimal: Pricing]>([:])

        private init(_ style: Decimal.FormatStyle.Currency) {
            self.style = style
        }

        /// `price` with `displayPrice` (formatted in this style when `nil`), shared with the
        /// products made before at the same price and text. The first price text kept for a
        /// price stays; a different one given later gets a reference of its own.
        func pricing(_ price: Decimal, displayPrice given: String?) -> Pricing {
            pricings.withLock { known in
                if let shared = known[price], given.map({ $0 == shared.displayPrice }) ?? shared.isFormatted {
                    return shared
                }
                let made = Pricing(price: price, displayPrice: given ?? price.formatted(style), isFormatted: given == nil)
                if known[price] == nil, known.count < 1_024 { known[price] = made }
                return made
            }
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
        let format = PriceFormat.shared(priceFormatStyle)
        storage = Storage(Fields(
            id: id, type: type, displayName: displayName, description: description,
            pricing: format.pricing(price, displayPrice: displayPrice), priceFormat: format,
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
