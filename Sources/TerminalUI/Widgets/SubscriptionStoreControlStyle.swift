/// How a `SubscriptionStoreView` lets the customer pick a plan.
///
/// - `picker`: a radio list (◉ / ○) and one Subscribe button under it.
/// - `prominentPicker`: the same radio list inside a box, and one button.
/// - `buttons`: one button per plan.
/// - `compactPicker`: two or three plans side by side, and one button; more plans, or a
///   terminal too narrow for them, stack as in `picker`.
/// - `pagedPicker`: one plan a page (← / → turn pages, dots say which), and one button.
/// - `pagedProminentPicker`: the same, the page inside a box.
/// - `automatic`: `picker`.
///
/// ```swift
/// SubscriptionStoreView(groupID: "birdfood.pass")
///     .subscriptionStoreControlStyle(.pagedProminentPicker)
/// ```
public enum SubscriptionStoreControlStyle: Sendable, Hashable, CaseIterable {
    case automatic
    case picker
    case prominentPicker
    case buttons
    case compactPicker
    case pagedPicker
    case pagedProminentPicker

    /// The style actually drawn: `automatic` resolved.
    public var resolved: SubscriptionStoreControlStyle {
        self == .automatic ? .picker : self
    }

    /// Whether it shows one plan a page.
    public var isPaged: Bool {
        self == .pagedPicker || self == .pagedProminentPicker
    }

    /// The list style a page, or a compact picker's stacked plans, are drawn in.
    var listStyle: SubscriptionStoreControlStyle {
        switch resolved {
        case .pagedProminentPicker: .prominentPicker
        case .pagedPicker, .compactPicker: .picker
        default: resolved
        }
    }
}
