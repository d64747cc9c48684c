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

    public var id: ID { records.id(at: row) }
    public var type: ProductType { records.type(at: row) }
    public var displayName: String { records.displayName(at: row) }
    public var description: String { records.description(at: row) }
    /// The price in the storefront's currency; never built from a floating-point literal.
    public var price: Decimal { records.price(at: row) }
    /// `price` formatted for the storefront's currency and locale.
    public var displayPrice: String { records.displayPrice(at: row) }
    public var priceFormatStyle: Decimal.FormatStyle.Currency { records.priceFormatStyle(at: row) }
    public var isFamilyShareable: Bool { records.isFamilyShareable(at: row) }
    /// Subscription details; `nil` unless `type` is `.autoRenewable`.
    public var subscription: SubscriptionInfo? {
        get { records.subscription(at: row) }
        set {
            // Made field by field: a product read from a store's records becomes one of its own.
            self = Product(
                id: id, type: type, displayName: displayName, description: description, price: price,
                displayPrice: displayPrice, priceFormatStyle: priceFormatStyle, isFamilyShareable: isFamilyShareable,
                subscription: newValue
            )
        }
    }

    /// Where the fields are: a row of a store's own records (a catalog's products read where
    /// they are), or a product made with `init` alone in records of its own. Products travel
    /// in arrays of many thousands (the store's answer, the cache, a list's rows): a copy is
    /// a reference and a row, and a store's answer of 100,000 products adds no storage of
    /// its own to what the store keeps.
    private var records: ProductRecords
    private var row: Int

    /// The product at `row` of a store's `records`.
    ///
    /// ```swift
    /// let products = ids.indices.map { Product(row: $0, of: records) }
    /// ```
    public init(row: Int, of records: ProductRecords) {
        self.records = records
        self.row = row
    }

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

    /// A product made field by field: the only row of records of its own.
    private final class FieldRecords: ProductRecords, @unchecked Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }

        override func id(at row: Int) -> ID { fields.id }
        override func type(at row: Int) -> ProductType { fields.type }
        override func displayName(at row: Int) -> String { fields.displayName }
        override func description(at row: Int) -> String { fields.description }
        override func price(at row: Int) -> Decimal { fields.pricing.price }
        override func displayPrice(at row: Int) -> String { fields.pricing.displayPrice }
        override func priceFormatStyle(at row: Int) -> Decimal.FormatStyle.Currency { fields.priceFormat.style }
        override func isFamilyShareable(at row: Int) -> Bool { fields.isFamilyShareable }
        override func subscription(at row: Int) -> SubscriptionInfo? { fields.subscription?.info }
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
        records = FieldRecords(Fields(
            id: id, type: type, displayName: displayName, description: description,
            pricing: format.pricing(price, displayPrice: displayPrice), priceFormat: format,
            isFamilyShareable: isFamilyShareable, subscription: subscription.map(SubscriptionBox.init)
        ))
        row = 0
    }

    /// Equal when every field is: the same row of the same records is, at once.
    public static func == (lhs: Product, rhs: Product) -> Bool {
        if lhs.records === rhs.records && lhs.row == rhs.row { return true }
        if let left = lhs.records as? FieldRecords, let right = rhs.records as? FieldRecords {
            return left.fields == right.fields
        }
        return lhs.id == rhs.id && lhs.type == rhs.type && lhs.displayName == rhs.displayName
            && lhs.description == rhs.description && lhs.price == rhs.price && lhs.displayPrice == rhs.displayPrice
            && lhs.priceFormatStyle == rhs.priceFormatStyle && lhs.isFamilyShareable == rhs.isFamilyShareable
            && lhs.subscription == rhs.subscription
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
        hasher.combine(displayName)
        hasher.combine(description)
        hasher.combine(price)
        hasher.combine(displayPrice)
        hasher.combine(priceFormatStyle)
        hasher.combine(isFamilyShareable)
        hasher.combine(subscription)
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
