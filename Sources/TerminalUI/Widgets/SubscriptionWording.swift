import Foundation
import StorefrontModel

// How periods, prices per period, offers and plan changes read, in the customer's language:
// plurals follow the number by the language's rules, and `abbreviated` forms serve narrow
// screens.

extension Product.SubscriptionPeriod {
    /// The period after a "per" sign: "month", "3 months"; abbreviated "mo", "3 mo".
    ///
    /// ```swift
    /// Product.SubscriptionPeriod(value: 1, unit: .month).unitPhrase()                  // "month"
    /// Product.SubscriptionPeriod(value: 3, unit: .month).unitPhrase(abbreviated: true) // "3 mo"
    /// ```
    public func unitPhrase(abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        guard value == 1 else { return durationPhrase(abbreviated: abbreviated, language: language) }
        return switch (unit, abbreviated) {
        case (.day, _): language.text("day")
        case (.week, false): language.text("week")
        case (.week, true): language.text("wk")
        case (.month, false): language.text("month")
        case (.month, true): language.text("mo")
        case (.year, false): language.text("year")
        case (.year, true): language.text("yr")
        }
    }

    /// How long `count` of these periods last: "1 week", "3 months"; abbreviated "3 mo".
    ///
    /// ```swift
    /// Product.SubscriptionPeriod(value: 1, unit: .month).durationPhrase(times: 3)  // "3 months"
    /// ```
    public func durationPhrase(times count: Int = 1, abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        let total = value * count
        return switch (unit, abbreviated) {
        case (.day, _): language.text("%lld days", count: total)
        case (.week, false): language.text("%lld weeks", count: total)
        case (.week, true): language.text("%lld wk", count: total)
        case (.month, false): language.text("%lld months", count: total)
        case (.month, true): language.text("%lld mo", count: total)
        case (.year, false): language.text("%lld years", count: total)
        case (.year, true): language.text("%lld yr", count: total)
        }
    }
}

extension Product.SubscriptionPeriod {
    /// `displayPrice` each of this period: "£4.99 / month" (`spaced`) or "£4.99/month".
    func price(_ displayPrice: String, spaced: Bool, abbreviated: Bool, language: InterfaceLanguage) -> String {
        if spaced, !abbreviated, value == 1 {
            // A price per one period is a phrase of its own in many languages.
            return switch unit {
            case .day: language.text("%@ / day", displayPrice)
            case .week: language.text("%@ / week", displayPrice)
            case .month: language.text("%@ / month", displayPrice)
            case .year: language.text("%@ / year", displayPrice)
            }
        }
        let unit = unitPhrase(abbreviated: abbreviated, language: language)
        return spaced ? language.text("%@ / %@", displayPrice, unit) : language.text("%@/%@", displayPrice, unit)
    }
}

extension Product {
    /// The price with its period: "£4.99 / month" (`spaced`, where Japanese says "月額 £4.99")
    /// or "£4.99/month"; just the price for anything that is not a subscription.
    ///
    /// ```swift
    /// monthly.pricePerPeriod()                                     // "£4.99 / month"
    /// monthly.pricePerPeriod(spaced: false, abbreviated: true)     // "£4.99/mo"
    /// monthly.pricePerPeriod(spaced: false, price: 5.99)            // "£5.99/month"
    /// ```
    public func pricePerPeriod(
        spaced: Bool = true, abbreviated: Bool = false, language: InterfaceLanguage = .english, price: Decimal? = nil
    ) -> String {
        // Another price (a raised one) in the product's own format.
        let displayPrice = price.map { priceFormatStyle.format($0) } ?? self.displayPrice
        guard let period = subscription?.subscriptionPeriod else { return displayPrice }
        return period.price(displayPrice, spaced: spaced, abbreviated: abbreviated, language: language)
    }

    /// The introductory offer's terms, when the customer would really get it: the product
    /// has one and `isEligible` (no trial is promised on a plan change inside an active
    /// group: pass false then).
    ///
    /// ```swift
    /// monthly.introductoryOfferTerms(isEligible: true)  // "1 week free, then £4.99/month"
    /// ```
    public func introductoryOfferTerms(isEligible: Bool, abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String? {
        guard isEligible, let offer = subscription?.introductoryOffer else { return nil }
        return offer.terms(then: self, abbreviated: abbreviated, language: language)
    }
}

extension Product.SubscriptionOffer {
    /// The offer in a few words, for a plan row with no room for its terms: a free trial's
    /// length ("1 wk free"), else just "offer" (a price would leave no room for the plan's
    /// name; the confirmation sheet gives the terms).
    public func shortTerms(language: InterfaceLanguage = .english) -> String {
        switch paymentMode {
        case .freeTrial: language.text("%@ free", period.durationPhrase(times: periodCount, abbreviated: true, language: language))
        case .payAsYouGo, .payUpFront, .oneTime: language.text("offer")
        }
    }

    /// What the offer costs and for how long, then the regular price of `product`:
    /// - free trial: "1 week free, then £4.99/month"
    /// - pay as you go: "£0.99/month for 3 months, then £4.99/month"
    /// - pay up front: "£2.99 for 3 months, then £4.99/month"
    public func terms(then product: Product, abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        let duration = period.durationPhrase(times: periodCount, abbreviated: abbreviated, language: language)
        let regular = product.pricePerPeriod(spaced: false, abbreviated: abbreviated, language: language)
        switch paymentMode {
        case .freeTrial:
            return language.text("%@ free, then %@", duration, regular)
        case .payAsYouGo:
            let each = language.text("%@/%@", displayPrice, period.unitPhrase(abbreviated: abbreviated, language: language))
            return language.text("%@ for %@, then %@", each, duration, regular)
        case .payUpFront, .oneTime:  // a one-time offer is never a subscription's; worded as up front
            return language.text("%@ for %@, then %@", displayPrice, duration, regular)
        }
    }
}

extension Product.SubscriptionOffer {
    /// The terms as the customer reads them: "Welcome back: 1 month free, then
    /// £4.99/month", "Special offer: …", or an introductory offer's terms alone.
    public func wording(on product: Product, abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        let terms = terms(then: product, abbreviated: abbreviated, language: language)
        return switch type {
        case .winBack: language.text("Welcome back: %@", terms)
        case .promotional: language.text("Special offer: %@", terms)
        case .introductory, .code: terms
        }
    }

    /// The purchase option that applies a win-back offer; none for an introductory offer,
    /// which the store applies itself, nor for a promotional one, which the store takes only
    /// with the app's signature (`.subscriptionPromotionalOffer(offer:compactJWS:)`).
    public var purchaseOptions: Set<Product.PurchaseOption> {
        type == .winBack ? [.winBackOffer(self)] : []
    }
}

extension Product.SubscriptionRelationship {
    /// What moving to a plan of this relationship is called: "Upgrade", "Downgrade",
    /// "Switch Plan" (a crossgrade), "Resubscribe" (the current plan).
    public func actionTitle(language: InterfaceLanguage = .english) -> String {
        switch self {
        case .upgrade: language.text("Upgrade")
        case .downgrade: language.text("Downgrade")
        case .current: language.text("Resubscribe")
        default: language.text("Switch Plan")
        }
    }
}

extension PlanChange {
    /// The title, and the date for a change that waits for the renewal:
    /// "Upgrade", "Downgrade — takes effect on 12 Dec 2026".
    ///
    /// ```swift
    /// change.wording(locale: Locale(identifier: "en_GB"), timeZone: .gmt, options: RenderOptions())
    /// ```
    public func wording(locale: Locale, timeZone: TimeZone, options: RenderOptions) -> String {
        let title = relationship.actionTitle(language: options.language)
        guard timing == .atNextRenewal else { return title }
        let date = effectiveDate.formattedForStore(locale: options.language.locale(in: locale), timeZone: timeZone)
        return options.text("%@ %@ takes effect on %@", title, options.symbol(.dash), date)
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
