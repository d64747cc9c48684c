import Foundation

extension Storefront {
    /// The transactions that entitle the customer to `productID` now, as StoreKit's
    /// `Transaction.currentEntitlements(for:)` gives them: by the rules of
    /// `CustomerEntitlements`, the standing purchase of a non-consumable or non-renewing
    /// subscription, or the transaction of a subscription status that gives access. Empty
    /// when nothing does (and always for a consumable). It reads the store afresh and
    /// changes no state.
    ///
    /// ```swift
    /// for case .verified(let transaction) in try await storefront.currentEntitlements(for: "pro.lifetime") {
    ///     print("Pro since", transaction.purchaseDate)
    /// }
    /// ```
    public func currentEntitlements(for productID: Product.ID) async throws -> [VerificationResult<Transaction>] {
        let transactions = try await backend.allTransactions()
        let mine = transactions.filter { $0.unsafePayloadValue.productID == productID }
        var statuses: [Product.SubscriptionInfo.Status] = []
        for groupID in Set(mine.compactMap(\.unsafePayloadValue.subscriptionGroupID)).sorted() {
            statuses += try await backend.subscriptionStatuses(for: groupID)
        }
        let owned = CustomerEntitlements(transactions: mine, statuses: statuses, now: clock.now)
        return owned.transactions[productID].map { [.verified($0)] } ?? []
    }

    /// The status of the subscription that `transactionID` belongs to, found by any
    /// transaction of its chain (the first purchase, a renewal, an upgrade), as StoreKit's
    /// `Product.SubscriptionInfo.status(transactionID:)`; `nil` for an ID the customer does
    /// not have or one that is not of an auto-renewable subscription.
    ///
    /// ```swift
    /// if let status = try await storefront.subscriptionStatus(transactionID: 42) {
    ///     print(status.state)  // subscribed
    /// }
    /// ```
    public func subscriptionStatus(transactionID: Transaction.ID) async throws -> Product.SubscriptionInfo.Status? {
        let transactions = try await backend.allTransactions().map(\.unsafePayloadValue)
        guard let found = transactions.first(where: { $0.id == transactionID }), found.productType == .autoRenewable,
              let groupID = found.subscriptionGroupID
        else { return nil }
        return try await backend.subscriptionStatuses(for: groupID).first { status in
            status.transaction.unsafePayloadValue.originalID == found.originalID
        }
    }
}
