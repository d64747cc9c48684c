import Foundation

extension Product {
    /// The length of a subscription or offer period: `value` times `unit`.
    ///
    /// ```swift
    /// let quarter = Product.SubscriptionPeriod(value: 3, unit: .month)
    /// var calendar = Calendar(identifier: .gregorian)
    /// calendar.timeZone = TimeZone(identifier: "UTC")!
    /// let start = Date(timeIntervalSince1970: 0)
    /// let end = quarter.end(startingAt: start, in: calendar) // 1 April 1970
    /// ```
    public struct SubscriptionPeriod: Hashable, Sendable, Codable {
        public enum Unit: String, CaseIterable, Hashable, Sendable, Codable {
            case day, week, month, year
        }

        public let value: Int
        public let unit: Unit

        public init(value: Int, unit: Unit) {
            self.value = value
            self.unit = unit
        }

        /// When a period that starts at `start` ends, by calendar arithmetic
        /// (a month from 31 January is the end of February).
        public func end(startingAt start: Date, in calendar: Calendar) -> Date {
            let component: Calendar.Component = switch unit {
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
            // Adding whole days, weeks, months or years to a valid date always succeeds;
            // the fallback only guards against a calendar that cannot represent the result.
            return calendar.date(byAdding: component, value: value, to: start) ?? start
        }
    }
}
