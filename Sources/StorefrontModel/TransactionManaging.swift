import Foundation

/// The operator's side of a store, as Xcode's Manage Transactions window drives a StoreKit
/// test session: the customer's transactions and the requests waiting, and the controls that
/// act on them. `storefront run --transaction-manager` hands one to the app; a customer's
/// session (`serve --ssh`) never has one.
///
/// ```swift
/// let items = try await manager.managedItems()                 // newest first
/// let detail = try await manager.perform(.grantRefund, on: items[0])  // "REFUND_FULL"
/// ```
public protocol TransactionManaging: Sendable {
    /// The customer's transactions, newest first, then the requests waiting (Ask to Buy,
    /// interrupted purchases), newest first.
    func managedItems() async throws -> [ManagedItem]
    /// Does `action` to `item` through the store's controls; returns what the store recorded
    /// worth naming (a revocation type, a new expiry), or nil.
    func perform(_ action: TransactionManagerAction, on item: ManagedItem) async throws -> String?
    /// Apple's `consumptionRequestReason` values a refund request may give.
    var refundReasons: [String] { get }
}

/// One row of the transaction manager: a transaction, or a request waiting for someone.
public struct ManagedItem: Sendable, Hashable, Identifiable {
    /// What the row is.
    public enum Kind: Sendable, Hashable {
        case transaction
        /// An Ask to Buy request waiting for a parent.
        case askToBuy
        /// A purchase the customer has to finish (StoreKit Testing's interrupted purchases).
        case interruptedPurchase
    }

    /// Where a transaction (or its subscription) stands, as the manager lists it.
    public enum State: String, Sendable, Hashable, CaseIterable {
        case purchased, renewed, upgraded, refunded, revoked, expired
        case inBillingRetry, inGracePeriod, priceConsentPending, refundRequested, familyShared
        case askToBuy, interrupted
    }

    /// Unique among the rows: a transaction's and a request's IDs may meet.
    public var id: String { "\(kind)-\(recordID)" }
    public var kind: Kind
    /// The transaction's ID, or the request's.
    public var recordID: Int64
    /// The subscription's original transaction ID; nil for other products and requests.
    public var originalTransactionID: Int64?
    public var productID: String
    public var productType: Product.ProductType
    /// When it was bought, or asked for.
    public var date: Date
    public var states: [State]
    /// For a subscription: whether this is its chain's transaction in force, the one its
    /// renewals, expiry, price and extensions act on.
    public var isLatestInChain: Bool

    public init(
        kind: Kind, recordID: Int64, originalTransactionID: Int64? = nil, productID: String, productType: Product.ProductType,
        date: Date, states: [State], isLatestInChain: Bool = false
    ) {
        self.kind = kind
        self.recordID = recordID
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.productType = productType
        self.date = date
        self.states = states
        self.isLatestInChain = isLatestInChain
    }
}

/// What the operator does to a row of the transaction manager.
public enum TransactionManagerAction: Sendable, Hashable {
    /// The customer asks for a refund, giving Apple's `consumptionRequestReason`.
    case requestRefund(reason: String)
    /// The App Store refunds it all (`REFUND_FULL`).
    case grantRefund
    /// The App Store refunds part of it: `percentage` in milliunits (40% is 40000).
    case grantProratedRefund(percentage: Int)
    /// The App Store refuses (`REFUND_DECLINED`).
    case declineRefund
    /// A granted refund is reversed (`REFUND_REVERSED`).
    case reverseRefund
    /// A parent approves an Ask to Buy request.
    case approve
    /// A parent declines an Ask to Buy request.
    case decline
    /// The customer finishes an interrupted purchase.
    case resolve
    /// The subscription's period ends now, auto-renew off.
    case expire
    /// The subscription renews now.
    case renewNow
    /// The subscription's renewal is tried now and its billing fails.
    case failNextRenewal
    /// The customer fixed their payment method: the renewal goes through (`BILLING_RECOVERY`).
    case recoverBilling
    /// The product's price goes up to `price` for its subscribers, asking their consent or not.
    case raisePrice(Decimal, requiresConsent: Bool)
    /// The renewal date moves `days` later, for Apple's `extendReasonCode`.
    case extendRenewalDate(days: Int, reasonCode: Int)
}
