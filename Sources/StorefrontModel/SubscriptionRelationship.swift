import Foundation

extension Product {
    /// How a subscription relates to the customer's current plan in the same group.
    ///
    /// Level 1 is the highest tier, so moving to a smaller level is an upgrade.
    ///
    /// ```swift
    /// // premium is level 1, basic level 2, both in one group
    /// Product.SubscriptionRelationship(from: basic, to: premium)  // .upgrade
    /// Product.SubscriptionRelationship(from: premium, to: basic)  // .downgrade
    /// Product.SubscriptionRelationship(from: basic, to: basic)    // .current
    /// ```
    public struct SubscriptionRelationship: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// A higher tier (a smaller `groupLevel`).
        public static let upgrade = Self(rawValue: 1 << 0)
        /// A lower tier (a larger `groupLevel`).
        public static let downgrade = Self(rawValue: 1 << 1)
        /// Another product of the same tier.
        public static let crossgrade = Self(rawValue: 1 << 2)
        /// The current plan itself.
        public static let current = Self(rawValue: 1 << 3)
        public static let all: Self = [.upgrade, .downgrade, .crossgrade, .current]

        /// The relationship of moving from `current` to `candidate`, or `nil` when either
        /// is not an auto-renewable subscription or they are in different groups.
        public init?(from current: Product, to candidate: Product) {
            guard let from = current.subscription, let to = candidate.subscription,
                  from.subscriptionGroupID == to.subscriptionGroupID
            else { return nil }
            if candidate.id == current.id {
                self = .current
            } else if to.groupLevel < from.groupLevel {
                self = .upgrade
            } else if to.groupLevel > from.groupLevel {
                self = .downgrade
            } else {
                self = .crossgrade
            }
        }
    }
}
