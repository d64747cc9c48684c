import Foundation

/// An offer a subscriber redeemed for the plan they have now, or for a lower plan, that
/// waits for the chain's next renewal, as the App Store applies it: a promotional offer or an
/// offer code. The ledger keeps one per chain (table `pendingOffers`, SQLite migration
/// `v5-redeem`); the renewal that carries it removes it in the same database transaction, so
/// it applies once, and a store that restarts before the renewal still has it.
///
/// ```swift
/// let pending = try await ledger.pendingOffers()[chain]
/// print(pending?.offerID ?? "none", pending?.productID ?? "")  // "GROVEFRIEND com.example.grove.monthly"
/// ```
public struct PendingOffer: Sendable, Hashable {
    /// The chain the offer is for.
    public var originalID: Int64
    /// The product the chain renews into with the offer: the current plan, or a lower one.
    public var productID: String
    public var offerType: LedgerTransaction.OfferType
    /// The promotional offer's ID, or the offer code.
    public var offerID: String
    public var paymentMode: LedgerTransaction.OfferPaymentMode
    /// One of the offer's periods, as ISO 8601 ("P1M").
    public var period: String
    public var periodCount: Int
    /// What each period costs (pay as you go), or the one payment (up front); zero when free.
    public var price: Decimal
    /// Store time when the customer redeemed it.
    public var redeemedDate: Date

    public init(
        originalID: Int64, productID: String, offerType: LedgerTransaction.OfferType, offerID: String,
        paymentMode: LedgerTransaction.OfferPaymentMode, period: String, periodCount: Int, price: Decimal, redeemedDate: Date
    ) {
        self.originalID = originalID
        self.productID = productID
        self.offerType = offerType
        self.offerID = offerID
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.redeemedDate = redeemedDate
    }

    /// Whether `other` is this offer for the same chain and product (whenever redeemed).
    func isSame(as other: PendingOffer) -> Bool {
        originalID == other.originalID && productID == other.productID && offerType == other.offerType && offerID == other.offerID
    }

    /// Whether `transaction` is the renewal that carries this offer.
    func isCarried(by transaction: LedgerTransaction) -> Bool {
        transaction.productID == productID && transaction.offerType == offerType && transaction.offerID == offerID
    }
}

extension PendingOffer {
    /// The column values, in `pendingOfferColumns` order, for `account`.
    package func values(account: CustomerAccount) -> [LedgerColumnValue?] {
        [
            .string(account.id), .integer(originalID), .string(productID), .integer(Int64(offerType.rawValue)),
            .string(offerID), .string(paymentMode.rawValue), .string(period), .integer(Int64(periodCount)),
            .string(price.description), .integer(redeemedDate.ledgerMilliseconds),
        ]
    }

    /// The columns both engines store, in order.
    package static let columns = [
        "account", "originalID", "productID", "offerType", "offerID", "offerPaymentMode", "offerPeriod",
        "offerPeriodCount", "price", "redeemedDate",
    ]

    /// Reads a stored row.
    package init(columns row: some LedgerColumns) throws {
        let originalID = try row.int64("originalID") ?? 0
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            try row.required(value, table: "pendingOffers", id: originalID, column: column)
        }
        self.init(
            originalID: originalID,
            productID: try required(row.string("productID"), "productID"),
            offerType: LedgerTransaction.OfferType(rawValue: Int(try required(row.int64("offerType"), "offerType"))),
            offerID: try required(row.string("offerID"), "offerID"),
            paymentMode: LedgerTransaction.OfferPaymentMode(rawValue: try required(row.string("offerPaymentMode"), "offerPaymentMode")),
            period: try required(row.string("offerPeriod"), "offerPeriod"),
            periodCount: Int(try required(row.int64("offerPeriodCount"), "offerPeriodCount")),
            price: try required(Decimal(string: row.string("price") ?? ""), "price"),
            redeemedDate: Date(ledgerMilliseconds: try required(row.int64("redeemedDate"), "redeemedDate"))
        )
    }
}
