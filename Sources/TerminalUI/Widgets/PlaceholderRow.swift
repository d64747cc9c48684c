/// A store row for a product the view names that is not here: still loading (its own
/// spinner where the price goes) or not sold in this storefront (a warning and why). It
/// keeps the product's place, so the list does not jump when the load answers.
struct PlaceholderRow {
    let title: String
    let isLoading: Bool
    let isSelected: Bool
    let context: StoreContext
    let priceWidth: Int

    func render(_ style: ProductViewStyle, in rect: Rect, into buffer: inout Buffer) {
        let options = context.options
        let glyph = isLoading ? (context.spinner, Palette.busy) : (options.glyph(.warning), Palette.warning)
        let status = isLoading ? (context.spinner, Palette.busy) : (options.text("Unavailable"), Palette.waiting)
        let inner = style == .large ? buffer.drawBox(rect, style: context.style(Palette.border), options: options) : rect
        guard !inner.isEmpty else { return }
        let indent = 1 + displayWidth(of: glyph.0) + 1
        RowHeadline(
            glyph: glyph, name: title, badge: nil, status: status, buyStyle: nil,
            isSelected: isSelected, isCard: style == .large, priceWidth: priceWidth, context: context
        ).draw(in: inner, y: inner.y, indent: indent, into: &buffer)
        // The reason goes where a description would; a compact row has no room for it.
        guard style != .compact, !isLoading, inner.height > 1 else { return }
        let textX = inner.x + indent
        buffer.write(
            options.text("Not available in this storefront").truncated(toWidth: max(0, inner.maxX - 1 - textX), ellipsis: options.glyph(.ellipsis)),
            x: textX, y: inner.y + 1, style: context.style(Palette.secondary), within: inner
        )
    }
}
