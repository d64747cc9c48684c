/// How a `SubscriptionStoreView` lets the customer pick a plan.
///
/// - `picker`: a radio list (◉ / ○) and one Subscribe button under it.
/// - `prominentPicker`: the same radio list inside a box, and one button.
/// - `buttons`: one button per plan.
/// - `automatic`: `picker`.
///
/// ```swift
/// SubscriptionStoreView(groupID: "birdfood.pass")
///     .subscriptionStoreControlStyle(.buttons)
/// ```
public enum SubscriptionStoreControlStyle: Sendable, Hashable, CaseIterable {
    case automatic
    case picker
    case prominentPicker
    case buttons

    /// The style actually drawn: `automatic` resolved.
    public var resolved: SubscriptionStoreControlStyle {
        self == .automatic ? .picker : self
    }
}
