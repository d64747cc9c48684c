/// A store row for a product the view names that is not here: still loading (its own
/// spinner where the price goes), not sold in this storefront (a warning and why), or not
/// loaded because the load failed (a warning and r to retry). It keeps the product's place,
/// so the list does not jump when the load answers.
struct PlaceholderRow {
    enum Kind {
        case loading
        case unavailable
        /// The load failed (the status line says why).
        case failed
    }

    let title: String
    let kind: Kind
    let isSelected: Bool
    let context: StoreContext
    let priceWidth: Int

    func render(_ style: ProductViewStyle, in rect: Rect, into buffer: inout Buffer) {
        let options = context.options
        let (glyph, status, reason): ((String, Style), (String, Style), String?) = switch kind {
        case .loading:
            ((context.spinner, Palette.busy), (context.spinner, Palette.busy), nil)
        case .unavailable:
            ((options.glyph(.warning), Palette.warning), (options.text("Unavailable"), Palette.waiting), options.text("Not available in this storefront"))
        case .failed:
            ((options.glyph(.warning), Palette.warning), (options.text("r to retry"), Palette.waiting), nil)
        }
        let inner = style == .large ? buffer.drawBox(rect, style: context.style(Palette.border), options: options) : rect
        guard !inner.isEmpty else { return }
        let indent = 1 + displayWidth(of: glyph.0) + 1
        RowHeadline(
            glyph: glyph, name: title, badge: nil, status: status, buyStyle: nil,
            isSelected: isSelected, isCard: style == .large, priceWidth: priceWidth, context: context
        ).draw(in: inner, y: inner.y, indent: indent, into: &buffer)
        // The reason goes where a description would; a compact row has no room for it.
        guard style != .compact, let reason, inner.height > 1 else { return }
        let textX = inner.x + indent
        buffer.write(
            reason.truncated(toWidth: max(0, inner.maxX - 1 - textX), ellipsis: options.glyph(.ellipsis)),
            x: textX, y: inner.y + 1, style: context.style(Palette.secondary), within: inner
        )
    }
}
