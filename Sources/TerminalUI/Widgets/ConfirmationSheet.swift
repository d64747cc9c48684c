import StorefrontModel

/// The sheet that asks the customer to confirm a purchase, like the App Store's: the
/// product, its price, the offer terms or what a plan change means, and Buy (or
/// Subscribe, Upgrade, …) and Cancel. Centred and boxed over whatever is under it.
///
/// ```swift
/// var sheet = ConfirmationSheet(product: largeTip)
/// sheet.focus = .cancel                                    // tab
/// sheet.render(in: screen, context: context, into: &buffer)
/// ```
public struct ConfirmationSheet: Sendable, Hashable, Widget {
    /// The sheet's two buttons.
    public enum Choice: Sendable, Hashable {
        case confirm, cancel
    }

    public let product: Product
    /// The confirm button's title: "Buy", "Subscribe", "Try It Free", "Upgrade", …
    public let confirmTitle: String
    /// "1 week free, then £4.99/month", when the customer gets the offer.
    public let offerTerms: String?
    /// What else to know, such as "Downgrade — takes effect on 12 Dec 2026".
    public let note: String?
    /// The billing plan the purchase pays by, when not the product's own period: its
    /// payment shows as the price ("$4.99 / month" for a yearly plan paid monthly).
    public var pricingTerms: Product.SubscriptionInfo.PricingTerms?
    public var focus: Choice
    /// The box's title and the cancel button's; nil for "Confirm Purchase" and "Cancel".
    public var title: String?
    public var cancelTitle: String?

    public init(
        product: Product, confirmTitle: String, offerTerms: String? = nil, note: String? = nil, focus: Choice = .confirm,
        title: String? = nil, cancelTitle: String? = nil
    ) {
        self.product = product
        self.confirmTitle = confirmTitle
        self.offerTerms = offerTerms
        self.note = note
        self.focus = focus
        self.title = title
        self.cancelTitle = cancelTitle
    }

    /// The sheet for buying `product` from a store or product view: "Buy", or "Subscribe"
    /// with the introductory offer when the product says the customer is eligible.
    ///
    /// ```swift
    /// ConfirmationSheet(product: tip).confirmTitle  // "Buy"
    /// ```
    public init(product: Product, language: InterfaceLanguage = .english) {
        let isSubscription = product.type == .autoRenewable
        self.init(
            product: product,
            confirmTitle: isSubscription ? language.text("Subscribe") : language.text("Buy"),
            offerTerms: product.introductoryOfferTerms(isEligible: product.subscription?.isEligibleForIntroOffer ?? false, language: language)
        )
    }

    /// The sheet for subscribing to `product` with `offer` (a store row's win-back offer):
    /// "Try It Free" for a free trial, else "Subscribe", and the offer's terms.
    ///
    /// ```swift
    /// ConfirmationSheet(product: grove, offer: welcomeBack).offerTerms  // "Welcome back: 1 month free, …"
    /// ```
    public init(product: Product, offer: Product.SubscriptionOffer, language: InterfaceLanguage = .english) {
        self.init(
            product: product,
            confirmTitle: offer.paymentMode == .freeTrial ? language.text("Try It Free") : language.text("Subscribe"),
            offerTerms: offer.wording(on: product, language: language)
        )
    }

    /// The sheet for subscribing to `option` of a subscription store: its action
    /// ("Try It Free", "Upgrade", …), its offer terms or its plan-change wording.
    ///
    /// ```swift
    /// ConfirmationSheet(option: content.options[1], in: content, context: context).note
    /// // "Downgrade — takes effect on 12 Dec 2026"
    /// ```
    public init(option: SubscriptionOption, in content: SubscriptionStoreContent, context: StoreContext) {
        let presentation = SubscriptionOptionPresentation(option, content: content, context: context, abbreviated: false)
        let language = context.options.language
        // A plan with billing plans says which one the customer is agreeing to.
        if let monthly = option.monthlyPricingTerms {
            self.init(product: option.product, paidBy: monthly, confirmTitle: presentation.action, note: presentation.note?.text, language: language)
            return
        }
        let terms = option.billingPlan == .upFront
            ? option.activeOffer?.wording(on: option.product, language: language) ?? language.text("Paid up front")
            : presentation.offerTerms
        self.init(product: option.product, confirmTitle: presentation.action, offerTerms: terms, note: presentation.note?.text)
    }

    /// The sheet for subscribing to a yearly `product` paid monthly by `terms`: each
    /// payment as the price, what the commitment comes to and how it renews.
    ///
    /// ```swift
    /// ConfirmationSheet(product: yearly, paidBy: monthly).offerTerms
    /// // "$5.99/month for 12 months, then renews for another 12 months"
    /// ```
    public init(
        product: Product, paidBy terms: Product.SubscriptionInfo.PricingTerms, confirmTitle: String? = nil, note: String? = nil,
        language: InterfaceLanguage = .english
    ) {
        self.init(
            product: product, confirmTitle: confirmTitle ?? language.text("Subscribe"),
            offerTerms: terms.commitmentTerms(language: language), note: note ?? terms.commitmentNote(language: language)
        )
        pricingTerms = terms
    }

    private func modal(in area: Rect, options: RenderOptions) -> Modal {
        let width = Modal.innerWidth(in: area)
        let ellipsis = options.glyph(.ellipsis)
        var lines: [(text: String, style: Style)] = []
        lines.append(wrapping: product.displayName, width: width, maxLines: 2, style: Palette.title, ellipsis: ellipsis)
        lines.append(wrapping: product.description, width: width, maxLines: 2, style: Palette.secondary, ellipsis: ellipsis)
        lines.append(("", .plain))
        let price = pricingTerms?.pricePerBillingPeriod(abbreviated: width < 30, language: options.language)
            ?? product.pricePerPeriod(abbreviated: width < 30, language: options.language)
        let label = options.text("Price")
        lines.append((label + price.padded(toWidth: max(0, width - displayWidth(of: label)), alignment: .trailing), Palette.price))
        if let offerTerms {
            lines.append(wrapping: offerTerms, width: width, maxLines: 2, style: Palette.offer, ellipsis: ellipsis)
        }
        if let note {
            lines.append(wrapping: note, width: width, maxLines: 2, style: Palette.secondary, ellipsis: ellipsis)
        }
        return Modal(
            title: title ?? options.text("Confirm Purchase"), lines: [("", .plain)] + lines,
            buttons: [
                (confirmTitle, focus == .confirm ? .prominent : .normal),
                (cancelTitle ?? options.text("Cancel"), focus == .cancel ? .prominent : .normal),
            ],
            options: options
        )
    }

    /// The sheet's box, centred in `area`.
    public func frame(in area: Rect, options: RenderOptions) -> Rect {
        modal(in: area, options: options).frame(in: area)
    }

    /// Draws the sheet over `area`, clearing what is under its box.
    public func render(in area: Rect, context: StoreContext, into buffer: inout Buffer) {
        modal(in: area, options: context.options).render(in: area, into: &buffer)
    }

    /// The button under a click at (x, y).
    public func hitTest(x: Int, y: Int, in area: Rect, context: StoreContext) -> Choice? {
        modal(in: area, options: context.options).choice(atX: x, y: y, in: area)
    }

    /// Where the hardware cursor belongs: on the focused button.
    public func cursorPosition(in area: Rect, context: StoreContext) -> Position? {
        modal(in: area, options: context.options).cursor(on: focus, in: area)
    }
}
