import Foundation
import StorefrontModel

extension LocalStore {
    /// What the customer owns at store time now, by the rules a `Storefront` applies
    /// (`CustomerEntitlements`), over every transaction and every group's statuses.
    ///
    /// ```swift
    /// let owned = try await store.currentEntitlements()
    /// print(owned.purchasedProductIDs.sorted())
    /// ```
    public func currentEntitlements() async throws -> CustomerEntitlements {
        let transactions = try await allTransactions()
        var statuses: [Product.SubscriptionInfo.Status] = []
        for groupID in Set(transactions.compactMap(\.unsafePayloadValue.subscriptionGroupID)).sorted() {
            statuses += try await subscriptionStatuses(for: groupID)
        }
        return CustomerEntitlements(transactions: transactions, statuses: statuses, now: try await storeNow())
    }
}
