import Foundation
import StorefrontModel

/// Everything the modifiers of a store view have set, for the app runtime to read.
///
/// Build it through the modifiers (`.productViewStyle(_:)`, `.storeButton(_:for:)`,
/// `.onInAppPurchaseStart`, …), not by hand.
///
/// ```swift
/// let shop = StoreView(ids: ["tip.small"]).storeButton(.visible, for: .restorePurchases)
/// shop.modifiers.visibility(for: .restorePurchases)  // .visible
/// ```
public struct StoreViewModifiers: Sendable {
    public internal(set) var productViewStyle: ProductViewStyle = .automatic
    public internal(set) var productsTasks: [StoreProductsTask] = []
    public internal(set) var subscriptionStatusTasks: [SubscriptionStatusTask] = []
    public internal(set) var currentEntitlementTasks: [CurrentEntitlementTask] = []
    var buttonVisibility: [StoreButtonKind: Visibility] = [:]
    /// In the order the modifiers were written: the first sits closest to the view.
    var purchaseLayers: [PurchaseActionLayer] = []
    /// The promotional offer `.subscriptionPromotionalOffer(offer:compactJWS:)` signs for a
    /// plan: the only one a view may show, since the store applies none unsigned.
    var signedPromotionalOffer: (@Sendable (Product, Product.SubscriptionInfo) -> Product.SubscriptionOffer?)?

    /// Whether any data-task modifier is set, so the app has tasks to run while the view shows.
    public var hasDataTasks: Bool {
        !productsTasks.isEmpty || !subscriptionStatusTasks.isEmpty || !currentEntitlementTasks.isEmpty
    }

    /// What `.storeButton(_:for:)` last set for `kind`; `.automatic` when nothing did.
    public func visibility(for kind: StoreButtonKind) -> Visibility {
        buttonVisibility[kind] ?? .automatic
    }

    /// The purchase actions of this view inside those of its ancestors, ready for
    /// `Storefront.purchase(_:actions:)`.
    ///
    /// As in SwiftUI, a modifier written earlier in the chain sits closer to the view:
    /// its start action runs first, its completion action wins, and a `nil` written
    /// later cuts off only what is further out.
    ///
    /// ```swift
    /// let view = StoreView(ids: ["tip.small"])
    ///     .onInAppPurchaseStart { _ in print("view") }
    ///     .onInAppPurchaseCompletion { _, _ in print("view done") }
    /// let actions = view.modifiers.purchaseActions(inside: screenActions)
    /// // start: "view", then the screen's; completion: "view done" only
    /// ```
    public func purchaseActions(inside ancestors: PurchaseActions = PurchaseActions()) -> PurchaseActions {
        purchaseLayers.reversed().reduce(ancestors) { actions, layer in
            switch layer {
            case .start(let action): actions.onInAppPurchaseStart(action)
            case .options(let action): actions.inAppPurchaseOptions(action)
            case .completion(let action): actions.onInAppPurchaseCompletion(action)
            }
        }
    }
}

/// One purchase-action modifier, kept in writing order.
enum PurchaseActionLayer: Sendable {
    case start(PurchaseActions.StartAction?)
    case options(PurchaseActions.OptionsAction?)
    case completion(PurchaseActions.CompletionAction?)
}

/// A StoreKit-shaped view: `StoreView`, `ProductView` or `SubscriptionStoreView`. Its
/// modifiers return modified copies, so a shop is composed in one expression.
///
/// ```swift
/// let tipJar = StoreView(ids: ["tip.small", "tip.medium", "tip.large"], order: .priceAscending)
///     .productViewStyle(.compact)
///     .storeButton(.visible, for: .restorePurchases)
///     .onInAppPurchaseCompletion { product, result in print(product.id, result) }
/// ```
public protocol InAppPurchaseView: Sendable {
    /// What the modifiers set; read by the app runtime.
    var modifiers: StoreViewModifiers { get set }
}

extension InAppPurchaseView {
    /// Draws products in `style`.
    ///
    /// ```swift
    /// ProductView(id: "pro.lifetime").productViewStyle(.large)
    /// ```
    public func productViewStyle(_ style: ProductViewStyle) -> Self {
        modified { $0.productViewStyle = style }
    }

    /// Shows or hides auxiliary buttons (see `StoreButtonKind` for what `.automatic` does).
    ///
    /// ```swift
    /// StoreView(ids: tips).storeButton(.visible, for: .restorePurchases, .cancellation)
    /// ```
    public func storeButton(_ visibility: Visibility, for kinds: StoreButtonKind...) -> Self {
        modified { modifiers in
            for kind in kinds { modifiers.buttonVisibility[kind] = visibility }
        }
    }

    /// Runs `action` when the customer starts a purchase here, before the confirmation
    /// sheet. Start actions of every level run, innermost first; `nil` removes those
    /// further out.
    ///
    /// ```swift
    /// StoreView(ids: tips).onInAppPurchaseStart { product in print("buying", product.id) }
    /// ```
    public func onInAppPurchaseStart(perform action: PurchaseActions.StartAction?) -> Self {
        modified { $0.purchaseLayers.append(.start(action)) }
    }

    /// Adds purchase options (quantity, account token) to every purchase made here;
    /// `nil` removes the options further out.
    ///
    /// ```swift
    /// StoreView(ids: tips).inAppPurchaseOptions { _ in [.appAccountToken(account)] }
    /// ```
    public func inAppPurchaseOptions(_ action: PurchaseActions.OptionsAction?) -> Self {
        modified { $0.purchaseLayers.append(.options(action)) }
    }

    /// Handles the end of every purchase made here, instead of the default (transaction
    /// to the updates stream, error alert). The innermost completion is the only one
    /// that runs; `nil` restores the default.
    ///
    /// ```swift
    /// StoreView(ids: tips).onInAppPurchaseCompletion { product, result in
    ///     if case .success(.success(.verified(let transaction))) = result {
    ///         await storefront.finish(transaction)
    ///     }
    /// }
    /// ```
    public func onInAppPurchaseCompletion(perform action: PurchaseActions.CompletionAction?) -> Self {
        modified { $0.purchaseLayers.append(.completion(action)) }
    }

    /// Loads `ids` while the view is shown and calls `action` with every state of the load.
    ///
    /// ```swift
    /// StoreView(ids: tips).storeProductsTask(for: tips) { state in
    ///     if case .failure(let error) = state { print("could not load:", error) }
    /// }
    /// ```
    public func storeProductsTask(
        for ids: some Collection<Product.ID>,
        priority: TaskPriority = .medium,
        action: @escaping @Sendable (Product.CollectionTaskState) async -> Void
    ) -> Self {
        modified { $0.productsTasks.append(StoreProductsTask(ids: Array(ids), priority: priority, action: action)) }
    }

    /// Watches the statuses of subscription group `groupID` while the view is shown.
    ///
    /// ```swift
    /// SubscriptionStoreView(groupID: "birdfood.pass")
    ///     .subscriptionStatusTask(for: "birdfood.pass") { state in
    ///         let subscribed = state.value?.contains { $0.state == .subscribed } ?? false
    ///         print(subscribed ? "member" : "guest")
    ///     }
    /// ```
    public func subscriptionStatusTask(
        for groupID: String,
        priority: TaskPriority = .medium,
        action: @escaping @Sendable (EntitlementTaskState<[Product.SubscriptionInfo.Status]>) async -> Void
    ) -> Self {
        modified {
            $0.subscriptionStatusTasks.append(SubscriptionStatusTask(groupID: groupID, priority: priority, action: action))
        }
    }

    /// Watches the customer's entitlement to `productID` while the view is shown.
    ///
    /// ```swift
    /// ProductView(id: "pro.lifetime").currentEntitlementTask(for: "pro.lifetime") { state in
    ///     print(state.transaction == nil ? "locked" : "unlocked")
    /// }
    /// ```
    public func currentEntitlementTask(
        for productID: Product.ID,
        priority: TaskPriority = .medium,
        action: @escaping @Sendable (EntitlementTaskState<VerificationResult<Transaction>?>) async -> Void
    ) -> Self {
        modified {
            $0.currentEntitlementTasks.append(CurrentEntitlementTask(productID: productID, priority: priority, action: action))
        }
    }

    /// A copy with `change` applied to its modifiers.
    func modified(_ change: (inout StoreViewModifiers) -> Void) -> Self {
        var copy = self
        change(&copy.modifiers)
        return copy
    }
}
