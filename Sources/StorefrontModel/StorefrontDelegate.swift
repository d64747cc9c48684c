import Foundation

/// The storefront's events for code that does not use async/await.
///
/// Methods are called on the storefront's actor, so hop to your own queue before
/// touching UI state. Every method has an empty default.
///
/// ```swift
/// final class Shop: StorefrontDelegate {
///     func storefrontDidUpdatePurchasedProducts(_ storefront: Storefront) {
///         print("Owned:", storefront.snapshot.purchasedProductIDs.sorted())
///     }
/// }
/// let shop = Shop()
/// await storefront.setDelegate(shop)
/// ```
public protocol StorefrontDelegate: AnyObject, Sendable {
    /// Entitlements or consumable counts changed (also when they first load).
    func storefrontDidUpdatePurchasedProducts(_ storefront: Storefront)
    /// A purchase failed (cancels are not failures).
    func storefront(_ storefront: Storefront, didReportPurchaseFailure productID: Product.ID, error: any Error)
    /// A purchase waits for approval.
    func storefront(_ storefront: Storefront, didReportPurchasePending productID: Product.ID)
}

extension StorefrontDelegate {
    public func storefrontDidUpdatePurchasedProducts(_ storefront: Storefront) {}
    public func storefront(_ storefront: Storefront, didReportPurchaseFailure productID: Product.ID, error: any Error) {}
    public func storefront(_ storefront: Storefront, didReportPurchasePending productID: Product.ID) {}
}

extension Notification.Name {
    /// Posted with the `Storefront` as object when entitlements or consumable counts change.
    /// userInfo: `StorefrontNotificationKey.purchasedProductIDs` (`Set<Product.ID>`).
    ///
    /// ```swift
    /// NotificationCenter.default.addObserver(
    ///     forName: .storefrontDidUpdatePurchasedProducts, object: nil, queue: nil
    /// ) { note in print(note.userInfo?[StorefrontNotificationKey.purchasedProductIDs] ?? []) }
    /// ```
    public static let storefrontDidUpdatePurchasedProducts = Notification.Name("StorefrontDidUpdatePurchasedProducts")
    /// Posted when a purchase fails. userInfo: `productID` (`Product.ID`), `error` (`any Error`).
    public static let storefrontDidReportPurchaseFailure = Notification.Name("StorefrontDidReportPurchaseFailure")
    /// Posted when a purchase waits for approval. userInfo: `productID` (`Product.ID`).
    public static let storefrontDidReportPurchasePending = Notification.Name("StorefrontDidReportPurchasePending")
}

/// The userInfo keys of the storefront's notifications.
///
/// ```swift
/// let productID = note.userInfo?[StorefrontNotificationKey.productID] as? Product.ID
/// ```
public enum StorefrontNotificationKey {
    public static let productID = "productID"
    public static let error = "error"
    public static let purchasedProductIDs = "purchasedProductIDs"
}
