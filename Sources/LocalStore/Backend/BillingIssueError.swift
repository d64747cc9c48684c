import Foundation
import StorefrontModel

/// Why the store would not resolve a billing issue.
///
/// ```swift
/// do { try await store.resolveBillingIssue(forTransaction: 3) }
/// catch BillingIssueError.noBillingIssue(_, let productID, let state) { print(productID, state) }
/// ```
public enum BillingIssueError: Error, Hashable, LocalizedError {
    /// The subscription is not in billing retry or a grace period: it renews, has
    /// expired or was refunded, so there is nothing to resolve.
    case noBillingIssue(originalTransactionID: Int64, productID: String, state: Product.SubscriptionInfo.RenewalState)

    public var errorDescription: String? {
        switch self {
        case .noBillingIssue(let originalID, let productID, let state):
            "subscription \(originalID) (\(productID)) has no billing issue: it is \(state.words), "
                + "not in billing retry or a grace period"
        }
    }
}
