import Foundation
import StorefrontModel

/// Why the store would not force a subscription's renewal now: one line naming the chain.
///
/// ```swift
/// do { try await store.forceRenewalOfSubscription(transactionID: 3) }
/// catch let error as ForcedRenewalError { print(error) }
/// ```
public enum ForcedRenewalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No subscription to that product is in force (`forceRenewalOfSubscription(productIdentifier:)`).
    case noSubscription(productID: String)
    /// The subscription is not in force: refunded, expired, or held by a billing issue
    /// (which `resolveBillingIssue(forTransaction:)` settles), so no period runs to end now.
    case notInForce(originalTransactionID: Int64, productID: String, state: Product.SubscriptionInfo.RenewalState)

    public var description: String {
        switch self {
        case .noSubscription(let productID):
            "no subscription to \(productID) is in force"
        case .notInForce(let originalID, let productID, let state):
            "subscription \(originalID) (\(productID)) is \(state.words): only a subscription in force renews"
                + (state == .inBillingRetryPeriod || state == .inGracePeriod ? " (resolve its billing issue instead)" : "")
        }
    }

    /// sysexits: 65, a transaction the control cannot take.
    public var exitCode: Int32 { 65 }
}
