import Foundation
import StorefrontModel

extension Alert {
    /// The word after a purchase that is not a consumable, as the App Store says "You're all
    /// set": what was bought and, for a subscription, what happens next (when a free trial
    /// ends and what it then costs, when the plan renews).
    ///
    /// ```swift
    /// Alert.purchased(meadowMonthly, transaction: trial, timeZone: .gmt).message
    /// // "Your free trial of Meadow Monthly (1 week) ends on Jan 8, 2026. Then $2.99 / month, until you cancel."
    /// ```
    public static func purchased(_ product: Product, transaction: Transaction, timeZone: TimeZone, language: InterfaceLanguage = .english) -> Alert {
        let name = product.displayName
        // A yearly plan paid monthly renews at its monthly payment, not the yearly price.
        let monthly = transaction.billingPlanType == .monthly ? product.subscription?.monthlyPricingTerms : nil
        let price = monthly?.pricePerBillingPeriod(language: language) ?? product.pricePerPeriod(language: language)
        let ends = transaction.expirationDate?.formattedForStore(locale: language.locale(in: product.priceFormatStyle.locale), timeZone: timeZone)
        func alert(_ title: String, _ message: String) -> Alert {
            Alert(kind: .success, title: title, message: message, language: language)
        }
        switch product.type {
        case .autoRenewable:
            guard let ends else { return alert(language.text("You're subscribed"), language.text("%@ is yours.", name)) }
            if transaction.productID != product.id {
                // A downgrade waits for the renewal: the answer is the plan that runs until then.
                return alert(language.text("Plan change scheduled"), language.text("%@ starts on %@, when your current plan renews. Then %@.", name, ends, price))
            }
            if let offer = transaction.offer, offer.type == .code, offer.paymentMode == .freeTrial {
                return alert(language.text("Code redeemed"), language.text("%@ is free until %@. Then %@, until you cancel.", name, ends, price))
            }
            if let offer = transaction.offer, offer.type == .winBack {
                let message = offer.paymentMode == .freeTrial
                    ? language.text("%@ is free until %@. Then %@, until you cancel.", name, ends, price)
                    : language.text("%@ at its offer price until %@. Then %@.", name, ends, price)
                return alert(language.text("Welcome back"), message)
            }
            if let offer = transaction.offer, offer.type == .introductory, offer.paymentMode == .freeTrial {
                guard let trial = product.subscription?.introductoryOffer else {
                    return alert(language.text("Your free trial has started"), language.text("Your free trial of %@ ends on %@. Then %@, until you cancel.", name, ends, price))
                }
                let length = trial.period.durationPhrase(times: trial.periodCount, language: language)
                return alert(
                    language.text("Your free trial has started"),
                    language.text("Your free trial of %@ (%@) ends on %@. Then %@, until you cancel.", name, length, ends, price)
                )
            }
            if let offer = transaction.offer, offer.type == .introductory {
                return alert(language.text("You're subscribed"), language.text("%@ at its introductory price until %@. Then %@.", name, ends, price))
            }
            if let offer = transaction.offer, offer.type == .promotional {
                return alert(language.text("You're subscribed"), language.text("%@ at its promotional price until %@. Then %@.", name, ends, price))
            }
            return alert(language.text("You're subscribed"), language.text("%@ renews on %@ at %@.", name, ends, price))
        case .nonRenewable:
            guard let ends else { return alert(language.text("Purchase complete"), language.text("%@ is yours.", name)) }
            return alert(language.text("Purchase complete"), language.text("%@ is yours until %@.", name, ends))
        case .nonConsumable, .consumable:
            return alert(language.text("Purchase complete"), language.text("%@ is yours to keep.", name))
        }
    }
}
