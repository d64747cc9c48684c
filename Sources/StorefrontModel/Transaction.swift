import Foundation

/// A signed record of one purchase, renewal, upgrade or refund.
///
/// ```swift
/// let bought = Transaction(
///     id: 7, originalID: 7, productID: "tip.small", productType: .consumable,
///     purchaseDate: Date(timeIntervalSince1970: 0), purchasedQuantity: 2
/// )
/// print(bought.revocationDate == nil) // true: not refunded
/// ```
public struct Transaction: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = UInt64

    public let id: ID
    /// The first transaction of a subscription's chain of renewals; equals `id` otherwise.
    public let originalID: ID
    public let productID: Product.ID
    public let productType: Product.ProductType
    /// The subscription group, for auto-renewable subscriptions.
    public let subscriptionGroupID: String?
    public let purchaseDate: Date
    public let originalPurchaseDate: Date
    /// When access ends, for subscriptions.
    public let expirationDate: Date?
    /// When the purchase was refunded or revoked; `nil` while it stands.
    public let revocationDate: Date?
    public let revocationReason: RevocationReason?
    public let purchasedQuantity: Int
    /// The subscription offer the customer took, if any.
    public let offer: Offer?
    /// Whether the customer upgraded to another subscription in the group,
    /// which replaced this one at once.
    public let isUpgraded: Bool
    public let appAccountToken: UUID?
    /// What the customer paid, in `currency`: the offer's price when an offer applied;
    /// `nil` when the store recorded none.
    public let price: Decimal?
    public let currency: Locale.Currency?
    /// The app's own transaction for this customer: the same on every transaction,
    /// renewal info and `AppTransaction` of the account.
    public let appTransactionID: String
    /// How a subscription with billing plans is paid (`billed(as:commitment:)`); nil otherwise.
    public internal(set) var billingPlanType: Product.SubscriptionInfo.BillingPlanType?
    /// A monthly plan's place in its 12-month commitment; nil when paid up front.
    public internal(set) var commitmentInfo: CommitmentInfo?
    /// Whether the customer bought it or has it through Family Sharing (`owned(as:)`).
    public internal(set) var ownershipType: OwnershipType = .purchased
    /// What kind of refund or revocation `revocationDate` records (`revoked(as:percentage:)`).
    public internal(set) var revocationType: RevocationType?
    /// For a prorated refund, the percentage refunded (40.5 is 40.5%); nil otherwise.
    public internal(set) var revocationPercentage: Decimal?

    public init(
        id: ID,
        originalID: ID,
        productID: Product.ID,
        productType: Product.ProductType,
        subscriptionGroupID: String? = nil,
        purchaseDate: Date,
        originalPurchaseDate: Date? = nil,
        expirationDate: Date? = nil,
        revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil,
        purchasedQuantity: Int = 1,
        offer: Offer? = nil,
        isUpgraded: Bool = false,
        appAccountToken: UUID? = nil,
        price: Decimal? = nil,
        currency: Locale.Currency? = nil,
        appTransactionID: String = ""
    ) {
        self.id = id
        self.originalID = originalID
        self.productID = productID
        self.productType = productType
        self.subscriptionGroupID = subscriptionGroupID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate ?? purchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.purchasedQuantity = purchasedQuantity
        self.offer = offer
        self.isUpgraded = isUpgraded
        self.appAccountToken = appAccountToken
        self.price = price
        self.currency = currency
        self.appTransactionID = appTransactionID
    }
}

extension Transaction {
    /// Why a purchase was refunded or revoked.
    ///
    /// ```swift
    /// if transaction.revocationReason == .developerIssue { print("Refunded: our fault") }
    /// ```
    public enum RevocationReason: String, CaseIterable, Hashable, Sendable, Codable {
        /// The app had an issue; the developer refunded.
        case developerIssue
        case other
    }

    /// The subscription offer a transaction used.
    ///
    /// ```swift
    /// let offer = Transaction.Offer(
    ///     type: .introductory, id: nil, paymentMode: .freeTrial, period: .init(value: 1, unit: .week)
    /// )
    /// print(offer.period?.iso8601 ?? "")  // P1W
    /// ```
    public struct Offer: Hashable, Sendable, Codable {
        public let type: Product.SubscriptionOffer.OfferType
        public let id: String?
        public let paymentMode: Product.SubscriptionOffer.PaymentMode?
        /// How long the offer lasts, all its periods together (two months of a monthly
        /// offer is 2 months); `nil` when the store recorded none.
        public let period: Product.SubscriptionPeriod?

        public init(
            type: Product.SubscriptionOffer.OfferType,
            id: String?,
            paymentMode: Product.SubscriptionOffer.PaymentMode?,
            period: Product.SubscriptionPeriod? = nil
        ) {
            self.type = type
            self.id = id
            self.paymentMode = paymentMode
            self.period = period
        }
    }
}
