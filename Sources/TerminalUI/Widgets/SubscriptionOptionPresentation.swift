import Foundation
import StorefrontModel

/// What one plan says on screen: price, badge, the line under it and its action.
struct SubscriptionOptionPresentation {
    let option: SubscriptionOption
    let price: String
    /// "Current plan".
    let badge: String?
    /// "1 week free, then £4.99/month", when the customer would get the offer; else for a
    /// yearly plan paid monthly its commitment, "Paid monthly for 12 months, £59.88 in
    /// all", and paid up front its monthly billing plan, "or £4.99/month for 12 months".
    let offerTerms: String?
    /// The offer in a few words ("1 wk free"), for a row whose line under it does not show.
    let shortOfferTerms: String?
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
        let language = context.options.language
        let monthly = option.monthlyPricingTerms
        price = context.pendingProductID == product.id
            ? context.pendingSpinner
            : monthly?.pricePerBillingPeriod(abbreviated: abbreviated, language: language) ?? product.pricePerPeriod(abbreviated: abbreviated, language: language)
        badge = option.isCurrent ? language.text("Current plan") : nil
        note = Self.note(for: option, content: content, context: context)
        offerTerms = option.activeOffer?.wording(on: product, abbreviated: abbreviated, language: language)
            ?? monthly?.commitmentSummary(abbreviated: abbreviated, language: language)
            ?? product.monthlyPlanTerms(abbreviated: abbreviated, language: language)
        shortOfferTerms = option.activeOffer?.shortTerms(language: language)
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
        let language = context.options.language
        if context.awaitingApproval.contains(option.id) { return language.text("Waiting") }
        if option.renewsNext { return option.isCurrent ? language.text("Current Plan") : language.text("Scheduled") }
        if let relationship = option.relationship { return relationship.actionTitle(language: language) }
        if let offer = option.activeOffer, offer.type == .introductory || offer.type == .winBack, offer.paymentMode == .freeTrial {
            return language.text("Try It Free")
        }
        return language.text("Subscribe")
    }

    private static func note(for option: SubscriptionOption, content: SubscriptionStoreContent, context: StoreContext) -> (text: String, style: Style)? {
        let options = context.options
        if context.awaitingApproval.contains(option.id) {
            return (options.text("Waiting for approval"), Palette.waiting)
        }
        let standing = content.standing
        if option.id == standing?.billingIssueProductID {
            return (options.text("Update your payment method"), Palette.warning)
        }
        let renewal = standing?.renewalDate ?? context.now
        let locale = option.product.priceFormatStyle.locale
        let date = renewal.formattedForStore(locale: options.language.locale(in: locale), timeZone: context.timeZone)
        if option.isCurrent {
            if option.renewsNext, option.billingPlan == .monthly, let end = standing?.commitmentExpirationDate {
                let date = end.formattedForStore(locale: options.language.locale(in: locale), timeZone: context.timeZone)
                return (options.text("Paid monthly, commitment ends %@", date), Palette.secondary)
            }
            if option.renewsNext { return nil }
            if let next = standing?.autoRenewPreference {
                let name = content.options.first { $0.id == next }?.product.displayName ?? next
                return (options.text("Changes to %@ on %@", name, date), Palette.secondary)
            }
            return standing?.renewalDate == nil ? nil : (options.text("Expires on %@", date), Palette.waiting)
        }
        if option.renewsNext {
            return (options.text("Starts on %@", date), Palette.secondary)
        }
        if let current = content.currentProduct,
           let change = PlanChange(from: current, renewingAt: renewal, to: option.product, now: context.now) {
            return (change.wording(locale: locale, timeZone: context.timeZone, options: options), Palette.secondary)
        }
        return nil
    }
}
