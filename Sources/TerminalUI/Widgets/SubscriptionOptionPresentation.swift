import Foundation
import StorefrontModel

/// What one plan says on screen: price, badge, the line under it and its action.
struct SubscriptionOptionPresentation {
    let option: SubscriptionOption
    let price: String
    /// "Current plan".
    let badge: String?
    /// "1 week free, then £4.99/month", when the customer would get the offer.
    let offerTerms: String?
    /// What a plan change means and when, or how the current plan stands.
    let note: (text: String, style: Style)?

    /// The line under the plan: the note, else the offer terms.
    var detail: (text: String, style: Style)? {
        note ?? offerTerms.map { ($0, Palette.offer) }
    }
    /// "Subscribe", "Try It Free", "Upgrade", …
    let action: String

    init(_ option: SubscriptionOption, content: SubscriptionStoreContent, context: StoreContext, abbreviated: Bool) {
        self.option = option
        let product = option.product
        price = context.pendingProductID == product.id ? context.spinner : product.pricePerPeriod(abbreviated: abbreviated)
        badge = option.isCurrent ? "Current plan" : nil
        note = Self.note(for: option, content: content, context: context)
        offerTerms = content.offersIntroductoryPrice
            ? product.introductoryOfferTerms(isEligible: true, abbreviated: abbreviated)
            : nil
        action = Self.action(for: option, content: content, context: context)
    }

    /// The button's lines for `label` (already resolved for the control style).
    func labelLines(_ label: SubscriptionStoreButtonLabel) -> [String] {
        let name = option.product.displayName
        let (primary, secondary): (String, String) = switch label.content {
        case .price: (price, action)
        case .displayName: (name, price)
        case .action, .automatic: (action, price)
        }
        return label.layout == .multiline ? [primary, secondary] : [primary]
    }

    private static func action(for option: SubscriptionOption, content: SubscriptionStoreContent, context: StoreContext) -> String {
        if context.awaitingApproval.contains(option.id) { return "Waiting" }
        if option.renewsNext { return option.isCurrent ? "Current Plan" : "Scheduled" }
        if let relationship = option.relationship { return relationship.actionTitle }
        if content.offersIntroductoryPrice, option.product.subscription?.introductoryOffer?.paymentMode == .freeTrial {
            return "Try It Free"
        }
        return "Subscribe"
    }

    private static func note(for option: SubscriptionOption, content: SubscriptionStoreContent, context: StoreContext) -> (text: String, style: Style)? {
        if context.awaitingApproval.contains(option.id) {
            return ("Waiting for approval", Palette.waiting)
        }
        let standing = content.standing
        let renewal = standing?.renewalDate ?? context.now
        let date = renewal.formattedForStore(locale: option.product.priceFormatStyle.locale, timeZone: context.timeZone)
        if option.isCurrent {
            if option.renewsNext { return nil }
            if let next = standing?.autoRenewPreference {
                let name = content.options.first { $0.id == next }?.product.displayName ?? next
                return ("Changes to \(name) on \(date)", Palette.secondary)
            }
            return standing?.renewalDate == nil ? nil : ("Expires on \(date)", Palette.waiting)
        }
        if option.renewsNext {
            return ("Starts on \(date)", Palette.secondary)
        }
        if let current = content.currentProduct,
           let change = PlanChange(from: current, renewingAt: renewal, to: option.product, now: context.now) {
            let locale = option.product.priceFormatStyle.locale
            return (change.wording(locale: locale, timeZone: context.timeZone, options: context.options), Palette.secondary)
        }
        return nil
    }
}
