import Foundation

/// When a switch between two subscriptions of one group takes effect.
///
/// The rule: an upgrade applies at once (the rest of the old period is refunded pro rata);
/// a downgrade waits for the next renewal; a crossgrade applies at once when both have
/// the same period, and otherwise waits for the renewal. A store uses this to decide which
/// transaction to write and when; a view uses it for "takes effect on …".
///
/// ```swift
/// if let change = PlanChange(from: basic, renewingAt: renewal, to: premium, now: clock.now) {
///     print(change.relationship == .upgrade, change.timing) // true immediately
/// }
/// ```
public struct PlanChange: Hashable, Sendable {
    /// When the new plan starts: `.atNextRenewal` keeps the old plan until its period ends.
    public enum Timing: Hashable, Sendable {
        case immediately
        case atNextRenewal
    }

    public let relationship: Product.SubscriptionRelationship
    public let timing: Timing
    /// `now` for immediate changes, the renewal date (or `now`, if that has passed) otherwise.
    public let effectiveDate: Date

    /// The change from the `current` plan, whose period ends at `renewalDate`, to
    /// `candidate`; `nil` when `candidate` is the current plan or not in its group.
    public init?(from current: Product, renewingAt renewalDate: Date, to candidate: Product, now: Date) {
        guard let relationship = Product.SubscriptionRelationship(from: current, to: candidate),
              relationship != .current,
              let from = current.subscription, let to = candidate.subscription
        else { return nil }
        self.relationship = relationship
        let samePeriod = from.subscriptionPeriod == to.subscriptionPeriod
        self.timing = switch relationship {
        case .upgrade: .immediately
        case .crossgrade where samePeriod: .immediately
        default: .atNextRenewal
        }
        self.effectiveDate = timing == .immediately ? now : max(now, renewalDate)
    }

    /// Whether the new plan is the one in force at `date`.
    public func isInEffect(at date: Date) -> Bool {
        date >= effectiveDate
    }
}
