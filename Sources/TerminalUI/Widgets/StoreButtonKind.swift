/// The auxiliary buttons a store view can show around its products, as in StoreKit's
/// `.storeButton(_:for:)`.
///
/// ```swift
/// StoreView(ids: ["tip.small", "tip.large"])
///     .storeButton(.visible, for: .restorePurchases)
/// ```
public enum StoreButtonKind: Sendable, Hashable, CaseIterable {
    /// "Close": dismisses a presented store. Under `.automatic`, visible only when the
    /// store is presented (`StoreContext.isPresented`).
    case cancellation
    /// "Restore Purchases". Never visible under `.automatic`: opt in with `.visible`.
    case restorePurchases
    /// "Redeem Code" (subscription stores only). Hidden under `.automatic`.
    case redeemCode
    /// "Sign In" (subscription stores only). Visible, unless hidden, once
    /// `.subscriptionStoreSignInAction` has set an action.
    case signIn
    /// "Terms of Service" and "Privacy Policy" (subscription stores only). Visible,
    /// unless hidden, for each policy that has a URL.
    case policies
}

/// Whether something is shown: decided by the view (`.automatic`) or forced.
///
/// ```swift
/// SubscriptionStoreView(groupID: "birdfood.pass")
///     .storeButton(.hidden, for: .policies)
///     .storeButton(.visible, for: .redeemCode, .restorePurchases)
/// ```
public enum Visibility: Sendable, Hashable, CaseIterable {
    case automatic
    case visible
    case hidden
}
