import Foundation

/// An offer code of a consumable, non-consumable or non-renewing subscription: App Store
/// Connect has had them since 2025, with StoreKit's one-time payment mode
/// (`Transaction.Offer.PaymentMode.oneTime`, `ONE_TIME` in server payloads).
///
/// No `.storekit` file seen yet writes one, so the file's shape is chosen to match the
/// `codeOffers` Xcode writes on subscriptions: an element of the product's `codeOffers`
/// with a `referenceName` (the code, as StoreKit Testing finds codes by it), a
/// `paymentMode` of `"oneTime"` (with the discounted `displayPrice`) or `"free"`, and
/// optional `internalID`. Subscription-only keys (`subscriptionPeriod`, `numberOfPeriods`,
/// `eligibility`, `isStackable`) are ignored.
///
/// ```swift
/// let offer = catalog.product(id: "tip.large")?.oneTimeCodeOffers.first
/// print(offer?.referenceName ?? "", offer?.displayPrice ?? "")  // "HALFTIP $0.49"
/// ```
public struct OneTimeCodeOffer: Sendable, Equatable {
    /// What the customer types, in any case.
    public var referenceName: String
    /// Zero for a free item.
    public var price: Decimal
    /// `price` formatted for the catalog's storefront.
    public var displayPrice: String

    public init(referenceName: String, price: Decimal, displayPrice: String) {
        self.referenceName = referenceName
        self.price = price
        self.displayPrice = displayPrice
    }
}
