/// What the subscribe buttons of a `SubscriptionStoreView` say, composable as in StoreKit:
/// pick the content (`action`, `displayName`, `price`) and the layout (`singleLine`,
/// `multiline`) in either order.
///
/// - `action`: "Subscribe", or "Try It Free", "Upgrade", "Downgrade", "Switch Plan",
///   "Resubscribe" as the plan calls for.
/// - `displayName`: the plan's name. `price`: "£4.99 / month".
/// - `multiline` adds a second line: the price under an action or a name, the action
///   under a price.
/// - `automatic`: an action on one line for the pickers; name over price for `buttons`.
///
/// ```swift
/// SubscriptionStoreView(groupID: "birdfood.pass")
///     .subscriptionStoreButtonLabel(.multiline.price)  // "£4.99 / month" over "Subscribe"
/// ```
public struct SubscriptionStoreButtonLabel: Sendable, Hashable {
    /// The first line of the label.
    public enum Content: Sendable, Hashable {
        case automatic, action, displayName, price
    }

    /// One line, or two.
    public enum Layout: Sendable, Hashable {
        case automatic, singleLine, multiline
    }

    public var content: Content
    public var layout: Layout

    public init(content: Content = .automatic, layout: Layout = .automatic) {
        self.content = content
        self.layout = layout
    }

    public static var automatic: Self { Self() }
    public static var action: Self { Self(content: .action) }
    public static var displayName: Self { Self(content: .displayName) }
    public static var price: Self { Self(content: .price) }
    public static var singleLine: Self { Self(layout: .singleLine) }
    public static var multiline: Self { Self(layout: .multiline) }

    /// This label showing the action.
    public var action: Self { with(content: .action) }
    /// This label showing the plan's name.
    public var displayName: Self { with(content: .displayName) }
    /// This label showing the price per period.
    public var price: Self { with(content: .price) }
    /// This label on one line.
    public var singleLine: Self { with(layout: .singleLine) }
    /// This label on two lines.
    public var multiline: Self { with(layout: .multiline) }

    /// Content and layout with `automatic` decided for `style`.
    ///
    /// ```swift
    /// SubscriptionStoreButtonLabel.automatic.resolved(for: .buttons)
    /// // content .displayName, layout .multiline
    /// ```
    public func resolved(for style: SubscriptionStoreControlStyle) -> SubscriptionStoreButtonLabel {
        let perPlan = style.resolved == .buttons
        return SubscriptionStoreButtonLabel(
            content: content == .automatic ? (perPlan ? .displayName : .action) : content,
            layout: layout == .automatic ? (perPlan ? .multiline : .singleLine) : layout
        )
    }

    private func with(content: Content? = nil, layout: Layout? = nil) -> Self {
        Self(content: content ?? self.content, layout: layout ?? self.layout)
    }
}
