import StorefrontModel

/// A `StoreBackend` that forwards every call to another one and counts it as an
/// activity, so `HeadlessApp.settle()` waits for store work the app did not start itself
/// (renewals, approvals, the storefront's own reloads).
///
/// Store updates are counted too: each one keeps `updateHandling` busy from the moment
/// the storefront receives it until the storefront asks for the next one, which is when
/// it has finished handling it.
struct TrackedBackend: StoreBackend {
    let backend: any StoreBackend
    let tracker: ActivityTracker
    /// The activity the storefront's update listener runs under.
    let updateHandling: ActivityTracker.ID
    /// Where purchases run, out of reach of the caller's cancellation.
    let purchaseCalls: StorePurchaseCalls

    func storefront() async throws -> StorefrontInfo {
        try await tracker.run(named: "store: storefront") { try await backend.storefront() }
    }

    func products(for ids: [Product.ID]) async throws -> [Product] {
        try await tracker.run(named: "store: products") { try await backend.products(for: ids) }
    }

    func purchase(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult {
        try await purchaseCalls.run { [backend, tracker] in
            try await tracker.run(named: "store: purchase") { try await backend.purchase(product, options: options) }
        }
    }

    func redeem(offerCode code: String) async throws -> VerificationResult<Transaction> {
        try await tracker.run(named: "store: redeem") { try await backend.redeem(offerCode: code) }
    }

    func allTransactions() async throws -> [VerificationResult<Transaction>] {
        try await tracker.run(named: "store: allTransactions") { try await backend.allTransactions() }
    }

    func subscriptionStatuses(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
        try await tracker.run(named: "store: subscriptionStatuses") { try await backend.subscriptionStatuses(for: groupID) }
    }

    func unfinishedTransactions() async throws -> [VerificationResult<Transaction>] {
        try await tracker.run(named: "store: unfinishedTransactions") { try await backend.unfinishedTransactions() }
    }

    func finish(_ transaction: Transaction) async throws {
        try await tracker.run(named: "store: finish") { try await backend.finish(transaction) }
    }

    func sync() async throws {
        try await tracker.run(named: "store: sync") { try await backend.sync() }
    }

    func appTransaction() async throws -> VerificationResult<AppTransaction> {
        try await tracker.run(named: "store: appTransaction") { try await backend.appTransaction() }
    }

    var updateDelivery: Delivery { backend.updateDelivery }

    func answerPriceIncrease(originalTransactionID: Transaction.ID, consented: Bool) async throws {
        try await tracker.run(named: "store: answerPriceIncrease") {
            try await backend.answerPriceIncrease(originalTransactionID: originalTransactionID, consented: consented)
        }
    }

    func requestRefund(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason) async throws {
        try await tracker.run(named: "store: requestRefund") {
            try await backend.requestRefund(transactionID: transactionID, reason: reason)
        }
    }

    func refundRequestedTransactionIDs() async throws -> Set<Transaction.ID> {
        try await tracker.run(named: "store: refundRequestedTransactionIDs") { try await backend.refundRequestedTransactionIDs() }
    }

    func updates() async -> AsyncStream<StoreUpdate> {
        let tracker = tracker
        let activity = updateHandling
        return await backend.updates().handOff(
            handled: { tracker.end(activity) },
            taken: { tracker.begin(activity, named: "store update: \($0)") }
        )
    }
}
