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

    static let buyLabel = "Buy"

    func render(_ style: ProductViewStyle, in rect: Rect, into buffer: inout Buffer) {
        switch style {
        case .compact:
            drawHeadline(in: rect, y: rect.y, into: &buffer)
            highlight(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), in: &buffer)
        case .regular, .automatic:
            drawHeadline(in: rect, y: rect.y, into: &buffer)
            let textX = rect.x + descriptionIndent
            let lines = product.description.wrapped(
                toWidth: rect.maxX - 1 - textX, maxLines: 2, ellipsis: context.options.glyph(.ellipsis)
            )
            for (offset, line) in lines.enumerated() {
                buffer.write(line, x: textX, y: rect.y + 1 + offset, style: context.style(Palette.secondary), within: rect)
            }
            highlight(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), in: &buffer)
        case .large:
            drawCard(in: rect, into: &buffer)
        }
    }

    /// Where the name (and the description under it) starts: after the glyph column.
    private var descriptionIndent: Int {
        1 + displayWidth(of: glyph.text) + 1
    }

    private func highlight(_ rect: Rect, in buffer: inout Buffer) {
        if isSelected { buffer.applyStyle(Palette.selected, to: rect) }
    }

    /// The name line: glyph, name and count, then the price (or status) and Buy, right-aligned.
    private func drawHeadline(in rect: Rect, y: Int, into buffer: inout Buffer) {
        let glyph = self.glyph
        buffer.write(glyph.text, x: rect.x + 1, y: y, style: context.style(glyph.style), within: rect)

        let buyX = rect.maxX - 1 - displayWidth(of: Self.buyLabel)
        if let buy = buyStyle {
            buffer.write(Self.buyLabel, x: buyX, y: y, style: context.style(buy), within: rect)
        }
        let status = self.status
        let priceEnd = buyX - 2
        buffer.writeTrailing(status.text, endingAt: priceEnd, y: y, style: context.style(status.style), within: rect)

        let nameX = rect.x + descriptionIndent
        let nameEnd = priceEnd - max(priceWidth, displayWidth(of: status.text)) - 2
        let ellipsis = context.options.glyph(.ellipsis)
        let badgeWidth = badge.map { displayWidth(of: $0) + 1 } ?? 0
        let name = product.displayName.truncated(toWidth: max(0, nameEnd - nameX - badgeWidth), ellipsis: ellipsis)
        let afterName = buffer.write(name, x: nameX, y: y, style: context.style(Palette.title), within: rect)
        if let badge {
            buffer.write(badge, x: afterName + 1, y: y, style: context.style(Palette.secondary), within: rect)
        }
    }

    /// The large style: a box with the headline, three lines of description and the terms.
    private func drawCard(in rect: Rect, into buffer: inout Buffer) {
        let border = isSelected ? Palette.focusedBorder : Palette.border
        let inner = buffer.drawBox(rect, style: context.style(border), options: context.options)
        guard !inner.isEmpty else { return }
        drawHeadline(in: inner, y: inner.y, into: &buffer)
        highlight(Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), in: &buffer)
        let textX = inner.x + descriptionIndent
        let textWidth = inner.maxX - 1 - textX
        let ellipsis = context.options.glyph(.ellipsis)
        let lines = product.description.wrapped(toWidth: textWidth, maxLines: 3, ellipsis: ellipsis)
        for (offset, line) in lines.enumerated() {
            buffer.write(line, x: textX, y: inner.y + 1 + offset, style: context.style(Palette.secondary), within: inner)
        }
        let terms = self.terms
        buffer.write(
            terms.text.truncated(toWidth: textWidth, ellipsis: ellipsis),
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

    /// What the price column shows: the spinner while buying, ownership, or the price.
    private var status: (text: String, style: Style) {
        if isPending { return (context.spinner, Palette.busy) }
        if context.isOwned(product) { return (product.type == .autoRenewable ? "Subscribed" : "Owned", Palette.owned) }
        if isAwaitingApproval { return ("Waiting", Palette.waiting) }
        return (priceLabel(for: product, abbreviated: abbreviated), Palette.price)
    }

    /// Buy is shown for what can be bought, dimmed while any purchase runs; `nil` hides it.
    private var buyStyle: Style? {
        if context.isOwned(product) || isAwaitingApproval { return nil }
        return context.pendingProductID == nil ? Palette.buy : Palette.disabled
    }

    /// The large card's last line: offer terms for subscriptions, what kind of purchase
    /// it is otherwise.
    private var terms: (text: String, style: Style) {
        switch product.type {
        case .autoRenewable:
            let eligible = product.subscription?.isEligibleForIntroOffer ?? false
            if let offer = product.introductoryOfferTerms(isEligible: eligible && !context.isOwned(product), abbreviated: abbreviated) {
                return (offer, Palette.offer)
            }
            return ("Renews at " + product.pricePerPeriod(spaced: false, abbreviated: abbreviated), Palette.secondary)
        case .nonRenewable:
            return ("Does not renew", Palette.secondary)
        case .nonConsumable:
            return context.isOwned(product) ? ("Purchased", Palette.owned) : ("One-time purchase", Palette.secondary)
        case .consumable:
            return ("Can be bought again", Palette.secondary)
        }
    }
}
