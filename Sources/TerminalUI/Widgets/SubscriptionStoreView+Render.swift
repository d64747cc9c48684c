import StorefrontModel

extension SubscriptionStoreView {
    /// Wider content is centred: a plan list reads best at sheet width.
    static let maximumContentWidth = 72

    /// The buttons this view shows: Restore, Redeem Code, Sign In, the policies, Close,
    /// by StoreKit's visibility rules. Policy links come from
    /// `subscriptionStorePolicyDestination(url:for:)`, else from `context.policies`.
    public func storeButtons(context: StoreContext) -> [StoreButton] {
        let links = PolicyLinks(
            termsOfService: policyDestinations[.termsOfService] ?? context.policies.termsOfService,
            privacyPolicy: policyDestinations[.privacyPolicy] ?? context.policies.privacyPolicy
        )
        return StoreButtonRules(
            modifiers: modifiers, isPresented: context.isPresented,
            subscription: (hasSignInAction: signInAction != nil || context.account != nil, policies: links)
        ).buttons
    }

    /// Draws the store into `area`: header, plans in the control style, the subscribe
    /// button, the store buttons.
    ///
    /// ```swift
    /// var buffer = Buffer(width: 80, height: 24)
    /// pass.render(content, state: state, context: context, in: buffer.area, into: &buffer)
    /// ```
    public func render(_ content: SubscriptionStoreContent, state: SubscriptionStoreState, context: StoreContext, in area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        let language = context.options.language
        let frame = Frame(view: self, content: page(of: content, state: state, language: language), state: state, context: context, area: area)
        let layout = frame.layout
        let options = context.options
        if let header = frame.header, let titleY = layout.titleY {
            buffer.writeCentered(header.title, in: layout.column, y: titleY, style: context.style(Palette.title), ellipsis: options.glyph(.ellipsis))
            for (line, y) in layout.subtitle {
                buffer.writeCentered(line, in: layout.column, y: y, style: context.style(Palette.secondary))
            }
        }
        if let message = layout.message {
            let (lines, style) = content.phase.message(context: context)
            drawMessage(lines, in: message, style: style, context: context, into: &buffer)
        }
        frame.drawPlans(into: &buffer)
        drawGroupsAndPages(of: content, state: state, layout: layout, context: context, into: &buffer)
        if let bar = layout.bar {
            StoreButtonBar(buttons: frame.buttons, options: options).render(in: bar, focus: state.focus, into: &buffer)
        }
        if let footer = layout.footer, case .button(let role) = state.focus, let url = frame.buttons.first(where: { $0.role == role })?.url {
            buffer.writeCentered(url.absoluteString, in: footer, y: footer.y, style: context.style(Palette.secondary), ellipsis: options.glyph(.ellipsis))
        }
    }

    /// Where the hardware cursor belongs: the selected plan or the focused button.
    public func cursorPosition(content: SubscriptionStoreContent, state: SubscriptionStoreState, context: StoreContext, in area: Rect) -> Position? {
        let content = page(of: content, state: state, language: context.options.language)
        let frame = Frame(view: self, content: content, state: state, context: context, area: area)
        switch state.focus {
        case .list, .filter:
            guard let slot = frame.layout.slots.first(where: { content.options[$0.index].id == frame.selectedID }) else { return nil }
            return frame.style == .buttons
                ? Position(x: frame.planButtonX(in: slot.rect), y: slot.rect.y)
                : Position(x: slot.rect.x + 1, y: slot.rect.y)
        case .button(let role):
            guard let bar = frame.layout.bar else { return nil }
            return StoreButtonBar(buttons: frame.buttons, options: context.options).placements(in: bar)
                .first { $0.button.role == role }.map { Position(x: $0.area.x, y: $0.area.y) }
        }
    }

    /// What a click at (x, y) lands on: a plan (`.row` with its index in
    /// `content.options`), the Subscribe button, or a store button.
    public func hitTest(x: Int, y: Int, content: SubscriptionStoreContent, state: SubscriptionStoreState, context: StoreContext, in area: Rect) -> StoreHit? {
        let shown = page(of: content, state: state, language: context.options.language)
        let frame = Frame(view: self, content: shown, state: state, context: context, area: area)
        if let slot = frame.layout.slots.first(where: { $0.rect.contains(x: x, y: y) }) {
            // A page shows one plan: its index in the whole list.
            let id = shown.options[slot.index].id
            return content.options.firstIndex { $0.id == id }.map(StoreHit.row)
        }
        if let button = frame.layout.subscribeButton, button.contains(x: x, y: y) {
            return .subscribeButton
        }
        if let bar = frame.layout.bar, y == bar.y {
            return StoreButtonBar(buttons: frame.buttons, options: context.options).button(atX: x, in: bar).map(StoreHit.button)
        }
        return nil
    }

    /// One frame's worth of decisions: what each plan says and where it goes.
    private struct Frame {
        let content: SubscriptionStoreContent
        let state: SubscriptionStoreState
        let context: StoreContext
        let style: SubscriptionStoreControlStyle
        let label: SubscriptionStoreButtonLabel
        let header: MarketingContent?
        let buttons: [StoreButton]
        let presentations: [SubscriptionOptionPresentation]
        let selectedID: Product.ID?
        let layout: SubscriptionStoreLayout
        /// A compact picker with room for its plans in columns.
        let sideBySide: Bool

        init(view: SubscriptionStoreView, content: SubscriptionStoreContent, state: SubscriptionStoreState, context: StoreContext, area: Rect) {
            self.content = content
            self.state = state
            self.context = context
            let controlStyle = view.controlStyle.resolved
            let style = controlStyle.listStyle
            self.style = style
            label = view.buttonLabel.resolved(for: style)
            header = view.marketing ?? content.groupDisplayName.map { MarketingContent(title: $0) }
            buttons = view.storeButtons(context: context)
            let width = min(area.width, SubscriptionStoreView.maximumContentWidth)
            let abbreviated = width < 50
            presentations = content.options.map {
                SubscriptionOptionPresentation($0, content: content, context: context, abbreviated: abbreviated)
            }
            let selectedID = content.selection(for: state)
            self.selectedID = selectedID
            let loaded: Bool = switch content.phase {
            case .loaded, .statusFailure: !content.options.isEmpty
            case .loading, .failure: false
            }
            let ellipsis = context.options.glyph(.ellipsis)
            let header = self.header
            let count = content.options.count
            sideBySide = controlStyle == .compactPicker && (2...3).contains(count)
                && (width - 2 - (count - 1)) / count >= SubscriptionStoreView.minimumColumnWidth
            layout = SubscriptionStoreLayout(
                area: area, maximumWidth: SubscriptionStoreView.maximumContentWidth,
                header: header.map { ($0.title, $0.subtitle?.wrapped(toWidth: max(1, width - 2), maxLines: 2, ellipsis: ellipsis) ?? []) },
                // Buttons have no room for the badge: "Current plan" goes under them.
                hasDetail: loaded ? presentations.map { $0.detail != nil || ($0.badge != nil && style == .buttons) } : nil,
                selectedIndex: content.options.firstIndex { $0.id == selectedID },
                // With the standing unknown, the Subscribe row (a row of its own for plan
                // buttons) says so instead.
                style: style, labelHeight: label.layout == .multiline ? 2 : 1,
                hasNotice: !content.offersPlans,
                hasBar: !buttons.isEmpty,
                hasFooter: buttons.contains { $0.url != nil },
                sideBySide: sideBySide,
                rowsAbove: view.optionGroupSet != nil && view.optionGroupStyle.resolved == .tabs ? 1 : 0,
                rowsBelow: (controlStyle.isPaged ? 1 : 0) + (view.optionGroupSet != nil && view.optionGroupStyle.resolved == .links ? 1 : 0)
            )
        }

        private var isListFocused: Bool { state.focus == .list }

        /// Buttons for plans, in the `buttons` style: all as wide as the widest.
        private var planButtonWidth: Int {
            let natural = presentations.map { ButtonShape(lines: $0.labelLines(label)).naturalWidth }.max() ?? 0
            return min(layout.column.width, max(natural, 30))
        }

        func planButtonX(in rect: Rect) -> Int {
            rect.x + (rect.width - min(planButtonWidth, rect.width)) / 2
        }

        func drawPlans(into buffer: inout Buffer) {
            guard !layout.slots.isEmpty else { return }
            if let box = layout.box {
                buffer.drawBox(box, style: context.style(Palette.accent), options: context.options)
            }
            let priceWidth = presentations.map { displayWidth(of: $0.price) }.max() ?? 0
            for slot in layout.slots {
                let presentation = presentations[slot.index]
                let isSelected = presentation.option.id == selectedID
                if style == .buttons {
                    drawPlanButton(presentation, slot: slot, isSelected: isSelected, into: &buffer)
                } else if sideBySide {
                    drawPlanColumn(presentation, slot: slot, isSelected: isSelected, into: &buffer)
                } else {
                    drawPickerRow(presentation, slot: slot, isSelected: isSelected, priceWidth: priceWidth, into: &buffer)
                }
            }
            if let rect = layout.subscribeButton, !content.offersPlans {
                let notice = context.options.text("%@ Current plan unknown · r to retry", context.options.glyph(.warning))
                buffer.writeCentered(notice, in: rect, y: rect.y, style: context.style(Palette.warning), ellipsis: context.options.glyph(.ellipsis))
            } else if let rect = layout.subscribeButton, let selected = presentations.first(where: { $0.option.id == selectedID }) {
                let look: ButtonLook = selected.option.isPurchasable && context.pendingProductID == nil ? .prominent : .disabled
                ButtonShape(lines: selected.labelLines(label)).drawCentered(in: rect, y: rect.y, look: look, options: context.options, into: &buffer)
            }
        }

        /// ◉ Name ……… Current plan   £4.99 / month, then the detail line under the name.
        private func drawPickerRow(_ presentation: SubscriptionOptionPresentation, slot: SubscriptionStoreLayout.Slot, isSelected: Bool, priceWidth: Int, into buffer: inout Buffer) {
            let rect = slot.rect
            let options = context.options
            let radio = options.symbol(isSelected ? .radioOn : .radioOff)
            buffer.write(radio, x: rect.x + 1, y: rect.y, style: context.style(isSelected ? Palette.accent : Palette.secondary), within: rect)
            let nameX = rect.x + 1 + displayWidth(of: radio) + 1
            let priceEnd = rect.maxX - 1
            buffer.writeTrailing(presentation.price, endingAt: priceEnd, y: rect.y, style: context.style(Palette.price), within: rect)
            var nameEnd = priceEnd - max(priceWidth, displayWidth(of: presentation.price)) - 2
            if let badge = presentation.badge {
                nameEnd = buffer.writeTrailing(badge, endingAt: nameEnd, y: rect.y, style: context.style(Palette.owned), within: rect) - 2
            } else if !slot.showsDetail, presentation.note == nil, let offer = presentation.shortOfferTerms {
                // No room for the line under the plan: the offer still shows, in short.
                nameEnd = buffer.writeTrailing(offer, endingAt: nameEnd, y: rect.y, style: context.style(Palette.offer), within: rect) - 2
            }
            let name = presentation.option.product.displayName.truncated(toWidth: max(0, nameEnd - nameX), ellipsis: options.glyph(.ellipsis))
            let afterName = buffer.write(name, x: nameX, y: rect.y, style: isSelected ? context.style(Palette.title) : .plain, within: rect)
            if slot.showsDetail, let detail = presentation.detail {
                let text = detail.text.truncated(toWidth: max(0, rect.maxX - 1 - nameX), ellipsis: options.glyph(.ellipsis))
                buffer.write(text, x: nameX, y: rect.y + 1, style: context.style(detail.style), within: rect)
            }
            if isSelected && isListFocused {
                buffer.markSelected(from: rect.x, upTo: afterName, y: rect.y, within: rect)
            }
        }

        /// ◉ Name, the price under it, then "Current plan" or the offer in a few words: one
        /// of a compact picker's columns.
        private func drawPlanColumn(_ presentation: SubscriptionOptionPresentation, slot: SubscriptionStoreLayout.Slot, isSelected: Bool, into buffer: inout Buffer) {
            let rect = slot.rect
            let options = context.options
            let ellipsis = options.glyph(.ellipsis)
            let radio = options.symbol(isSelected ? .radioOn : .radioOff)
            buffer.write(radio, x: rect.x + 1, y: rect.y, style: context.style(isSelected ? Palette.accent : Palette.secondary), within: rect)
            let nameX = rect.x + 1 + displayWidth(of: radio) + 1
            let name = presentation.option.product.displayName.truncated(toWidth: max(0, rect.maxX - nameX), ellipsis: ellipsis)
            let afterName = buffer.write(name, x: nameX, y: rect.y, style: isSelected ? context.style(Palette.title) : .plain, within: rect)
            buffer.write(presentation.price.truncated(toWidth: max(0, rect.maxX - nameX), ellipsis: ellipsis), x: nameX, y: rect.y + 1, style: context.style(Palette.price), within: rect)
            let third = presentation.badge.map { ($0, Palette.owned) } ?? presentation.shortOfferTerms.map { ($0, Palette.offer) }
            if case let (text, style)? = third {
                buffer.write(text.truncated(toWidth: max(0, rect.maxX - nameX), ellipsis: ellipsis), x: nameX, y: rect.y + 2, style: context.style(style), within: rect)
            }
            if isSelected && isListFocused {
                buffer.markSelected(from: rect.x, upTo: afterName, y: rect.y, within: rect)
            }
        }

        /// A button per plan, with its detail line (or "Current plan") centred under it.
        private func drawPlanButton(_ presentation: SubscriptionOptionPresentation, slot: SubscriptionStoreLayout.Slot, isSelected: Bool, into buffer: inout Buffer) {
            let rect = slot.rect
            let shape = ButtonShape(lines: presentation.labelLines(label))
            let look: ButtonLook = if !presentation.option.isPurchasable || context.pendingProductID != nil || !content.offersPlans {
                .disabled
            } else {
                isSelected && isListFocused ? .prominent : .normal
            }
            shape.draw(x: planButtonX(in: rect), y: rect.y, width: planButtonWidth, look: look, options: context.options, within: rect, into: &buffer)
            guard slot.showsDetail else { return }
            let detail = presentation.detail ?? presentation.badge.map { ($0, Palette.owned) }
            if let detail {
                buffer.writeCentered(detail.text, in: rect, y: rect.y + shape.height, style: context.style(detail.style), ellipsis: context.options.glyph(.ellipsis))
            }
        }
    }
}

extension SubscriptionStoreView {
    /// A compact picker's plans go side by side only with at least this many columns each.
    static let minimumColumnWidth = 20

    /// What shows of `content`, paid as the customer chose: the chosen plan's option group,
    /// and of that a paged picker's page holds the chosen plan alone.
    func page(of content: SubscriptionStoreContent, state: SubscriptionStoreState, language: InterfaceLanguage) -> SubscriptionStoreContent {
        let billed = content.billed(by: state)
        var shown = billed
        if case let (groups, index)? = chosenGroup(in: billed, state: state, language: language) {
            shown = billed.showing(groups[index])
        }
        guard controlStyle.isPaged, let id = shown.selection(for: state) else { return shown }
        return shown.showing { $0.id == id }
    }

    /// The option groups and which of them holds the chosen plan; nil without groups.
    func chosenGroup(in content: SubscriptionStoreContent, state: SubscriptionStoreState, language: InterfaceLanguage) -> (groups: [SubscriptionOptionGroup], index: Int)? {
        guard let set = optionGroupSet else { return nil }
        let groups = content.groups(set, language: language)
        guard !groups.isEmpty else { return nil }
        let selected = content.selection(for: state)
        return (groups, groups.firstIndex { $0.productIDs.contains { $0 == selected } } ?? 0)
    }

    /// Tabs over the plans or links under them, and a paged picker's dots.
    private func drawGroupsAndPages(of content: SubscriptionStoreContent, state: SubscriptionStoreState, layout: SubscriptionStoreLayout, context: StoreContext, into buffer: inout Buffer) {
        let options = context.options
        let grouped = chosenGroup(in: content, state: state, language: options.language)
        if case let (groups, index)? = grouped, let row = optionGroupStyle.resolved == .tabs ? layout.aboveList : layout.belowList.map({ Rect(x: $0.x, y: $0.maxY - 1, width: $0.width, height: 1) }) {
            drawGroupBar(groups, chosen: index, in: row, context: context, into: &buffer)
        }
        guard controlStyle.isPaged, let dots = layout.belowList else { return }
        let shown = grouped.map { content.showing($0.groups[$0.index]) } ?? content
        if let page = shown.options.firstIndex(where: { $0.id == shown.selection(for: state) }) {
            let text = (0..<shown.options.count).map { options.symbol($0 == page ? .radioOn : .radioOff) }.joined(separator: " ")
            let fitted = displayWidth(of: text) <= dots.width ? text : "\(page + 1)/\(shown.options.count)"
            buffer.writeCentered(fitted, in: dots, y: dots.y, style: context.style(Palette.accent))
        }
    }

    /// Tabs: every group, the chosen one reversed. Links: the others, to go to.
    private func drawGroupBar(_ groups: [SubscriptionOptionGroup], chosen: Int, in row: Rect, context: StoreContext, into buffer: inout Buffer) {
        let ellipsis = context.options.glyph(.ellipsis)
        let tabs = optionGroupStyle.resolved == .tabs
        let shown = tabs ? Array(groups.enumerated()) : groups.enumerated().filter { $0.offset != chosen }
        let labels = shown.map { tabs ? " \($0.element.label) " : $0.element.label + " ›" }
        let width = min(row.width / max(1, labels.count), labels.map { displayWidth(of: $0) + 1 }.max() ?? 0)
        let total = labels.count * width
        var x = row.x + max(0, (row.width - total) / 2)
        for ((index, _), label) in zip(shown, labels) {
            let style = index == chosen ? Style([.bold, .reverse]) : (tabs ? Palette.secondary : Palette.link)
            buffer.write(label.truncated(toWidth: max(1, width - 1), ellipsis: ellipsis), x: x, y: row.y, style: context.style(style), within: row)
            x += width
        }
    }
}

extension SubscriptionStoreContent.Phase {
    /// What a view of plans says in place of them: loading, why they did not load, or
    /// that there are none to show.
    func message(context: StoreContext) -> (lines: [String], style: Style) {
        let options = context.options
        switch self {
        case .loading:
            return ([options.text("%@ Loading plans%@", context.spinner, options.glyph(.ellipsis))], Palette.secondary)
        case .failure(let error):
            return ([options.text("%@ Couldn't load the plans", options.glyph(.warning)), options.language.describe(error), options.text("Press r to retry")], Palette.warning)
        case .statusFailure(let error):
            return ([
                options.text("%@ Couldn't load your subscription status", options.glyph(.warning)), options.language.describe(error), options.text("Press r to retry"),
            ], Palette.warning)
        case .loaded:
            return ([options.text("No plans to show.")], Palette.secondary)
        }
    }
}
