import Foundation
import LocalStore

/// A ledger transaction in Apple's `JWSTransactionDecodedPayload` shape: the payload of
/// `signedTransactionInfo` and of every entry of `signedTransactions`.
///
/// ```swift
/// let payload = TransactionPayload(entry.transaction, app: ServedApp(bundleID: "com.example"), signedDate: now)
/// print(payload.type, payload.price ?? 0)   // Consumable 990
/// ```
public struct TransactionPayload: Codable, Sendable, Hashable {
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64
    public var originalPurchaseDate: Int64
    public var expiresDate: Int64?
    public var quantity: Int
    public var type: String
    public var appAccountToken: String?
    public var inAppOwnershipType: String
    public var signedDate: Int64
    public var revocationReason: Int?
    public var revocationDate: Int64?
    public var isUpgraded: Bool?
    public var offerType: Int?
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    public var environment: String
    public var storefront: String
    public var storefrontId: String?
    public var transactionReason: String?
    public var currency: String?
    /// In milliunits of `currency`: 0.99 is 990.
    public var price: Int64?
    /// The offer's whole length, ISO 8601 ("P1M").
    public var offerPeriod: String?
    /// The customer's app transaction, the same on all of theirs.
    public var appTransactionId: String
    /// `BILLED_UPFRONT` or `MONTHLY`, for a subscription with billing plans.
    public var billingPlanType: String?
    /// A monthly plan's payment in its commitment.
    public var commitmentInfo: TransactionCommitmentInfo?
    /// `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE`, beside `revocationDate`.
    public var revocationType: String?
    /// A prorated refund's share, in milliunits of a percent (40% is 40000).
    public var revocationPercentage: Int?

    public init(_ transaction: LedgerTransaction, app: ServedApp, signedDate: Date) {
        transactionId = String(transaction.id)
        originalTransactionId = String(transaction.originalID)
        let renews = transaction.productType == .autoRenewable
        // One line item per period of a subscription: the transaction that bills it.
        webOrderLineItemId = renews ? String(transaction.id) : nil
        bundleId = app.bundleID
        productId = transaction.productID
        subscriptionGroupIdentifier = transaction.subscriptionGroupID
        purchaseDate = transaction.purchaseDate.milliseconds
        originalPurchaseDate = transaction.originalPurchaseDate.milliseconds
        expiresDate = transaction.expirationDate?.milliseconds
        quantity = transaction.purchasedQuantity
        type = transaction.productType.rawValue
        appAccountToken = transaction.appAccountToken?.uuidString.lowercased()
        inAppOwnershipType = transaction.ownershipType.rawValue
        self.signedDate = signedDate.milliseconds
        revocationReason = transaction.revocationReason?.rawValue
        revocationDate = transaction.revocationDate?.milliseconds
        isUpgraded = transaction.isUpgraded ? true : nil
        offerType = transaction.offerType?.rawValue
        offerIdentifier = transaction.offerID
        offerDiscountType = transaction.offerPaymentMode?.rawValue
        environment = app.environment
        storefront = transaction.storefront
        storefrontId = StorefrontIdentifier.of(transaction.storefront)
        // A renewal continues a chain; everything else is the customer's own purchase.
        transactionReason = renews && transaction.id != transaction.originalID ? "RENEWAL" : "PURCHASE"
        currency = transaction.currency
        price = transaction.price.map(Self.milliunits)
        offerPeriod = transaction.offerPeriod
        appTransactionId = transaction.account.appTransactionID
        addBillingPlan(of: transaction)
        revocationType = transaction.revocationType?.rawValue
        revocationPercentage = transaction.revocationPercentage
    }

    /// `amount` in thousandths, rounded half away from zero: Apple's `price` unit.
    static func milliunits(_ amount: Decimal) -> Int64 {
        var scaled = amount * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}

extension Date {
    /// Milliseconds since 1970, the unit of every date in Apple's payloads.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
