import Foundation
import StorefrontModel

extension Product {
    /// A yearly plan's monthly billing plan, as StoreKit's pickers show it beside the
    /// yearly price: "or $4.99/month for 12 months"; nil without one.
    ///
    /// ```swift
    /// yearly.monthlyPlanTerms()                   // "or $4.99/month for 12 months"
    /// yearly.monthlyPlanTerms(abbreviated: true)  // "or $4.99/mo for 12 mo"
    /// ```
    public func monthlyPlanTerms(abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String? {
        guard let terms = subscription?.monthlyPricingTerms else { return nil }
        return language.text("or %@ for %@", terms.eachPayment(abbreviated: abbreviated, language: language), terms.commitmentDuration(abbreviated: abbreviated, language: language))
    }
}

extension Product.SubscriptionInfo.PricingTerms {
    /// One payment with its period: "$4.99 / month" (`spaced`) or "$4.99/month".
    ///
    /// ```swift
    /// monthly.pricePerBillingPeriod()  // "$4.99 / month"
    /// ```
    public func pricePerBillingPeriod(spaced: Bool = true, abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        billingPeriod.price(billingDisplayPrice, spaced: spaced, abbreviated: abbreviated, language: language)
    }

    /// A picker row's line under a plan paid this way: "Paid monthly for 12 months, $71.88 in all".
    public func commitmentSummary(abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        language.text("Paid monthly for %@, %@ in all", commitmentDuration(abbreviated: abbreviated, language: language), commitmentInfo.displayPrice)
    }

    /// What the customer agrees to, as the store renews it: "$4.99/month for 12 months,
    /// then renews for another 12 months" (a commitment renews into a new one).
    public func commitmentTerms(abbreviated: Bool = false, language: InterfaceLanguage = .english) -> String {
        let duration = commitmentDuration(abbreviated: abbreviated, language: language)
        return language.text("%@ for %@, then renews for another %@", eachPayment(abbreviated: abbreviated, language: language), duration, duration)
    }

    /// The commitment's price and what cancelling does, for the confirmation sheet.
    public func commitmentNote(language: InterfaceLanguage = .english) -> String {
        language.text("%@ in all. Cancelling stops the next commitment, not these payments.", commitmentInfo.displayPrice)
    }

    /// "$4.99/month".
    func eachPayment(abbreviated: Bool, language: InterfaceLanguage) -> String {
        language.text("%@/%@", billingDisplayPrice, billingPeriod.unitPhrase(abbreviated: abbreviated, language: language))
    }

    /// "12 months".
    func commitmentDuration(abbreviated: Bool, language: InterfaceLanguage) -> String {
        billingPeriod.durationPhrase(times: billingPeriodCount, abbreviated: abbreviated, language: language)
    }
}
