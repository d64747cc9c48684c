import StorefrontModel

extension Product.SubscriptionInfo.RenewalState {
    /// The state in the words of the store's messages: "in billing retry", "refunded".
    var words: String {
        switch self {
        case .subscribed: "subscribed"
        case .expired: "expired"
        case .revoked: "refunded"
        case .inBillingRetryPeriod: "in billing retry"
        case .inGracePeriod: "in a grace period"
        }
    }
}
