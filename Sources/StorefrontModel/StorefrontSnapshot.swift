import Foundation

/// Everything a view needs from a `Storefront`, as one value taken at one moment.
///
/// Read it whenever a `StorefrontEvent` arrives and redraw from it.
///
/// ```swift
/// let state = storefront.snapshot
/// if case .success(let products, _)? = state.products["shop"] {
///     for product in products {
///         let dimmed = state.pendingProductID.map { $0 != product.id } ?? false
///         let owned = state.purchasedProductIDs.contains(product.id)
///         print(product.displayName, owned ? "Owned" : product.displayPrice, dimmed ? "(dim)" : "")
///     }
/// }
/// ```
public struct StorefrontSnapshot: Sendable {
    /// The storefront prices are for, once known.
    public internal(set) var storefront: StorefrontInfo?
    /// True for good once products and entitlements have both loaded.
    public internal(set) var isOpenForBusiness = false
    /// Product loads, per slot.
    public internal(set) var products: [LoadSlot: Product.CollectionTaskState] = [:]
    /// The product whose purchase is running; other rows dim.
    public internal(set) var pendingProductID: Product.ID?
    /// Products whose purchase waits for approval (Ask to Buy).
    public internal(set) var awaitingApproval: Set<Product.ID> = []
    /// How many Ask to Buy requests of each product have been approved since the storefront
    /// started: a product that stops waiting was approved when its count went up, and
    /// declined otherwise.
    public internal(set) var askToBuyApprovals: [Product.ID: Int] = [:]
    /// How many times the store told of refund requests asked for or decided elsewhere: a
    /// view that marks the purchases awaiting a decision reads them again when it moves.
    public internal(set) var refundRequestChanges = 0
    /// The products of the purchases left unfinished last time that `start()` delivered:
    /// bought while no storefront was open (a session gone, or "Quit anyway"), oldest first.
    public internal(set) var deliveredWhileAway: [Product.ID] = []
    /// Whether the store stopped answering and the backend is trying again.
    public internal(set) var isStoreUnreachable = false
    /// A purchase error for the front to show, until dismissed.
    public internal(set) var alert: StorefrontAlert?
    /// What the customer owns.
    public internal(set) var entitlements: EntitlementTaskState<CustomerEntitlements> = .loading
    /// Why the last reading of what the customer owns failed, until one succeeds;
    /// `entitlements` keeps the last good answer meanwhile. A subscription store shows no
    /// offer on a standing it could not read.
    public internal(set) var entitlementsError: (any Error)?
    /// The app's own purchase record, once loaded.
    public internal(set) var appTransaction: VerificationResult<AppTransaction>?
    /// How many events the storefront had sent when this was taken: of two snapshots, the
    /// one with the larger version is the later, whichever reaches a reader first.
    public internal(set) var version = 0

    /// The products that entitle the customer now; empty until loaded.
    public var purchasedProductIDs: Set<Product.ID> {
        entitlements.value?.purchasedProductIDs ?? []
    }

    /// The entitlement for one product, as `currentEntitlementTask` reports it:
    /// `nil` when not entitled, and always `nil` for consumables.
    public func entitlement(for productID: Product.ID) -> EntitlementTaskState<VerificationResult<Transaction>?> {
        switch entitlements {
        case .loading: .loading
        case .failure(let error): .failure(error)
        case .success(let owned): .success(owned.transactions[productID].map(VerificationResult.verified))
        }
    }

    /// A group's statuses, as `subscriptionStatusTask` reports them.
    public func subscriptionStatus(for groupID: String) -> EntitlementTaskState<[Product.SubscriptionInfo.Status]> {
        switch entitlements {
        case .loading: .loading
        case .failure(let error): .failure(error)
        case .success(let owned): .success(owned.subscriptionGroup(groupID).statuses)
        }
    }

    /// The customer's standing in a group: current plan, renewal preference, intro-offer
    /// eligibility; `nil` until entitlements have loaded.
    public func subscriptionGroup(_ groupID: String) -> SubscriptionGroupStatus? {
        entitlements.value?.subscriptionGroup(groupID)
    }

    /// The version the customer first got, from a verified app transaction.
    public var originalAppVersion: AppVersion? {
        appTransaction?.verifiedValue.flatMap { AppVersion($0.originalAppVersion) }
    }

    /// Whether a named entitlement, such as "pro", is active.
    public func isActive(_ entitlement: NamedEntitlement) -> Bool {
        entitlement.isActive(purchasedProductIDs: purchasedProductIDs, originalAppVersion: originalAppVersion)
    }
}

/// Names one product load, usually one view: a new load in the same slot cancels the
/// one before it.
///
/// ```swift
/// let slot: LoadSlot = "subscriptions"
/// ```
public struct LoadSlot: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String {
        name
    }
}

/// A failed purchase, kept for the front to show until dismissed.
///
/// ```swift
/// if let alert = storefront.snapshot.alert {
///     print("\(alert.productID): \(alert.error.localizedDescription)")
/// }
/// ```
public struct StorefrontAlert: Sendable {
    public let productID: Product.ID
    public let error: any Error
}

/// What changed in a `Storefront`; read `snapshot` for the new state.
///
/// ```swift
/// for await event in storefront.events() {
///     redraw(storefront.snapshot)
/// }
/// ```
public enum StorefrontEvent: Hashable, Sendable {
    /// A slot's product load changed state.
    case productsChanged(LoadSlot)
    /// The pending purchase or the products awaiting approval changed.
    case purchaseStateChanged
    /// Entitlements, consumable counts or subscription statuses changed.
    case entitlementsChanged
    /// An alert appeared or was dismissed.
    case alertChanged
    /// The storefront changed; products are reloading.
    case storefrontChanged
    /// Products and entitlements have both loaded, for the first time.
    case openForBusiness
    /// The store stopped answering, or answers again (`isStoreUnreachable`).
    case reachabilityChanged
    /// A refund request was asked for or decided elsewhere (`refundRequestChanges`).
    case refundRequestsChanged
}
