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
        let each = language.text("%@/%@", terms.billingDisplayPrice, terms.billingPeriod.unitPhrase(abbreviated: abbreviated, language: language))
        let duration = terms.billingPeriod.durationPhrase(times: terms.billingPeriodCount, abbreviated: abbreviated, language: language)
        return language.text("or %@ for %@", each, duration)
    }
}
