import Foundation

/// A feature the app unlocks, such as "pro", and the products that unlock it.
///
/// It is active when any of its products entitles the customer. For an app that went
/// from paid to freemium, customers who first got a version older than `freemiumSince`
/// already paid for it, so it is active for them too.
///
/// ```swift
/// let pro = NamedEntitlement(
///     name: "pro", productIDs: ["pro.lifetime", "pro.monthly"],
///     freemiumSince: AppVersion("2.0")
/// )
/// pro.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("1.9.3")) // true
/// pro.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("2.0.1")) // false
/// ```
public struct NamedEntitlement: Hashable, Sendable, Codable {
    public let name: String
    public let productIDs: Set<Product.ID>
    /// The first free version, for an app that used to be paid.
    public let freemiumSince: AppVersion?

    public init(name: String, productIDs: Set<Product.ID>, freemiumSince: AppVersion? = nil) {
        self.name = name
        self.productIDs = productIDs
        self.freemiumSince = freemiumSince
    }

    /// Whether the customer has this feature, given what entitles them now and the
    /// version they first got (`nil` if unknown or not verified).
    public func isActive(purchasedProductIDs: Set<Product.ID>, originalAppVersion: AppVersion?) -> Bool {
        if !productIDs.isDisjoint(with: purchasedProductIDs) { return true }
        guard let freemiumSince, let originalAppVersion else { return false }
        return originalAppVersion < freemiumSince
    }
}
