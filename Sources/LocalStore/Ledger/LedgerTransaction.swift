import Foundation

/// One signed transaction as the ledger stores it, named after StoreKit's `Transaction`.
///
/// Every property is a column of the `transactions` table and a key of the
/// signed JWS payload, under the same name. Dates have millisecond precision.
/// The `local` account is signed as no `account` key at all, as rows were before
/// ledgers had accounts, so those rows verify as `local` and as nothing else.
///
/// ```swift
/// let entry = try await ledger.recordPurchase(purchase, attemptID: UUID())
/// print(entry.transaction.id, entry.transaction.productID, entry.transaction.purchaseDate)
/// ```
public struct LedgerTransaction: Sendable, Hashable, Identifiable {
    /// The transaction ID: unique, increasing, never reused (not even after `clearTransactions`).
    public internal(set) var id: Int64
    /// The ID of the first transaction of this purchase; renewals share it.
    public internal(set) var originalID: Int64
    public internal(set) var productID: String
    public internal(set) var productType: ProductType
    public internal(set) var purchaseDate: Date
    public internal(set) var originalPurchaseDate: Date
    public internal(set) var expirationDate: Date?
    public internal(set) var revocationDate: Date?
    public internal(set) var revocationReason: RevocationReason?
    public internal(set) var purchasedQuantity: Int
    public internal(set) var offerType: OfferType?
    public internal(set) var offerID: String?
    public internal(set) var offerPaymentMode: OfferPaymentMode?
    /// True once a higher plan in the same subscription group replaced this one.
    public internal(set) var isUpgraded: Bool
    public internal(set) var ownershipType: OwnershipType
    /// The storefront's ISO 3166-1 alpha-3 country code, such as "USA" or "JPN".
    public internal(set) var storefront: String
    public internal(set) var appAccountToken: UUID?
    public internal(set) var price: Decimal?
    /// ISO 4217 code of `price`.
    public internal(set) var currency: String?
    public internal(set) var subscriptionGroupID: String?
    /// The customer this transaction belongs to.
    public internal(set) var account: CustomerAccount
    /// When the store last signed this transaction (at purchase, refund or expiry).
    public internal(set) var signedDate: Date
    /// How long the offer lasts, all its periods together, as an ISO 8601 duration ("P1M");
    /// nil without an offer and on rows signed before the store recorded it.
    public internal(set) var offerPeriod: String? = nil
    /// How a subscription with billing plans was paid; nil for one without (`LedgerTransaction+BillingPlan`).
    public internal(set) var billingPlanType: BillingPlanType? = nil
    /// A monthly plan's place in its 12-month commitment; nil when paid up front.
    public internal(set) var commitment: Commitment? = nil
    /// What kind of refund or revocation `revocationDate` records (`LedgerTransaction+Revocation`);
    /// nil while the transaction stands and on rows refunded before the store recorded it.
    public internal(set) var revocationType: RevocationType? = nil
    /// The share refunded, in milliunits of a percent (40% is 40000), as Apple's
    /// `revocationPercentage`: set for a prorated refund only.
    public internal(set) var revocationPercentage: Int? = nil
}

extension LedgerTransaction {
    /// A new transaction made from `purchase`; renewals pass their chain's original.
    init(
        id: Int64, purchase: LedgerPurchase, account: CustomerAccount, original: (id: Int64, purchaseDate: Date)?,
        signedDate: Date
    ) {
        self.id = id
        originalID = original?.id ?? id
        productID = purchase.productID
        productType = purchase.productType
        purchaseDate = purchase.purchaseDate.millisecondPrecision
        originalPurchaseDate = (original?.purchaseDate ?? purchase.purchaseDate).millisecondPrecision
        expirationDate = purchase.expirationDate?.millisecondPrecision
        revocationDate = nil
        revocationReason = nil
        purchasedQuantity = purchase.purchasedQuantity
        offerType = purchase.offerType
        offerID = purchase.offerID
        offerPaymentMode = purchase.offerPaymentMode
        offerPeriod = purchase.offerPeriod
        isUpgraded = false
        ownershipType = purchase.ownershipType
        storefront = purchase.storefront
        appAccountToken = purchase.appAccountToken
        price = purchase.price
        currency = purchase.currency
        subscriptionGroupID = purchase.subscriptionGroupID
        billingPlanType = purchase.billingPlanType
        commitment = purchase.commitment.map { commitment in
            var stored = commitment
            stored.expirationDate = commitment.expirationDate.millisecondPrecision
            return stored
        }
        self.account = account
        self.signedDate = signedDate.millisecondPrecision
    }

    /// Every signed field but the account, in key order: its name is both its column in
    /// `transactions` and its key in the JWS payload.
    static let signedFields: [(name: String, value: @Sendable (LedgerTransaction) -> JSONScalar?)] = [
        ("appAccountToken", { $0.appAccountToken.map { .string($0.uuidString) } }),
        ("billingPlanType", { $0.billingPlanType.map { .string($0.rawValue) } }),
        ("commitmentBillingPeriodNumber", { $0.commitment.map { .integer(Int64($0.billingPeriodNumber)) } }),
        ("commitmentExpirationDate", { milliseconds($0.commitment?.expirationDate) }),
        ("commitmentPrice", { $0.commitment.map { .string($0.price.description) } }),
        ("commitmentTotalBillingPeriods", { $0.commitment.map { .integer(Int64($0.totalBillingPeriods)) } }),
        ("currency", { $0.currency.map { .string($0) } }),
        ("expirationDate", { milliseconds($0.expirationDate) }),
        ("id", { .integer($0.id) }),
        ("isUpgraded", { .bool($0.isUpgraded) }),
        ("offerID", { $0.offerID.map { .string($0) } }),
        ("offerPaymentMode", { $0.offerPaymentMode.map { .string($0.rawValue) } }),
        ("offerPeriod", { $0.offerPeriod.map { .string($0) } }),
        ("offerType", { $0.offerType.map { .integer(Int64($0.rawValue)) } }),
        ("originalID", { .integer($0.originalID) }),
        ("originalPurchaseDate", { milliseconds($0.originalPurchaseDate) }),
        ("ownershipType", { .string($0.ownershipType.rawValue) }),
        ("price", { $0.price.map { .string($0.description) } }),
        ("productID", { .string($0.productID) }),
        ("productType", { .string($0.productType.rawValue) }),
        ("purchaseDate", { milliseconds($0.purchaseDate) }),
        ("purchasedQuantity", { .integer(Int64($0.purchasedQuantity)) }),
        ("revocationDate", { milliseconds($0.revocationDate) }),
        ("revocationPercentage", { $0.revocationPercentage.map { .integer(Int64($0)) } }),
        ("revocationReason", { $0.revocationReason.map { .integer(Int64($0.rawValue)) } }),
        ("revocationType", { $0.revocationType.map { .string($0.rawValue) } }),
        ("signedDate", { milliseconds($0.signedDate) }),
        ("storefront", { .string($0.storefront) }),
        ("subscriptionGroupID", { $0.subscriptionGroupID.map { .string($0) } }),
    ]

    private static func milliseconds(_ date: Date?) -> JSONScalar? {
        date.map { .integer($0.ledgerMilliseconds) }
    }

    /// The JWS payload: a key per signed field, absent when the field is nil, and the
    /// account unless it is `local`.
    var signedPayload: JSONObject {
        let fields: JSONObject = Self.signedFields.compactMap { field in field.value(self).map { (field.name, $0) } }
        return account == .local ? fields : [("account", .string(account.id))] + fields
    }
}

extension Date {
    /// Milliseconds since 1970, the unit of every date column and payload key.
    package var ledgerMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    init(ledgerMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(ledgerMilliseconds) / 1000)
    }

    /// This date as the ledger stores it.
    var millisecondPrecision: Date { Date(ledgerMilliseconds: ledgerMilliseconds) }
}
