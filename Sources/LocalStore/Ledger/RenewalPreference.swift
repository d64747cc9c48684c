import Foundation

/// What a subscription chain does at its next renewal: which product renews, and whether
/// it renews at all. StoreKit's `RenewalInfo.autoRenewPreference` and `willAutoRenew`.
///
/// A chain without a stored preference renews as its current product. A downgrade, or a
/// crossgrade to another period, stores the new product here until the renewal.
///
/// ```swift
/// let downgrade = RenewalPreference(productID: "pass.basic.monthly", willAutoRenew: true)
/// try await ledger.setRenewalPreference(downgrade, originalID: chain)
/// ```
public struct RenewalPreference: Sendable, Hashable {
    /// The product the chain renews as.
    public var productID: String
    /// False once the customer turned auto-renew off (or the store expired the subscription).
    public var willAutoRenew: Bool

    public init(productID: String, willAutoRenew: Bool) {
        self.productID = productID
        self.willAutoRenew = willAutoRenew
    }
}
