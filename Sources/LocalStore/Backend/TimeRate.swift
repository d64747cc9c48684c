import Foundation
import StorefrontModel

/// How fast subscriptions renew, StoreKit Testing's `SKTestSession.TimeRate`.
///
/// Store time itself runs at the clock's pace; a time rate shortens subscription
/// periods instead, as Xcode does (a monthly subscription bought under
/// `.monthlyRenewalEvery(.seconds(30))` expires 30 seconds after purchase). Grace and
/// billing-retry periods shrink in proportion.
///
/// ```swift
/// let rate = TimeRate(xcodeCode: 15) // monthlyRenewalEveryThirtySeconds
/// let end = rate.periodEnd(.init(value: 1, unit: .month), from: start) // start + 30 s
/// ```
public enum TimeRate: Hashable, Sendable {
    /// Calendar periods: a monthly subscription renews a month later.
    case realTime
    /// One store day lasts this long (Xcode's deprecated "… is one day" rates).
    case dayLasts(Duration)
    /// A month lasts this long; other periods follow Apple's table (a year is 12 months,
    /// a week is `week`).
    case monthlyRenewalEvery(Duration, week: Duration)
    /// Every period, whatever its length, lasts this long.
    case oneRenewalEvery(Duration)

    /// The rate Xcode's `_timeRate` code stands for (`SKTestTimeRate`'s raw values);
    /// `nil` for a code it does not use.
    public init?(xcodeCode code: Int) {
        switch code {
        case 0: self = .realTime
        case 1: self = .dayLasts(.seconds(3600))
        case 2: self = .dayLasts(.seconds(1800))
        case 3: self = .dayLasts(.seconds(300))
        case 4: self = .dayLasts(.seconds(60))
        case 5: self = .dayLasts(.seconds(30))
        case 6: self = .dayLasts(.seconds(1))
        case 10: self = .monthlyRenewalEvery(.seconds(3600), week: .seconds(900))
        case 11: self = .monthlyRenewalEvery(.seconds(1800), week: .seconds(600))
        case 12: self = .monthlyRenewalEvery(.seconds(900), week: .seconds(300))
        case 13: self = .monthlyRenewalEvery(.seconds(300), week: .seconds(180))
        case 15: self = .monthlyRenewalEvery(.seconds(30), week: .seconds(10))
        case 1000: self = .oneRenewalEvery(.seconds(900))
        case 1001: self = .oneRenewalEvery(.seconds(300))
        case 1002: self = .oneRenewalEvery(.seconds(60))
        case 1003: self = .oneRenewalEvery(.seconds(30))
        case 1004: self = .oneRenewalEvery(.seconds(10))
        case 1005: self = .oneRenewalEvery(.seconds(2))
        default: return nil
        }
    }

    /// When a period of `period` that starts at `start` ends.
    public func periodEnd(_ period: Product.SubscriptionPeriod, from start: Date) -> Date {
        switch self {
        case .realTime:
            return period.end(startingAt: start, in: .storeCalendar)
        case .dayLasts(let day):
            let days = period.end(startingAt: start, in: .storeCalendar).timeIntervalSince(start) / 86_400
            return start + days * day.seconds
        case .monthlyRenewalEvery(let month, let week):
            let count = Double(period.value)
            let length: Double = switch period.unit {
            case .day: count * week.seconds / 7
            case .week: count * week.seconds
            case .month: count * month.seconds
            case .year: count * 12 * month.seconds
            }
            return start + length
        case .oneRenewalEvery(let renewal):
            return start + renewal.seconds
        }
    }

    /// How long a billing grace period lasts after a failed renewal: in real time 6 days
    /// for weekly subscriptions and 16 days otherwise; one renewal time at a fixed rate.
    public func gracePeriod(for period: Product.SubscriptionPeriod) -> TimeInterval {
        let days: Double = period.unit == .week || period.unit == .day ? 6 : 16
        if case .oneRenewalEvery(let renewal) = self { return renewal.seconds }
        return scaled(days * 86_400)
    }

    /// How long the store retries billing before the subscription expires: 60 days in
    /// real time (two months at a monthly rate), two renewal times at a fixed rate.
    public var billingRetryPeriod: TimeInterval {
        scaled(60 * 86_400)
    }

    /// A stretch of real time as this rate runs it: a store day lasts `day`, a month `month`
    /// (30 days), and at a fixed rate a month lasts one renewal. Grace and billing-retry periods
    /// and notification retries use it.
    ///
    /// ```swift
    /// TimeRate.dayLasts(.seconds(1)).scaled(3600)  // 1/24 s
    /// ```
    public func scaled(_ interval: TimeInterval) -> TimeInterval {
        switch self {
        case .realTime: interval
        case .dayLasts(let day): interval * day.seconds / 86_400
        case .monthlyRenewalEvery(let month, _): interval * month.seconds / (30 * 86_400)
        case .oneRenewalEvery(let renewal): interval * renewal.seconds / (30 * 86_400)
        }
    }
}

extension Duration {
    /// The duration in seconds, for date arithmetic.
    var seconds: TimeInterval {
        let (whole, attoseconds) = components
        return TimeInterval(whole) + TimeInterval(attoseconds) / 1e18
    }
}
