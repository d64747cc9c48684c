import Foundation

extension Storefront {
    /// Every transaction the customer has made, finished or not, newest first (by purchase
    /// date, then ID), as StoreKit's `Transaction.all` lists them: what a purchase history
    /// screen shows.
    ///
    /// ```swift
    /// for result in try await storefront.allTransactions() {
    ///     print(result.unsafePayloadValue.productID, result.unsafePayloadValue.purchaseDate)
    /// }
    /// ```
    public func allTransactions() async throws -> [VerificationResult<Transaction>] {
        try await backend.allTransactions().sorted { lhs, rhs in
            let left = lhs.unsafePayloadValue, right = rhs.unsafePayloadValue
            return (left.purchaseDate, left.id) > (right.purchaseDate, right.id)
        }
    }
}
