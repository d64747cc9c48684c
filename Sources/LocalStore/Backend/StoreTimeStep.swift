import Foundation

/// An amount of store time to move forward, as `storefront advance` takes it: a whole
/// number and a unit, `s`, `m`, `h`, `d`, `w`, `mo` or `y`. Months and years are calendar
/// months and years (UTC), so `1mo` reaches a monthly subscription's renewal exactly.
///
/// ```swift
/// let step = StoreTimeStep("1mo")!
/// let later = step.date(after: Date(timeIntervalSince1970: 0)) // 1 February 1970
/// StoreTimeStep("5 parsecs") // nil
/// ```
public struct StoreTimeStep: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case seconds = "s", minutes = "m", hours = "h", days = "d", weeks = "w", months = "mo", years = "y"
    }

    public let value: Int
    public let unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `30s`, `2h`, `1mo`, `1y`; `nil` for anything else, zero or negative.
    public init?(_ text: String) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let value = Int(digits), value > 0,
              let unit = Unit(rawValue: String(text.dropFirst(digits.count)))
        else { return nil }
        self.init(value: value, unit: unit)
    }

    public var description: String { "\(value)\(unit.rawValue)" }

    /// The date `value` units after `date`.
    public func date(after date: Date) -> Date {
        let component: Calendar.Component = switch unit {
        case .seconds: .second
        case .minutes: .minute
        case .hours: .hour
        case .days: .day
        case .weeks: .weekOfYear
        case .months: .month
        case .years: .year
        }
        return Calendar.storeCalendar.date(byAdding: component, value: value, to: date) ?? date
    }
}

extension Calendar {
    /// The store's calendar: Gregorian in UTC, the same on every machine.
    static let storeCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()
}
