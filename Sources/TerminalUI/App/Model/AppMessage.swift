import Foundation
import StorefrontModel

/// Everything that can change an `AppState`: keys, the clock, the store, and the results
/// of effects. `AppState.update(_:)` handles one message at a time. Every effect the
/// runtime runs as a task answers with exactly one message that carries its result, so a
/// test can follow an app by its messages, and compare them whole.
///
/// ```swift
/// var state = AppState(layout: layout, size: TerminalSize(width: 80, height: 24))
/// let effects = state.update(.key(.enter))  // [.loadProducts(shop)] when a shop opens
/// ```
public enum AppMessage: Sendable, Equatable {
    /// A key press, resize or click.
    case key(Key)
    /// The clock moved: time since the app started (for spinners) and the wall-clock date.
    case tick(elapsed: Duration, now: Date)
    /// The store changed (read from the storefront's snapshot when the runtime handles the
    /// change, so it is never stale).
    case storeChanged(StoreData)
    /// The store opened (`.start`): the storefront, the app transaction, unfinished
    /// transactions delivered; what it found comes with it.
    case storeOpened(StoreData)
    /// A shop's products loaded (`.loadProducts`), or failed to.
    case productsLoaded(slot: LoadSlot, Product.CollectionTaskState)
    /// What the customer owns was read again (`.refreshEntitlements`), or could not be.
    case entitlementsRefreshed(Result<CustomerEntitlements, StoreFailure>, StoreData)
    /// The storefront asks the customer to confirm a purchase.
    case confirmationRequested(PurchaseRequest)
    /// A purchase started in a shop ended (confirmed or not), with the store as it stood
    /// after it, so the result is read against what the customer now owns.
    case purchaseFinished(Product, shop: StoreLayout.Shop.ID, Result<Product.PurchaseResult, StoreFailure>, StoreData)
    /// A purchase could not start because another was running.
    case purchaseRefused(Product.ID)
    /// A restore ended.
    case restoreFinished(Result<CustomerEntitlements, StoreFailure>)
    /// Redeeming an offer code ended: its transaction, or why the store refused it.
    case redeemFinished(code: String, Result<VerificationResult<Transaction>, StoreFailure>)
    /// A shop view's sign-in action ended.
    case signedIn(shop: StoreLayout.Shop.ID)
    /// The purchase history loaded (or failed to), newest first.
    case historyLoaded(Result<[VerificationResult<Transaction>], StoreFailure>)
    /// The transaction manager's rows were read (`.loadManagedItems`), or could not be.
    case managedItemsLoaded(Result<[ManagedItem], StoreFailure>)
    /// An operator's action ended (`.manage`): what the store recorded worth naming, or its error.
    case managerActionFinished(TransactionManagerAction, ManagedItem, Result<String?, StoreFailure>)
    /// The refund sheet's request of `transactionID` was sent, or refused.
    case refundRequestFinished(transactionID: Transaction.ID, Result<Transaction.RefundRequestStatus, StoreFailure>)
    /// The purchases the customer asked a refund of were read (`.loadRefundRequests`).
    case refundRequestsLoaded(Result<Set<Transaction.ID>, StoreFailure>)
}

/// A purchase waiting on the confirmation sheet.
///
/// ```swift
/// let request = PurchaseRequest(id: 1, product: tip, options: [], shopID: "tips")
/// ```
public struct PurchaseRequest: Sendable, Hashable, Identifiable {
    public let id: UInt64
    public let product: Product
    public let options: Set<Product.PurchaseOption>
    /// The shop the purchase was started in.
    public let shopID: StoreLayout.Shop.ID

    public init(id: UInt64, product: Product, options: Set<Product.PurchaseOption>, shopID: StoreLayout.Shop.ID) {
        self.id = id
        self.product = product
        self.options = options
        self.shopID = shopID
    }
}
