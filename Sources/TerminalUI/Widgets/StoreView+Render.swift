import StorefrontModel

extension StoreView {
    /// Content wider than this is centred: long rows are hard to read across.
    static let maximumContentWidth = 88

    /// The buttons this view shows around its list (Close, Restore Purchases).
    public func storeButtons(context: StoreContext) -> [StoreButton] {
        StoreButtonRules(modifiers: modifiers, isPresented: context.isPresented, subscription: nil).buttons
    }

    /// Where everything goes in `area` for `content`.
    public func layout(in area: Rect, content: StoreViewContent, context: StoreContext) -> StoreViewLayout {
        let width = min(area.width, Self.maximumContentWidth)
        let column = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
        let hasButtons = !storeButtons(context: context).isEmpty
        let rows = column.split(.vertical([.fill(1), .fixed(area.height >= 3 ? 1 : 0), .fixed(hasButtons && area.height >= 4 ? 1 : 0)]))
        let style = modifiers.productViewStyle.resolved(forWidth: width)
        var list = rows[0]
        var scrollbar: Rect?
        if content.rows.count > max(1, list.height / style.height), list.width > 1 {
            scrollbar = Rect(x: list.maxX - 1, y: list.y, width: 1, height: list.height)
            list.width -= 1
        }
        return StoreViewLayout(
            list: list, scrollbar: scrollbar,
            status: rows[1].isEmpty ? nil : rows[1],
            buttonBar: rows[2].isEmpty ? nil : rows[2],
            style: style
        )
    }

    /// Draws the store into `area`: the rows on screen, the scrollbar, the filter and
    /// position line, and the store buttons. Costs the visible rows only, whatever the
    /// number of products.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 80, height: 24)
    /// tipJar.render(content, state: state, context: context, in: buffer.area, into: &buffer)
    /// ```
    public func render(_ content: StoreViewContent, state: StoreListState, context: StoreContext, in area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        let layout = layout(in: area, content: content, context: context)
        let options = context.options
        switch content.phase {
        case .loading where !content.rows.isEmpty, .failure where !content.rows.isEmpty:
            drawRows(content, state: state, layout: layout, context: context, into: &buffer)
        case .loading:
            drawMessage([options.text("%@ Loading products%@", context.spinner, options.glyph(.ellipsis))], in: layout.list, style: Palette.secondary, context: context, into: &buffer)
        case .failure(let error):
            drawMessage(
                [options.text("%@ Couldn't load the store", options.glyph(.warning)), options.language.describe(error), options.text("Press r to retry")],
                in: layout.list, style: Palette.warning, context: context, into: &buffer
            )
        case .loaded where content.rows.isEmpty:
            let message = content.totalCount == 0
                ? options.text("Nothing for sale here yet.")
                : options.text("No products match %@.", options.quoted(content.filterText))
            drawMessage([message], in: layout.list, style: Palette.secondary, context: context, into: &buffer)
        case .loaded:
            drawRows(content, state: state, layout: layout, context: context, into: &buffer)
        }
        if let status = layout.status {
            drawStatus(content, state: state, in: status, context: context, into: &buffer)
        }
        if let bar = layout.buttonBar {
            StoreButtonBar(buttons: storeButtons(context: context), options: context.options)
                .render(in: bar, focus: state.focus, into: &buffer)
        }
    }

    /// Where the hardware cursor belongs: the selected row, the end of the filter text, or
    /// the focused button (screen readers follow it).
    public func cursorPosition(content: StoreViewContent, state: StoreListState, context: StoreContext, in area: Rect) -> Position? {
        let layout = layout(in: area, content: content, context: context)
        switch state.focus {
        case .list:
            let offset = clampedOffset(state, content: content, layout: layout)
            return layout.rowRect(for: state.selectedIndex, scrollOffset: offset).map(layout.style.cursor(inRow:))
        case .filter:
            guard let status = layout.status else { return nil }
            return Position(x: min(status.maxX - 1, status.x + 1 + displayWidth(of: "/" + (state.filterText ?? ""))), y: status.y)
        case .button(let role):
            guard let bar = layout.buttonBar else { return nil }
            return StoreButtonBar(buttons: storeButtons(context: context), options: context.options)
                .placements(in: bar).first { $0.button.role == role }
                .map { Position(x: $0.area.x, y: $0.area.y) }
        }
    }

    /// What a click at (x, y) lands on: a product row or a store button.
    public func hitTest(x: Int, y: Int, content: StoreViewContent, state: StoreListState, context: StoreContext, in area: Rect) -> StoreHit? {
        let layout = layout(in: area, content: content, context: context)
        if let bar = layout.buttonBar, y == bar.y {
            return StoreButtonBar(buttons: storeButtons(context: context), options: context.options)
                .button(atX: x, in: bar).map(StoreHit.button)
        }
        guard case .loaded = content.phase, layout.list.contains(x: x, y: y) else { return nil }
        let offset = clampedOffset(state, content: content, layout: layout)
        return layout.rowIndex(atY: y, scrollOffset: offset, rowCount: content.rows.count).map(StoreHit.row)
    }

    // MARK: Parts

    private func clampedOffset(_ state: StoreListState, content: StoreViewContent, layout: StoreViewLayout) -> Int {
        min(max(0, state.scrollOffset), max(0, content.rows.count - layout.visibleRowCount))
    }

    private func drawRows(_ content: StoreViewContent, state: StoreListState, layout: StoreViewLayout, context: StoreContext, into buffer: inout Buffer) {
        let offset = clampedOffset(state, content: content, layout: layout)
        let abbreviated = layout.list.width < 60
        let end = min(content.rows.count, offset + layout.visibleRowCount)
        for index in offset..<end {
            guard let rect = layout.rowRect(for: index, scrollOffset: offset) else { continue }
            let isSelected = state.focus == .list && index == state.selectedIndex
            let priceWidth = abbreviated ? content.compactPriceWidth : content.priceWidth
            switch content.rows[index] {
            case .product(let product):
                ProductRow(
                    product: product, isSelected: isSelected, context: context, priceWidth: priceWidth, abbreviated: abbreviated,
                    // A monthly plan takes no offer.
                    offer: state.monthlyPricingTerms(of: product) == nil ? content.offers[product.id] : nil,
                    monthly: state.monthlyPricingTerms(of: product)
                ).render(layout.style, in: rect, into: &buffer)
            case .loading(let id):
                PlaceholderRow(title: title(of: id), kind: .loading, isSelected: isSelected, context: context, priceWidth: priceWidth)
                    .render(layout.style, in: rect, into: &buffer)
            case .unavailable(let id):
                PlaceholderRow(title: title(of: id), kind: .unavailable, isSelected: isSelected, context: context, priceWidth: priceWidth)
                    .render(layout.style, in: rect, into: &buffer)
            case .failed(let id):
                PlaceholderRow(title: title(of: id), kind: .failed, isSelected: isSelected, context: context, priceWidth: priceWidth)
                    .render(layout.style, in: rect, into: &buffer)
            }
        }
        if let scrollbar = layout.scrollbar {
            drawScrollbar(in: scrollbar, offset: offset, visible: layout.visibleRowCount, total: content.rows.count, context: context, into: &buffer)
        }
    }

    private func drawScrollbar(in rect: Rect, offset: Int, visible: Int, total: Int, context: StoreContext, into buffer: inout Buffer) {
        let thumbHeight = max(1, rect.height * visible / max(1, total))
        let thumbTop = (rect.height - thumbHeight) * offset / max(1, total - visible)
        let track = context.options.glyph(.verticalLine)
        buffer.repeatSymbol(track, count: thumbTop, x: rect.x, y: rect.y, vertical: true, style: context.style(Palette.secondary), within: rect)
        buffer.repeatSymbol(
            context.options.symbol(.scrollThumb), count: thumbHeight, x: rect.x, y: rect.y + thumbTop, vertical: true,
            style: context.style(Palette.border), within: rect
        )
        let below = thumbTop + thumbHeight
        buffer.repeatSymbol(track, count: rect.height - below, x: rect.x, y: rect.y + below, vertical: true, style: context.style(Palette.secondary), within: rect)
    }

    /// The line under the rows: the filter on the left, the position ("3/12") on the right,
    /// plain: dimmed, it cost an in-page move two attribute changes (15 of its bytes).
    private func drawStatus(_ content: StoreViewContent, state: StoreListState, in rect: Rect, context: StoreContext, into buffer: inout Buffer) {
        var positionStart = rect.maxX
        if case .loaded = content.phase, !content.rows.isEmpty {
            let position = "\(min(state.selectedIndex, content.rows.count - 1) + 1)/\(content.rows.count)"
            positionStart = buffer.writeTrailing(position, endingAt: rect.maxX - 1, y: rect.y, within: rect) - 2
        }
        let left = Rect(x: rect.x, y: rect.y, width: max(0, positionStart - rect.x), height: 1)
        if let filter = state.filterText {
            ListFilter.drawLine(filter, isEditing: state.focus == .filter, in: left, options: context.options, into: &buffer)
        } else if case .failure(let error) = content.phase, !content.rows.isEmpty {
            // Why the rows above could not load, once for them all.
            let options = context.options
            let reason = options.text("Couldn't load: %@", options.language.describe(error))
            buffer.write(
                reason.truncated(toWidth: max(0, left.width - 1), ellipsis: options.glyph(.ellipsis)),
                x: left.x + 1, y: left.y, style: context.style(Palette.warning), within: left
            )
        }
    }
}

/// Lines centred in `rect`, the first in `style`, the rest dimmed: loading, empty and
/// error states.
func drawMessage(_ lines: [String], in rect: Rect, style: Style, context: StoreContext, into buffer: inout Buffer) {
    let ellipsis = context.options.glyph(.ellipsis)
    let wrapped = lines.enumerated().flatMap { index, line in
        line.wrapped(toWidth: max(1, rect.width - 2), maxLines: 3, ellipsis: ellipsis).map { (index, $0) }
    }
    let top = rect.y + max(0, (rect.height - wrapped.count) / 2)
    for (row, (index, line)) in wrapped.enumerated() {
        buffer.writeCentered(line, in: rect, y: top + row, style: context.style(index == 0 ? style : Palette.secondary), ellipsis: ellipsis)
    }
}
