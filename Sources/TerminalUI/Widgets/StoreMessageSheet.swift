import Foundation
import StorefrontModel

/// The App Store's message sheet over the app. For a win-back offer: "Welcome back", the
/// plan, the offer's terms, and Subscribe (or Try It Free) and Not Now; taking the offer
/// opens the plan's picker and asks to confirm the purchase there, with the offer applied.
/// For a billing issue: "Billing Problem", the plan, and Continue and Not Now; Continue
/// opens the plan's picker, which says to update the payment method.
/// For a price increase that needs consent: the plan at its new price, Agree and Decline.
///
/// ```swift
/// let sheet = StoreMessageSheet(message: message, product: groveMonthly, offer: welcomeBack, shopID: "pass")
/// sheet.sheet.offerTerms  // "1 month free, then $5.99/month"
/// ```
public struct StoreMessageSheet: Sendable, Hashable, Widget {
    public let message: Message
    /// The plan the offer is for, and the shop whose picker sells it.
    public let shopID: StoreLayout.Shop.ID
    /// The box as drawn: a confirmation sheet with the message's titles.
    public var sheet: ConfirmationSheet

    public init(
        message: Message, product: Product, offer: Product.SubscriptionOffer, shopID: StoreLayout.Shop.ID,
        language: InterfaceLanguage = .english
    ) {
        self.message = message
        self.shopID = shopID
        sheet = ConfirmationSheet(
            product: product,
            confirmTitle: offer.paymentMode == .freeTrial ? language.text("Try It Free") : language.text("Subscribe"),
            offerTerms: offer.terms(then: product, language: language),
            title: language.text("Welcome back"), cancelTitle: language.text("Not Now")
        )
    }

    /// The billing-issue sheet for `product`, the plan whose renewal failed.
    ///
    /// ```swift
    /// let sheet = StoreMessageSheet(billingIssue: message, product: groveMonthly, shopID: "pass")
    /// sheet.sheet.title  // "Billing Problem"
    /// ```
    public init(billingIssue message: Message, product: Product, shopID: StoreLayout.Shop.ID, language: InterfaceLanguage = .english) {
        self.message = message
        self.shopID = shopID
        sheet = ConfirmationSheet(
            product: product, confirmTitle: language.text("Continue"),
            note: language.text("Your subscription could not be renewed. Update your payment method to keep it."),
            title: language.text("Billing Problem"), cancelTitle: language.text("Not Now")
        )
    }

    /// The price-increase consent sheet: "Price Increase", the plan, what it renews at
    /// now, and Agree and Decline, which answer the store.
    ///
    /// ```swift
    /// StoreMessageSheet(priceIncrease: message, product: monthly, renewalPrice: 3.99, shopID: "pass").sheet.offerTerms
    /// // "Renews at $3.99/month"
    /// ```
    public init(
        priceIncrease message: Message, product: Product, renewalPrice: Decimal, shopID: StoreLayout.Shop.ID,
        language: InterfaceLanguage = .english
    ) {
        self.message = message
        self.shopID = shopID
        sheet = ConfirmationSheet(
            product: product, confirmTitle: language.text("Agree"),
            offerTerms: language.text("Renews at %@", product.pricePerPeriod(spaced: false, language: language, price: renewalPrice)),
            title: language.text("Price Increase"), cancelTitle: language.text("Decline")
        )
    }

    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        sheet.render(in: area, context: context, into: &buffer)
    }

    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> ConfirmationSheet.Choice? {
        sheet.hitTest(x: x, y: y, in: area, context: context)
    }

    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        sheet.cursorPosition(in: area, context: context)
    }
}
