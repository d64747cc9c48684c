import Foundation

/// What a purchase records: the caller's side of a new transaction.
///
/// The ledger adds the transaction ID, the original ID and date, and the signature.
///
/// ```swift
/// let purchase = LedgerPurchase(
///     productID: "pass.premium.monthly",
///     productType: .autoRenewable,
///     purchaseDate: now,
///     expirationDate: now.addingTimeInterval(30 * 86_400),
///     storefront: "USA",
///     price: Decimal(string: "4.99"),
///     currency: "USD",
///     subscriptionGroupID: "pass"
/// )
/// let entry = try await ledger.recordPurchase(purchase, attemptID: UUID())
/// ```
public struct LedgerPurchase: Sendable, Hashable, Codable {
    public var productID: String
    public var productType: LedgerTransaction.ProductType
    public var purchaseDate: Date
    public var expirationDate: Date?
    public var purchasedQuantity: Int
    public var offerType: LedgerTransaction.OfferType?
    public var offerID: String?
    public var offerPaymentMode: LedgerTransaction.OfferPaymentMode?
    public var ownershipType: LedgerTransaction.OwnershipType
    /// ISO 3166-1 alpha-3 country code, such as "USA".
    public var storefront: String
    public var appAccountToken: UUID?
    public var price: Decimal?
    /// ISO 4217 code of `price`.
    public var currency: String?
    public var subscriptionGroupID: String?
    /// The offer's whole length as an ISO 8601 duration ("P2M"), beside `offerType`.
    public var offerPeriod: String? = nil
    /// How a subscription with billing plans is paid; nil for one without.
    public var billingPlanType: LedgerTransaction.BillingPlanType? = nil
    /// A monthly plan's place in its commitment.
    public var commitment: LedgerTransaction.Commitment? = nil

    public init(
        productID: String,
        productType: LedgerTransaction.ProductType,
        purchaseDate: Date,
        expirationDate: Date? = nil,
        purchasedQuantity: Int = 1,
        offerType: LedgerTransaction.OfferType? = nil,
        offerID: String? = nil,
        offerPaymentMode: LedgerTransaction.OfferPaymentMode? = nil,
        ownershipType: LedgerTransaction.OwnershipType = .purchased,
        storefront: String,
        appAccountToken: UUID? = nil,
        price: Decimal? = nil,
        currency: String? = nil,
        subscriptionGroupID: String? = nil
    ) {
        self.productID = productID
        self.productType = productType
        self.purchaseDate = purchaseDate
        self.expirationDate = expirationDate
        self.purchasedQuantity = purchasedQuantity
        self.offerType = offerType
        self.offerID = offerID
        self.offerPaymentMode = offerPaymentMode
        self.ownershipType = ownershipType
        self.storefront = storefront
        self.appAccountToken = appAccountToken
        self.price = price
        self.currency = currency
        self.subscriptionGroupID = subscriptionGroupID
    }

    /// The reason this purchase cannot be recorded, if any.
    var problem: String? {
        if productID.isEmpty { return "the product ID is empty" }
        if purchasedQuantity < 1 { return "\(productID): quantity \(purchasedQuantity) is below 1" }
        if let price, price.isNaN || price < 0 { return "\(productID): price \(price) is not a price" }
        return nil
    }
}
