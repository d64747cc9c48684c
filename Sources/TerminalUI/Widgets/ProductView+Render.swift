import StorefrontModel

extension ProductView {
    /// Rows the view takes in an area `width` columns wide.
    ///
    /// ```swift
    /// ProductView(id: "pro").productViewStyle(.large).height(forWidth: 80)  // 7
    /// ```
    public func height(forWidth width: Int) -> Int {
        modifiers.productViewStyle.resolved(forWidth: width).height
    }

    /// Draws the product in `area` (use `height(forWidth:)` rows): a spinner while
    /// loading, a warning when unavailable, the error and "r to retry" after a failure,
    /// the product once loaded, reversed when `isSelected`.
    ///
    /// ```swift
    /// ProductView(id: "pro.lifetime").render(.loading, context: context, in: row, into: &buffer)
    /// ```
    public func render(_ state: Product.TaskState, isSelected: Bool = false, context: StoreContext, in area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        let style = modifiers.productViewStyle.resolved(forWidth: area.width)
        let options = context.options
        let placeholder: Placeholder
        switch state {
        case .success(let product):
            let abbreviated = area.width < 60
            ProductRow(
                product: product, isSelected: isSelected, context: context,
                priceWidth: displayWidth(of: priceLabel(for: product, abbreviated: abbreviated, language: options.language)), abbreviated: abbreviated
            ).render(style, in: area, into: &buffer)
            return
        case .loading:
            placeholder = Placeholder(glyph: context.spinner, glyphStyle: Palette.busy, text: options.text("Loading%@", options.glyph(.ellipsis)))
        case .unavailable:
            placeholder = Placeholder(glyph: options.glyph(.warning), glyphStyle: Palette.warning, text: options.text("%@ is not available in this storefront", id))
        case .failure(let error):
            placeholder = Placeholder(
                glyph: options.glyph(.warning), glyphStyle: Palette.warning,
                text: options.text("Couldn't load %@: %@", id, options.language.describe(error)), hint: options.text("r to retry")
            )
        }
        let inner = style == .large ? buffer.drawBox(area, style: context.style(Palette.border), options: options) : area
        placeholder.draw(in: inner, context: context, into: &buffer)
    }
}

/// The line shown for a product that is not there: loading, unavailable or failed.
private struct Placeholder {
    let glyph: String
    let glyphStyle: Style
    let text: String
    var hint: String?

    func draw(in rect: Rect, context: StoreContext, into buffer: inout Buffer) {
        buffer.write(glyph, x: rect.x + 1, y: rect.y, style: context.style(glyphStyle), within: rect)
        let textX = rect.x + 1 + displayWidth(of: glyph) + 1
        var textEnd = rect.maxX - 1
        if let hint {
            textEnd = buffer.writeTrailing(hint, endingAt: textEnd, y: rect.y, style: context.style(Palette.secondary), within: rect) - 2
        }
        // Wrapped over the rows there are: a failure's reason may need more than one.
        let firstLine = text.truncated(toWidth: max(0, textEnd - textX), ellipsis: context.options.glyph(.ellipsis))
        let lines = rect.height == 1
            ? [firstLine]
            : text.wrapped(toWidth: max(1, textEnd - textX), maxLines: min(3, rect.height), ellipsis: context.options.glyph(.ellipsis))
        for (offset, line) in lines.enumerated() {
            buffer.write(line, x: textX, y: rect.y + offset, style: context.style(Palette.secondary), within: rect)
        }
    }
}
