import Foundation

extension Product.SubscriptionInfo.RenewalInfo {
    /// Whether an auto-renewable subscription is subject to a price increase, StoreKit's
    /// `Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus`.
    ///
    /// ```swift
    /// if renewal.priceIncreaseStatus == .pending { print("ask for consent to \(renewal.renewalPrice!)") }
    /// ```
    public enum PriceIncreaseStatus: String, CaseIterable, Hashable, Sendable, Codable {
        /// No price increase waits for the next renewal.
        case noIncreasePending
        /// The customer has not yet agreed to a price increase that needs their consent.
        case pending
        /// The customer agreed, or was told of an increase that needs no consent: the next
        /// renewal bills the new price.
        case agreed
    }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// This renewal info with `status` as its price increase status: what a store that
    /// raised the price sets.
    public func withPriceIncrease(_ status: PriceIncreaseStatus) -> Self {
        var copy = self
        copy.priceIncreaseStatus = status
        return copy
    }
}
