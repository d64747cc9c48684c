import StorefrontModel

extension SubscriptionOfferView {
    /// A card reads best at about this width; wider terminals centre it.
    static let maximumCardWidth = 60

    /// Draws the offer into `area`: a card (`.automatic`) or a line (`.compact`), or in
    /// their place what a load says (loading, failed, no plan to show).
    ///
    /// ```swift
    /// var buffer = Buffer(width: 80, height: 24)
    /// offerView.render(content, context: context, in: buffer.area, into: &buffer)
    /// ```
    public func render(_ content: SubscriptionOfferContent, context: StoreContext, in area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        guard let card = Card(self, content: content, context: context, area: area) else {
            let (lines, style) = content.plans.phase.message(context: context)
            drawMessage(lines, in: area, style: style, context: context, into: &buffer)
            return
        }
        card.draw(into: &buffer)
    }

    /// Where the hardware cursor belongs: on the Subscribe button.
    public func cursorPosition(content: SubscriptionOfferContent, context: StoreContext, in area: Rect) -> Position? {
        Card(self, content: content, context: context, area: area)?.button.origin
    }

    /// What one frame of the view says and where.
    private struct Card {
        let style: Style
        let content: SubscriptionOfferContent
        let context: StoreContext
        let presentation: SubscriptionOptionPresentation
        let title: String?
        /// The offer's terms, as many lines as fit.
        let offerLines: [String]
        let frame: Rect
        let button: (origin: Position, shape: ButtonShape)

        init?(_ view: SubscriptionOfferView, content: SubscriptionOfferContent, context: StoreContext, area: Rect) {
            guard content.plans.offersPlans, let option = content.option, area.width >= 8, area.height >= 3 else { return nil }
            self.style = view.style
            self.content = content
            self.context = context
            let width = min(area.width, SubscriptionOfferView.maximumCardWidth)
            presentation = SubscriptionOptionPresentation(option, content: content.plans, context: context, abbreviated: width < 50)
            title = content.plans.groupDisplayName
            let ellipsis = context.options.glyph(.ellipsis)
            let terms = content.activeOffer?.wording(on: option.product, abbreviated: width < 50, language: context.options.language)
            let shape = ButtonShape(lines: [presentation.action])
            switch view.style {
            case .automatic:
                // A box: name and price, the offer's terms (two lines at most), the note
                // on a plan change, a blank line, the button.
                let inner = width - 4
                offerLines = terms?.wrapped(toWidth: max(1, inner), maxLines: 2, ellipsis: ellipsis) ?? []
                let rows = 1 + offerLines.count + (presentation.note == nil ? 0 : 1) + 2
                let height = min(area.height, rows + 2)
                frame = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 3), width: width, height: height)
                let buttonWidth = min(shape.naturalWidth, inner)
                button = (Position(x: frame.x + (frame.width - buttonWidth) / 2, y: frame.maxY - 2), shape)
            case .compact:
                // One line of name and button; the terms under it. Too narrow for both on
                // one line, the button goes under the terms.
                offerLines = terms.map { [$0.truncated(toWidth: width, ellipsis: ellipsis)] } ?? []
                let nameWidth = displayWidth(of: option.product.displayName)
                let sideBySide = nameWidth + 2 + shape.naturalWidth <= width
                frame = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: min(area.height, 1 + offerLines.count + (sideBySide ? 0 : 1)))
                button = sideBySide
                    ? (Position(x: frame.maxX - min(shape.naturalWidth, width), y: frame.y), shape)
                    : (Position(x: frame.x, y: frame.y + 1 + offerLines.count), shape)
            }
        }

        private var buttonLook: ButtonLook {
            content.isPurchasable && context.pendingProductID == nil ? .prominent : .disabled
        }

        func draw(into buffer: inout Buffer) {
            switch style {
            case .automatic: drawCard(into: &buffer)
            case .compact: drawLine(into: &buffer)
            }
        }

        private func drawCard(into buffer: inout Buffer) {
            let options = context.options
            let inner = buffer.drawBox(frame, title: title, style: context.style(Palette.accent), options: options)
            let row = Rect(x: inner.x + 1, y: inner.y, width: max(0, inner.width - 2), height: inner.height)
            drawNameAndPrice(in: row, into: &buffer)
            var y = row.y + 1
            for line in offerLines {
                buffer.write(line, x: row.x, y: y, style: context.style(Palette.offer), within: row)
                y += 1
            }
            if let note = presentation.note {
                buffer.write(note.text.truncated(toWidth: row.width, ellipsis: options.glyph(.ellipsis)), x: row.x, y: y, style: context.style(note.style), within: row)
            }
            drawButton(within: row, into: &buffer)
        }

        private func drawLine(into buffer: inout Buffer) {
            let options = context.options
            let nameEnd = button.origin.y == frame.y ? button.origin.x - 2 : frame.maxX
            let name = presentation.option.product.displayName.truncated(toWidth: max(0, nameEnd - frame.x), ellipsis: options.glyph(.ellipsis))
            buffer.write(name, x: frame.x, y: frame.y, style: context.style(Palette.title), within: frame)
            for (index, line) in offerLines.enumerated() {
                buffer.write(line, x: frame.x, y: frame.y + 1 + index, style: context.style(Palette.offer), within: frame)
            }
            drawButton(within: frame, into: &buffer)
        }

        /// Name on the left, "£4.99/month" (or "Current plan") on the right.
        private func drawNameAndPrice(in row: Rect, into buffer: inout Buffer) {
            let options = context.options
            var end = buffer.writeTrailing(presentation.price, endingAt: row.maxX, y: row.y, style: context.style(Palette.price), within: row) - 2
            if let badge = presentation.badge {
                end = buffer.writeTrailing(badge, endingAt: end, y: row.y, style: context.style(Palette.owned), within: row) - 2
            }
            let name = presentation.option.product.displayName.truncated(toWidth: max(0, end - row.x), ellipsis: options.glyph(.ellipsis))
            buffer.write(name, x: row.x, y: row.y, style: context.style(Palette.title), within: row)
        }

        private func drawButton(within clip: Rect, into buffer: inout Buffer) {
            let width = min(button.shape.naturalWidth, clip.maxX - button.origin.x)
            button.shape.draw(x: button.origin.x, y: button.origin.y, width: width, look: buttonLook, options: context.options, within: clip, into: &buffer)
        }
    }
}
