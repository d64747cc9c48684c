import Foundation
import StorefrontModel

// How periods, prices per period, offers and plan changes read. The chrome is English;
// plurals follow the number, and `abbreviated` forms serve narrow screens.

extension Product.SubscriptionPeriod {
    /// The period after a "per" sign: "month", "3 months"; abbreviated "mo", "3 mo".
    ///
    /// ```swift
    /// Product.SubscriptionPeriod(value: 1, unit: .month).unitPhrase()                  // "month"
    /// Product.SubscriptionPeriod(value: 3, unit: .month).unitPhrase(abbreviated: true) // "3 mo"
    /// ```
    public func unitPhrase(abbreviated: Bool = false) -> String {
        value == 1 ? unit.name(plural: false, abbreviated: abbreviated) : durationPhrase(abbreviated: abbreviated)
    }

    /// How long `count` of these periods last: "1 week", "3 months"; abbreviated "3 mo".
    ///
    /// ```swift
    /// Product.SubscriptionPeriod(value: 1, unit: .month).durationPhrase(times: 3)  // "3 months"
    /// ```
    public func durationPhrase(times count: Int = 1, abbreviated: Bool = false) -> String {
        let total = value * count
        return "\(total) " + unit.name(plural: total != 1, abbreviated: abbreviated)
    }
}

extension Product.SubscriptionPeriod.Unit {
    func name(plural: Bool, abbreviated: Bool) -> String {
        switch (self, abbreviated) {
        case (.day, _): plural ? "days" : "day"
        case (.week, false): plural ? "weeks" : "week"
        case (.week, true): "wk"
        case (.month, false): plural ? "months" : "month"
        case (.month, true): "mo"
        case (.year, false): plural ? "years" : "year"
        case (.year, true): "yr"
        }
    }
}

extension Product {
    /// The price with its period: "£4.99 / month" (`spaced`) or "£4.99/month"; just the
    /// price for anything that is not a subscription.
    ///
    /// ```swift
    /// monthly.pricePerPeriod()                                     // "£4.99 / month"
    /// monthly.pricePerPeriod(spaced: false, abbreviated: true)     // "£4.99/mo"
    /// ```
    public func pricePerPeriod(spaced: Bool = true, abbreviated: Bool = false) -> String {
        guard let period = subscription?.subscriptionPeriod else { return displayPrice }
        return displayPrice + (spaced ? " / " : "/") + period.unitPhrase(abbreviated: abbreviated)
    }

    /// The introductory offer's terms, when the customer would really get it: the product
    /// has one and `isEligible` (no trial is promised on a plan change inside an active
    /// group: pass false then).
    ///
    /// ```swift
    /// monthly.introductoryOfferTerms(isEligible: true)  // "1 week free, then £4.99/month"
    /// ```
    public func introductoryOfferTerms(isEligible: Bool, abbreviated: Bool = false) -> String? {
        guard isEligible, let offer = subscription?.introductoryOffer else { return nil }
        return offer.terms(then: self, abbreviated: abbreviated)
    }
}

extension Product.SubscriptionOffer {
    /// What the offer costs and for how long, then the regular price of `product`:
    /// - free trial: "1 week free, then £4.99/month"
    /// - pay as you go: "£0.99/month for 3 months, then £4.99/month"
    /// - pay up front: "£2.99 for 3 months, then £4.99/month"
    public func terms(then product: Product, abbreviated: Bool = false) -> String {
        let duration = period.durationPhrase(times: periodCount, abbreviated: abbreviated)
        let regular = product.pricePerPeriod(spaced: false, abbreviated: abbreviated)
        switch paymentMode {
        case .freeTrial:
            return "\(duration) free, then \(regular)"
        case .payAsYouGo:
            return "\(displayPrice)/\(period.unitPhrase(abbreviated: abbreviated)) for \(duration), then \(regular)"
        case .payUpFront:
            return "\(displayPrice) for \(duration), then \(regular)"
        }
    }
}

extension Product.SubscriptionRelationship {
    /// What moving to a plan of this relationship is called: "Upgrade", "Downgrade",
    /// "Switch Plan" (a crossgrade), "Resubscribe" (the current plan).
    public var actionTitle: String {
        switch self {
        case .upgrade: "Upgrade"
        case .downgrade: "Downgrade"
        case .current: "Resubscribe"
        default: "Switch Plan"
        }
    }
}

extension PlanChange {
    /// What the change is called: "Upgrade", "Downgrade", "Switch Plan".
    public var title: String {
        relationship.actionTitle
    }

    /// The title, and the date for a change that waits for the renewal:
    /// "Upgrade", "Downgrade — takes effect on 12 Dec 2026".
    ///
    /// ```swift
    /// change.wording(locale: Locale(identifier: "en_GB"), timeZone: .gmt, options: RenderOptions())
    /// ```
    public func wording(locale: Locale, timeZone: TimeZone, options: RenderOptions) -> String {
        guard timing == .atNextRenewal else { return title }
        let date = effectiveDate.formattedForStore(locale: locale, timeZone: timeZone)
        return "\(title) \(options.symbol(.dash)) takes effect on \(date)"
    }
}

extension Date {
    /// "12 Dec 2026" in an en_GB storefront, "Dec 12, 2026" in en_US.
    func formattedForStore(locale: Locale, timeZone: TimeZone) -> String {
        var style = Date.FormatStyle.dateTime.day().month(.abbreviated).year()
        style.locale = locale
        style.timeZone = timeZone
        return formatted(style)
    }
}
