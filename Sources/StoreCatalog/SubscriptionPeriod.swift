/// A subscription or offer period, read from an ISO 8601 duration such as `P1W` or `P3M`.
///
/// Mirrors StoreKit's `Product.SubscriptionPeriod` (`value` and `unit`).
///
/// ```swift
/// let quarter = SubscriptionPeriod(iso8601: "P3M")!
/// quarter.value        // 3
/// quarter.unit         // .month
/// quarter.description  // "3 months"
/// ```
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day, week, month, year

        /// The ISO 8601 designator: D, W, M or Y.
        var designator: Character {
            switch self {
            case .day: "D"
            case .week: "W"
            case .month: "M"
            case .year: "Y"
            }
        }
    }

    public let value: Int
    public let unit: Unit

    /// A period of `value` units; nil unless `value` is at least 1.
    public init?(value: Int, unit: Unit) {
        guard value >= 1 else { return nil }
        self.value = value
        self.unit = unit
    }

    /// Reads the `P<n><D|W|M|Y>` form that `.storekit` files use. Returns nil for anything else,
    /// including combined forms such as `P1Y6M`, which StoreKit periods never take.
    ///
    /// ```swift
    /// SubscriptionPeriod(iso8601: "P1Y")?.unit  // .year
    /// SubscriptionPeriod(iso8601: "monthly")     // nil
    /// ```
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.first == "P", let designator = text.last,
              let unit = Unit.allCases.first(where: { $0.designator == designator }),
              text.utf8.dropFirst().dropLast().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int(text.dropFirst().dropLast())
        else { return nil }
        self.init(value: value, unit: unit)
    }

    /// The ISO 8601 form, as `.storekit` files write it: `"P1M"`.
    public var iso8601: String { "P\(value)\(unit.designator)" }

    /// The length in days, counting a month as 30 and a year as 365: enough to order periods.
    var approximateDays: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }

    /// English, for logs and the CLI summary: `"1 week"`, `"3 months"`.
    public var description: String { "\(value) \(unit.rawValue)\(value == 1 ? "" : "s")" }
}
