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
    public static func purchased(_ product: Product, transaction: Transaction, timeZone: TimeZone) -> Alert {
        let locale = product.priceFormatStyle.locale
        let ends = transaction.expirationDate?.formattedForStore(locale: locale, timeZone: timeZone)
        switch product.type {
        case .autoRenewable:
            guard let ends else { return Alert(kind: .success, title: "You're subscribed", message: "\(product.displayName) is yours.") }
            if transaction.productID != product.id {
                // A downgrade waits for the renewal: the answer is the plan that runs until then.
                return Alert(
                    kind: .success, title: "Plan change scheduled",
                    message: "\(product.displayName) starts on \(ends), when your current plan renews. Then \(product.pricePerPeriod())."
                )
            }
            if let offer = transaction.offer, offer.type == .code, offer.paymentMode == .freeTrial {
                return Alert(
                    kind: .success, title: "Code redeemed",
                    message: "\(product.displayName) is free until \(ends). Then \(product.pricePerPeriod()), until you cancel."
                )
            }
            if let offer = transaction.offer, offer.type == .introductory, offer.paymentMode == .freeTrial {
                let length = product.subscription?.introductoryOffer.map { " (\($0.period.durationPhrase(times: $0.periodCount)))" } ?? ""
                return Alert(
                    kind: .success, title: "Your free trial has started",
                    message: "Your free trial of \(product.displayName)\(length) ends on \(ends). Then \(product.pricePerPeriod()), until you cancel."
                )
            }
            if let offer = transaction.offer, offer.type == .introductory {
                return Alert(
                    kind: .success, title: "You're subscribed",
                    message: "\(product.displayName) at its introductory price until \(ends). Then \(product.pricePerPeriod())."
                )
            }
            return Alert(kind: .success, title: "You're subscribed", message: "\(product.displayName) renews on \(ends) at \(product.pricePerPeriod()).")
        case .nonRenewable:
            let until = ends.map { " until \($0)" } ?? ""
            return Alert(kind: .success, title: "Purchase complete", message: "\(product.displayName) is yours\(until).")
        case .nonConsumable, .consumable:
            return Alert(kind: .success, title: "Purchase complete", message: "\(product.displayName) is yours to keep.")
        }
    }
}
