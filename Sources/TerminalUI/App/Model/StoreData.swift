import Foundation
import StorefrontModel

/// What the app knows about the store, copied from the storefront's snapshot when it
/// changes: the part of `AppState` that the store, not the keyboard, changes.
///
/// ```swift
/// let data = StoreData(storefront.snapshot)
/// data.products["shop:tips"]  // the tip jar's load
/// ```
public struct StoreData: Sendable, Equatable {
    /// Product loads, per slot.
    public var products: [LoadSlot: Product.CollectionTaskState]
    /// The product whose purchase is running.
    public var pendingProductID: Product.ID?
    /// Products whose purchase waits for approval (Ask to Buy).
    public var awaitingApproval: Set<Product.ID>
    /// Ask to Buy approvals per product (see `StorefrontSnapshot.askToBuyApprovals`).
    public var askToBuyApprovals: [Product.ID: Int]
    /// See `StorefrontSnapshot.refundRequestChanges`.
    public var refundRequestChanges = 0
    public var entitlements: EntitlementTaskState<CustomerEntitlements>
    /// Why the last reading of the customer's standing failed, until one succeeds.
    public var entitlementsError: StoreFailure?
    /// The version the customer first got, for grandfathered entitlements.
    public var originalAppVersion: AppVersion?
    /// Whether the store stopped answering and is being tried again.
    public var isStoreUnreachable = false
    /// The products of purchases delivered as the store opened, bought while the customer
    /// was away (`StorefrontSnapshot.deliveredWhileAway`).
    public var deliveredWhileAway: [Product.ID] = []
    /// The snapshot's `version`: an effect's answer can reach the app after a newer reading.
    public var version: Int

    public init(
        products: [LoadSlot: Product.CollectionTaskState] = [:],
        pendingProductID: Product.ID? = nil,
        awaitingApproval: Set<Product.ID> = [],
        askToBuyApprovals: [Product.ID: Int] = [:],
        entitlements: EntitlementTaskState<CustomerEntitlements> = .loading,
        entitlementsError: StoreFailure? = nil,
        originalAppVersion: AppVersion? = nil,
        version: Int = 0
    ) {
        self.products = products
        self.pendingProductID = pendingProductID
        self.awaitingApproval = awaitingApproval
        self.askToBuyApprovals = askToBuyApprovals
        self.entitlements = entitlements
        self.entitlementsError = entitlementsError
        self.originalAppVersion = originalAppVersion
        self.version = version
    }

    /// The store as a storefront's snapshot describes it.
    public init(_ snapshot: StorefrontSnapshot) {
        self.init(
            products: snapshot.products,
            pendingProductID: snapshot.pendingProductID,
            awaitingApproval: snapshot.awaitingApproval,
            askToBuyApprovals: snapshot.askToBuyApprovals,
            entitlements: snapshot.entitlements,
            entitlementsError: snapshot.entitlementsError.map(StoreFailure.init),
            originalAppVersion: snapshot.originalAppVersion,
            version: snapshot.version
        )
        isStoreUnreachable = snapshot.isStoreUnreachable
        deliveredWhileAway = snapshot.deliveredWhileAway
        refundRequestChanges = snapshot.refundRequestChanges
    }

    /// What the customer owns now; nil until loaded.
    public var owned: CustomerEntitlements? {
        entitlements.value
    }

    /// A loaded product with this ID, from any slot.
    public func product(_ id: Product.ID) -> Product? {
        for slot in products.keys.sorted(by: { $0.name < $1.name }) {
            if case .success(let found, _)? = products[slot], let product = found.first(where: { $0.id == id }) {
                return product
            }
        }
        return nil
    }
}
