import Foundation

/// The store a `Storefront` sells from: the local store (catalog file + signed ledger),
/// or later a remote one. Every call may fail and may take time.
///
/// Rules a backend follows:
/// - `products(for:)` returns the products it knows, in any order; unknown IDs are
///   simply absent (that is not an error).
/// - `purchase(_:options:)` returns the outcome of a purchase made here; its transaction
///   is *not* also sent to `updates()`. Throwing `StoreKitError.userCancelled` counts as
///   a cancel. A `.pending` purchase's transaction, once approved, is sent to `updates()`.
/// - `allTransactions()` is the whole ledger, finished or not, including consumables and
///   refunded purchases (refunds carry a `revocationDate`): entitlements, consumable
///   counts and intro-offer eligibility are derived from it.
/// - `subscriptionStatuses(for:)` is the customer's standing in one group, empty if
///   they never subscribed.
/// - `unfinishedTransactions()` lists transactions not yet passed to `finish(_:)`; the
///   storefront delivers them again at start.
/// - `updates()` starts a new stream of what changes outside a purchase made here.
///
/// ```swift
/// func printTips(from store: any StoreBackend) async throws {
///     let products = try await store.products(for: ["tip.small", "tip.large"])
///     for product in products { print(product.displayName, product.displayPrice) }
/// }
/// ```
public protocol StoreBackend: Sendable {
    /// The storefront (country and currency) prices are for.
    func storefront() async throws -> StorefrontInfo
    /// The products known among `ids`; unknown IDs are left out.
    func products(for ids: [Product.ID]) async throws -> [Product]
    /// Buys `product`; throws `Product.PurchaseError` or `StoreKitError` on failure.
    func purchase(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult
    /// Grants the offer an offer code stands for, once per customer; throws
    /// `OfferCodeError` for a code it refuses. Its transaction is not also sent to `updates()`.
    func redeem(offerCode code: String) async throws -> VerificationResult<Transaction>
    /// Every transaction in the ledger.
    func allTransactions() async throws -> [VerificationResult<Transaction>]
    /// The customer's statuses in one subscription group.
    func subscriptionStatuses(for groupID: String) async throws -> [Product.SubscriptionInfo.Status]
    /// Transactions not yet finished.
    func unfinishedTransactions() async throws -> [VerificationResult<Transaction>]
    /// Marks a transaction as delivered.
    func finish(_ transaction: Transaction) async throws
    /// Restores purchases: brings the ledger up to date with the store. Call it only when
    /// the customer asks to.
    func sync() async throws
    /// The signed record of the app's own purchase.
    func appTransaction() async throws -> VerificationResult<AppTransaction>
    /// A new stream of changes made outside this app's purchases: renewals, approvals,
    /// refunds, status changes, storefront changes.
    func updates() async -> AsyncStream<StoreUpdate>
    /// The updates sent to `updates()` streams and not yet handled by their listeners
    /// (count them with a `Broadcast`), so a headless run knows exactly when every update
    /// has been handled. A backend that wraps another reports the other's.
    var updateDelivery: Delivery { get }
    /// The customer's answer to the price increase of the subscription `originalTransactionID`
    /// (StoreKit's price-increase consent message): agreed, or declined.
    func answerPriceIncrease(originalTransactionID: Transaction.ID, consented: Bool) async throws
    /// The customer asks for a refund of `transactionID` (StoreKit's refund sheet); throws
    /// `Transaction.RefundRequestError.duplicateRequest` when they asked before.
    func requestRefund(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason) async throws
    /// The transactions the customer has asked a refund of.
    func refundRequestedTransactionIDs() async throws -> Set<Transaction.ID>
}

/// The storefront prices are for, such as the United Kingdom store.
///
/// ```swift
/// let uk = StorefrontInfo(id: "143444", countryCode: "GBR")
/// ```
public struct StorefrontInfo: Hashable, Sendable, Codable {
    public let id: String
    /// ISO 3166-1 alpha-3, as the App Store spells it.
    public let countryCode: String

    public init(id: String, countryCode: String) {
        self.id = id
        self.countryCode = countryCode
    }
}

/// A change a backend reports on its own.
///
/// ```swift
/// for await update in await store.updates() {
///     if case .transaction(.verified(let transaction)) = update { print(transaction.productID) }
/// }
/// ```
public enum StoreUpdate: Hashable, Sendable {
    /// A new or changed transaction: a renewal, an approved Ask to Buy, a purchase on
    /// another device, a refund (with `revocationDate`).
    case transaction(VerificationResult<Transaction>)
    /// A group's renewal state changed without a new transaction (billing retry, grace
    /// period, auto-renew switched off).
    case subscriptionStatusChanged(groupID: String)
    /// An Ask to Buy request for this product was declined: it no longer waits.
    case askToBuyDeclined(productID: Product.ID)
    /// Transactions were deleted (the ledger was cleared): what the customer owns must be
    /// read again.
    case transactionsRemoved
    /// The customer's storefront changed; prices must be loaded again.
    case storefrontChanged(StorefrontInfo)
    /// The store stopped answering (`false`: a shared store's server went away) or answers
    /// again (`true`); the backend keeps trying meanwhile.
    case storeReachabilityChanged(isReachable: Bool)
    /// These products went off sale or came back (App Store Connect's Remove from Sale): a
    /// view that shows one loads it again, to find it unavailable or for sale.
    case productsChanged([Product.ID])
    /// A refund was asked for or decided elsewhere (another terminal, the developer's
    /// decision): which purchases await the App Store's decision must be read again.
    case refundRequestsChanged
}
