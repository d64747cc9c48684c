import Foundation
import StorefrontModel

/// Everything that can change an `AppState`: keys, the clock, the store, and the results
/// of effects. `AppState.update(_:)` handles one message at a time.
///
/// ```swift
/// var state = AppState(layout: layout, size: TerminalSize(width: 80, height: 24))
/// let effects = state.update(.key(.enter))  // [.loadProducts(shop)] when a shop opens
/// ```
public enum AppMessage: Sendable {
    /// A key press, resize or click.
    case key(Key)
    /// The clock moved: time since the app started (for spinners) and the wall-clock date.
    case tick(elapsed: Duration, now: Date)
    /// The store changed; the runtime reads the data when it handles the message, so it
    /// is never stale.
    case storeChanged(StoreData)
    /// The storefront asks the customer to confirm a purchase.
    case confirmationRequested(PurchaseRequest)
    /// A purchase started in a shop ended (confirmed or not).
    case purchaseFinished(Product, shop: StoreLayout.Shop.ID, Result<Product.PurchaseResult, any Error>)
    /// A purchase could not start because another was running.
    case purchaseRefused(Product.ID)
    /// A restore ended.
    case restoreFinished(Result<CustomerEntitlements, any Error>)
    /// Redeeming an offer code ended: its transaction, or why the store refused it.
    case redeemFinished(code: String, Result<VerificationResult<Transaction>, any Error>)
    /// A shop view's sign-in action ended.
    case signedIn(shop: StoreLayout.Shop.ID)
    /// The purchase history loaded (or failed to).
    case historyLoaded(Result<[VerificationResult<Transaction>], any Error>)
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
