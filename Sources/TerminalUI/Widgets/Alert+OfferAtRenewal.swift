import Foundation
import StorefrontModel

extension Alert {
    /// The word after an offer a subscriber redeemed for the plan they have, or a lower one:
    /// as on the App Store, it waits for the next renewal, and the plan in force stays until
    /// then. `code` names an offer code; a promotional offer names the plan it renews into.
    ///
    /// ```swift
    /// Alert.offerAtNextRenewal(code: "GROVEFRIEND", product: nil, plan: current, timeZone: .gmt).message
    /// // "GROVEFRIEND: the offer applies from your next renewal date, Feb 1, 2026. Until then your plan stays as it is."
    /// ```
    public static func offerAtNextRenewal(
        code: String?, product: Product?, plan: Transaction, timeZone: TimeZone, language: InterfaceLanguage = .english
    ) -> Alert {
        let locale = product.map { language.locale(in: $0.priceFormatStyle.locale) } ?? language.locale
        let date = plan.expirationDate?.formattedForStore(locale: locale, timeZone: timeZone) ?? ""
        let message = if let code {
            language.text("%@: the offer applies from your next renewal date, %@. Until then your plan stays as it is.", code, date)
        } else {
            language.text(
                "Your offer applies from your next renewal date, %@: %@ at its offer price. Until then your plan stays as it is.",
                date, product?.displayName ?? plan.productID
            )
        }
        return Alert(kind: .success, title: language.text(code == nil ? "Offer redeemed" : "Code redeemed"), message: message, language: language)
    }

    /// Whether `plan`, what the store answered to a purchase of `product` or an offer code,
    /// is the plan in force that an offer redeemed now waits to renew: the customer's renewal
    /// info shows an offer for `product` that `plan` does not carry.
    static func offerWaits(for product: Product, plan: Transaction, renewal: Product.SubscriptionInfo.RenewalInfo?) -> Bool {
        guard product.type == .autoRenewable, let renewal, let offer = renewal.offer,
              offer.type == .promotional || offer.type == .code, renewal.autoRenewPreference == product.id
        else { return false }
        return plan.productID != product.id || plan.offer?.id != offer.id || plan.offer?.type != offer.type
    }
}
