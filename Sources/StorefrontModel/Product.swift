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

    public let id: ID
    public let type: ProductType
    public let displayName: String
    public let description: String
    /// The price in the storefront's currency; never built from a floating-point literal.
    public let price: Decimal
    /// `price` formatted for the storefront's currency and locale.
    public let displayPrice: String
    public let priceFormatStyle: Decimal.FormatStyle.Currency
    public let isFamilyShareable: Bool
    /// Subscription details; `nil` unless `type` is `.autoRenewable`.
    public var subscription: SubscriptionInfo?

    /// Makes a product and formats its `displayPrice` with `priceFormatStyle`.
    public init(
        id: ID,
        type: ProductType,
        displayName: String,
        description: String,
        price: Decimal,
        priceFormatStyle: Decimal.FormatStyle.Currency,
        isFamilyShareable: Bool = false,
        subscription: SubscriptionInfo? = nil
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.price = price
        self.displayPrice = price.formatted(priceFormatStyle)
        self.priceFormatStyle = priceFormatStyle
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
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
