import Foundation
import StorefrontModel

/// A `.storeProductsTask(for:)` registration: the products to load and what to call
/// with each state of the load. The app runtime loads `ids` and calls `action` every
/// time the state changes (loading, then success or failure, then again on reloads).
///
/// ```swift
/// let view = StoreView(ids: ["tip.small"])
///     .storeProductsTask(for: ["tip.small"]) { state in
///         if case .success(let products, _) = state { print(products.count, "tips") }
///     }
/// view.modifiers.productsTasks.first?.ids  // ["tip.small"]
/// ```
public struct StoreProductsTask: Sendable {
    public let ids: [Product.ID]
    public let priority: TaskPriority
    public let action: @Sendable (Product.CollectionTaskState) async -> Void
}

/// A `.subscriptionStatusTask(for:)` registration: the group to watch and what to call
/// with its statuses whenever they change.
///
/// ```swift
/// let view = SubscriptionStoreView(groupID: "birdfood.pass")
///     .subscriptionStatusTask(for: "birdfood.pass") { state in
///         print(state.value?.count ?? 0, "statuses")
///     }
/// ```
public struct SubscriptionStatusTask: Sendable {
    public let groupID: String
    public let priority: TaskPriority
    public let action: @Sendable (EntitlementTaskState<[Product.SubscriptionInfo.Status]>) async -> Void
}

/// A `.currentEntitlementTask(for:)` registration: the product to watch and what to call
/// with its entitlement whenever it changes (always `nil` for consumables).
///
/// ```swift
/// let view = ProductView(id: "pro.lifetime")
///     .currentEntitlementTask(for: "pro.lifetime") { state in
///         print(state.transaction == nil ? "not owned" : "owned")
///     }
/// ```
public struct CurrentEntitlementTask: Sendable {
    public let productID: Product.ID
    public let priority: TaskPriority
    public let action: @Sendable (EntitlementTaskState<VerificationResult<Transaction>?>) async -> Void
}
