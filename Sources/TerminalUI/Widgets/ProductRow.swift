import StorefrontModel

/// Draws one loaded product in a product view style: the shared body of `ProductView`
/// and of every `StoreView` row.
struct ProductRow {
    let product: Product
    let isSelected: Bool
    let context: StoreContext
    /// Width of the price column, so prices line up across rows.
    let priceWidth: Int
    /// Whether prices use abbreviated periods ("£4.99/mo").
    let abbreviated: Bool
    /// The win-back offer a churned subscriber gets on this plan, shown in every style
    /// and applied when it is bought (`StoreViewContent.offers`).
    var offer: Product.SubscriptionOffer? = nil
    /// The monthly plan's terms, when the customer chose to pay this yearly plan monthly.
    var monthly: Product.SubscriptionInfo.PricingTerms? = nil

    func render(_ style: ProductViewStyle, in rect: Rect, into buffer: inout Buffer) {
        let glyph = self.glyph
        // The name, and the description under it, start after the glyph column.
        let indent = 1 + displayWidth(of: glyph.text) + 1
        switch style {
        case .compact:
            drawHeadline(style, in: rect, y: rect.y, glyph: glyph, indent: indent, isCard: false, into: &buffer)
        case .regular, .automatic:
            drawHeadline(style, in: rect, y: rect.y, glyph: glyph, indent: indent, isCard: false, into: &buffer)
            let terms = offerOrBillingTerms
            drawDescription(in: rect, from: rect.y + 1, indent: indent, maxLines: terms == nil ? 2 : 1, into: &buffer)
            if let terms {
                // The offer, or how the plan is paid, takes the description's second line.
                let textX = rect.x + indent
                buffer.write(
                    terms.text.truncated(toWidth: max(0, rect.maxX - 1 - textX), ellipsis: context.options.glyph(.ellipsis)),
                    x: textX, y: rect.y + 2, style: context.style(terms.style), within: rect
                )
            }
        case .large:
            drawCard(in: rect, glyph: glyph, indent: indent, into: &buffer)
        }
    }

    private func drawHeadline(
        _ style: ProductViewStyle, in rect: Rect, y: Int, glyph: (text: String, style: Style), indent: Int, isCard: Bool, into buffer: inout Buffer
    ) {
        // A compact row has no line for the offer: it follows the name in a few words.
        let offerBadge = style == .compact ? offer?.shortTerms(language: context.options.language) : nil
        RowHeadline(
            glyph: glyph, name: product.displayName, badge: offerBadge ?? badge, status: status(inCard: isCard), buyStyle: buyStyle,
            isSelected: isSelected, isCard: isCard, priceWidth: priceWidth, context: context,
            badgeStyle: offerBadge == nil ? Palette.secondary : Palette.offer
        ).draw(in: rect, y: y, indent: indent, into: &buffer)
    }

    /// Up to `maxLines` of description, dimmed, under the name.
    private func drawDescription(in rect: Rect, from y: Int, indent: Int, maxLines: Int, into buffer: inout Buffer) {
        let textX = rect.x + indent
        let lines = product.description.wrapped(toWidth: rect.maxX - 1 - textX, maxLines: maxLines, ellipsis: context.options.glyph(.ellipsis))
        for (offset, line) in lines.enumerated() {
            buffer.write(line, x: textX, y: y + offset, style: context.style(Palette.secondary), within: rect)
        }
    }

    /// The large style: a box with the headline, three lines of description and the terms.
    private func drawCard(in rect: Rect, glyph: (text: String, style: Style), indent: Int, into buffer: inout Buffer) {
        let border = isSelected ? Palette.accent : Palette.border
        let inner = buffer.drawBox(rect, style: context.style(border), options: context.options)
        guard !inner.isEmpty else { return }
        drawHeadline(.large, in: inner, y: inner.y, glyph: glyph, indent: indent, isCard: true, into: &buffer)
        drawDescription(in: inner, from: inner.y + 1, indent: indent, maxLines: 3, into: &buffer)
        let textX = inner.x + indent
        let terms = self.terms
        buffer.write(
            terms.text.truncated(toWidth: inner.maxX - 1 - textX, ellipsis: context.options.glyph(.ellipsis)),
            x: textX, y: inner.maxY - 1, style: context.style(terms.style), within: inner
        )
    }

    // MARK: What the row says

    private var isPending: Bool { context.pendingProductID == product.id }
    private var isAwaitingApproval: Bool { context.awaitingApproval.contains(product.id) }

    private var glyph: (text: String, style: Style) {
        context.isOwned(product)
            ? (context.options.glyph(.check), Palette.owned)
            : (context.options.glyph(.bullet), Palette.secondary)
    }

    /// "×3" after a consumable the customer has bought.
    private var badge: String? {
        guard product.type == .consumable, let count = context.consumableCounts[product.id], count > 0 else { return nil }
        return context.options.symbol(.times) + String(count)
    }

    /// What the price column shows: the spinner while buying, ownership, or the price, bold
    /// in a card and plain in a list row like the name beside it (each change of
    /// attributes costs a page turn 6-9 bytes a row).
    private func status(inCard isCard: Bool) -> (text: String, style: Style) {
        if isPending { return (context.pendingSpinner, Palette.busy) }
        let options = context.options
        if context.isIncluded(product) { return (options.text("Included"), Palette.owned) }
        if context.isOwned(product) { return (product.type == .autoRenewable ? options.text("Subscribed") : options.text("Owned"), Palette.owned) }
        if isAwaitingApproval { return (options.text("Waiting"), Palette.waiting) }
        let price = monthly?.pricePerBillingPeriod(spaced: false, abbreviated: abbreviated, language: options.language)
            ?? priceLabel(for: product, abbreviated: abbreviated, language: options.language)
        return (price, isCard ? Palette.price : .plain)
    }

    /// Buy is shown for what can be bought, dimmed while any purchase runs; `nil` hides it.
    private var buyStyle: Style? {
        if context.isOwned(product) || isAwaitingApproval { return nil }
        return context.pendingProductID == nil ? Palette.buy : Palette.disabled
    }

    /// A subscription's win-back offer; else, for a yearly plan that can be paid monthly,
    /// its commitment when chosen, or the monthly plan beside the yearly price.
    private var offerOrBillingTerms: (text: String, style: Style)? {
        let language = context.options.language
        if let offer { return (offer.wording(on: product, abbreviated: abbreviated, language: language), Palette.offer) }
        if let monthly { return (monthly.commitmentSummary(abbreviated: abbreviated, language: language), Palette.offer) }
        guard !context.isOwned(product) else { return nil }
        return product.monthlyPlanTerms(abbreviated: abbreviated, language: language).map { ($0, Palette.offer) }
    }

    /// The large card's last line: offer terms for subscriptions, what kind of purchase
    /// it is otherwise.
    private var terms: (text: String, style: Style) {
        let options = context.options
        let language = options.language
        switch product.type {
        case .autoRenewable:
            if let terms = offerOrBillingTerms { return terms }
            let eligible = product.subscription?.isEligibleForIntroOffer ?? false
            if let offer = product.introductoryOfferTerms(isEligible: eligible && !context.isOwned(product), abbreviated: abbreviated, language: language) {
                return (offer, Palette.offer)
            }
            return (options.text("Renews at %@", product.pricePerPeriod(spaced: false, abbreviated: abbreviated, language: language)), Palette.secondary)
        case .nonRenewable:
            return (options.text("Does not renew"), Palette.secondary)
        case .nonConsumable:
            if context.isIncluded(product) { return (options.text("Included with your earlier version of the app"), Palette.owned) }
            return context.isOwned(product) ? (options.text("Purchased"), Palette.owned) : (options.text("One-time purchase"), Palette.secondary)
        case .consumable:
            return (options.text("Can be bought again"), Palette.secondary)
        }
    }
}
