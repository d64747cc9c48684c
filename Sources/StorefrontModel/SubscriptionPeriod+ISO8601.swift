import Foundation

extension Product.SubscriptionPeriod {
    /// The period as an ISO 8601 duration, as Apple's server payloads write an offer's
    /// `offerPeriod`: "P1M", "P3D", "P2W", "P1Y".
    ///
    /// ```swift
    /// print(Product.SubscriptionPeriod(value: 3, unit: .month).iso8601)  // P3M
    /// ```
    public var iso8601: String {
        let letter = switch unit {
        case .day: "D"
        case .week: "W"
        case .month: "M"
        case .year: "Y"
        }
        return "P\(value)\(letter)"
    }

    /// Reads a duration of one unit written as `iso8601` writes it; nil for anything else
    /// (a mixed duration such as "P1M2D", a time part, a zero or missing count).
    ///
    /// ```swift
    /// let week = Product.SubscriptionPeriod(iso8601: "P1W")  // 1 week
    /// ```
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.hasPrefix("P"), let letter = text.last,
              text.dropFirst().dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(text.dropFirst().dropLast()), value > 0
        else { return nil }
        let unit: Unit
        switch letter {
        case "D": unit = .day
        case "W": unit = .week
        case "M": unit = .month
        case "Y": unit = .year
        default: return nil
        }
        self.init(value: value, unit: unit)
    }

    /// How long an offer of `count` of these periods lasts, as one period: the value of
    /// `Transaction.Offer.period` and of Apple's `offerPeriod` (1 month twice is "P2M").
    ///
    /// ```swift
    /// let offer = Product.SubscriptionPeriod(value: 1, unit: .month).repeated(2)  // P2M
    /// ```
    public func repeated(_ count: Int) -> Product.SubscriptionPeriod {
        Product.SubscriptionPeriod(value: value * max(1, count), unit: unit)
    }
}
