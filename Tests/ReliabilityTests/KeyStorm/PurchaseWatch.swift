import Foundation
import LocalStore
import StorefrontModel

/// The store as the key storm sees it: every call goes to a `LocalStore`, and each purchase
/// that reaches it is checked against what the screen promised. A purchase must never start
/// while another is on its way (the other rows are dimmed then), never for a product the
/// store does not sell, and never for something already owned (its row says "Owned", or
/// it is the current plan).
actor PurchaseWatch: StoreBackend {
    let store: LocalStore
    /// What went wrong, in words; empty when the storm kept every promise.
    private(set) var violations: [String] = []
    private(set) var purchasesStarted = 0
    private var inFlight: Product.ID?
    /// The storefront of the app now running, whose knowledge judges each purchase.
    private var storefront: Storefront?

    init(_ store: LocalStore) {
        self.store = store
    }

    func watch(_ storefront: Storefront) {
        self.storefront = storefront
    }

    func purchase(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult {
        purchasesStarted += 1
        if let inFlight {
            violations.append("bought \(product.id) while \(inFlight) was still pending")
        }
        if store.catalog.catalog.product(id: product.id) == nil {
            violations.append("bought \(product.id), which the catalog does not sell")
        }
        if let owned = ownedNow(product) {
            violations.append("bought \(product.id) again: \(owned)")
        }
        inFlight = product.id
        defer { inFlight = nil }
        return try await store.purchase(product, options: options)
    }

    /// Why the app should not have let `product` be bought, or nil: what its storefront knew
    /// when the purchase reached the store says buying it gets nothing new (an owned
    /// non-consumable, or the current plan renewing into itself). An approval the app has
    /// not heard of yet is not the app's fault, so the ledger is not the judge.
    private func ownedNow(_ product: Product) -> String? {
        guard storefront?.snapshot.entitlements.value?.alreadyPurchased(product) != nil else { return nil }
        return product.type == .autoRenewable ? "the app knew it was the current plan, renewing into itself" : "the app knew it was owned"
    }

    // Everything else goes straight to the store.
    func storefront() async throws -> StorefrontInfo { try await store.storefront() }
    func products(for ids: [Product.ID]) async throws -> [Product] { try await store.products(for: ids) }
    func redeem(offerCode code: String) async throws -> VerificationResult<Transaction> { try await store.redeem(offerCode: code) }
    func allTransactions() async throws -> [VerificationResult<Transaction>] { try await store.allTransactions() }
    func subscriptionStatuses(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
        try await store.subscriptionStatuses(for: groupID)
    }
    func unfinishedTransactions() async throws -> [VerificationResult<Transaction>] { try await store.unfinishedTransactions() }
    func finish(_ transaction: Transaction) async throws { try await store.finish(transaction) }
    func sync() async throws { try await store.sync() }
    func appTransaction() async throws -> VerificationResult<AppTransaction> { try await store.appTransaction() }
    func updates() async -> AsyncStream<StoreUpdate> { await store.updates() }
    nonisolated var updateDelivery: Delivery { store.updateDelivery }
}
