import Foundation

/// Who a win-back offer is for, in App Store Connect's terms: how long the customer paid
/// for the subscription, how long ago it ended, how long since their last win-back offer,
/// and the offer's priority among the others the customer qualifies for.
///
/// Xcode 16 writes only StoreKit Testing's `isEligible` switch into a `.storekit` file;
/// these terms come from App Store Connect's own attribute names, which a file may add to
/// a `winbackOffers` entry (all optional):
///
/// ```json
/// { "offerID": "comeback", …,
///   "customerEligibilityPaidSubscriptionDurationInMonths": 6,
///   "customerEligibilityTimeSinceLastSubscribedInMonths": { "minimum": 2, "maximum": 24 },
///   "customerEligibilityWaitBetweenOffersInMonths": 2,
///   "priority": "HIGH" }
/// ```
///
/// Without them any churned subscriber of the group qualifies. Months are store months:
/// a faster time rate shortens them as it shortens subscription periods.
public struct WinBackTerms: Sendable, Equatable {
    /// Whether the store lists the offer before `normal` ones (App Store Connect's `priority`).
    public enum Priority: String, Sendable, Hashable, CaseIterable {
        case high = "HIGH"
        case normal = "NORMAL"
    }

    /// The least time the customer must have paid for the subscription, in months.
    public var paidSubscriptionDurationInMonths: Int
    /// How long ago the last subscription must have ended: at least `minimum`, and less than
    /// `maximum` months when there is one.
    public var timeSinceLastSubscribedInMonths: (minimum: Int, maximum: Int?)
    /// Months that must pass after a win-back offer before the customer gets another.
    public var waitBetweenOffersInMonths: Int
    public var priority: Priority

    /// Terms any churned subscriber meets.
    public static let anyChurnedSubscriber = WinBackTerms()

    public init(
        paidSubscriptionDurationInMonths: Int = 0,
        timeSinceLastSubscribedInMonths: (minimum: Int, maximum: Int?) = (0, nil),
        waitBetweenOffersInMonths: Int = 0,
        priority: Priority = .normal
    ) {
        self.paidSubscriptionDurationInMonths = paidSubscriptionDurationInMonths
        self.timeSinceLastSubscribedInMonths = timeSinceLastSubscribedInMonths
        self.waitBetweenOffersInMonths = waitBetweenOffersInMonths
        self.priority = priority
    }

    public static func == (lhs: WinBackTerms, rhs: WinBackTerms) -> Bool {
        lhs.paidSubscriptionDurationInMonths == rhs.paidSubscriptionDurationInMonths
            && lhs.timeSinceLastSubscribedInMonths == rhs.timeSinceLastSubscribedInMonths
            && lhs.waitBetweenOffersInMonths == rhs.waitBetweenOffersInMonths
            && lhs.priority == rhs.priority
    }
}

extension Node {
    /// A `winbackOffers` entry's terms, checked: months are whole and not negative, a
    /// maximum is above its minimum, the priority is HIGH or NORMAL.
    func winBackTerms() throws(Problem) -> WinBackTerms {
        var terms = WinBackTerms()
        terms.paidSubscriptionDurationInMonths = try months("customerEligibilityPaidSubscriptionDurationInMonths") ?? 0
        terms.waitBetweenOffersInMonths = try months("customerEligibilityWaitBetweenOffersInMonths") ?? 0
        let sinceKey = "customerEligibilityTimeSinceLastSubscribedInMonths"
        if let since = try object(sinceKey) {
            let minimum = try since.months("minimum") ?? 0
            let maximum = try since.months("maximum")
            if let maximum, maximum <= minimum {
                throw since.problem(at: "maximum", "expected a maximum above the minimum (\(minimum) months), found \(maximum)")
            }
            terms.timeSinceLastSubscribedInMonths = (minimum, maximum)
        }
        if let text = try string("priority") {
            guard let priority = WinBackTerms.Priority(rawValue: text) else {
                throw problem(at: "priority", "unknown priority \"\(text)\" (expected HIGH or NORMAL)")
            }
            terms.priority = priority
        }
        return terms
    }

    private func months(_ key: String) throws(Problem) -> Int? {
        guard let months = try int(key) else { return nil }
        guard months >= 0 else { throw problem(at: key, "expected a number of months, 0 or more, found \(months)") }
        return months
    }
}
