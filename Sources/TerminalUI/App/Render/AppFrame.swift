/// One frame of the app: the screen's cells and where the hardware cursor goes (on the
/// focused row, for screen readers). A pure function of the `AppState`.
///
/// ```swift
/// let frame = AppFrame(state: state)
/// terminal.draw(frame.buffer, cursor: frame.cursor)
/// ```
public struct AppFrame: Sendable {
    public let buffer: Buffer
    public let cursor: Position?

    /// Draws `state`.
    public init(state: AppState) {
        var buffer = Buffer(width: state.size.width, height: state.size.height)
        let renderer = AppRenderer(state: state)
        cursor = renderer.render(into: &buffer)
        self.buffer = buffer
    }
}

/// Draws the parts of the app's screen: header, body, help bar, overlays.
struct AppRenderer {
    let state: AppState
    let layout: AppLayout
    let context: StoreContext
    var options: RenderOptions { state.options.render }

    init(state: AppState) {
        self.state = state
        layout = AppLayout(size: state.size)
        context = state.storeContext
    }

    /// Draws everything and returns the cursor position.
    func render(into buffer: inout Buffer) -> Position? {
        if layout.isTooSmall {
            TooSmallMessage(width: state.size.width, height: state.size.height).render(in: layout.screen, options: options, into: &buffer)
            return nil
        }
        drawHeader(into: &buffer)
        var cursor = drawBody(into: &buffer)
        drawHelpBar(into: &buffer)
        if let overlayCursor = drawOverlays(into: &buffer) {
            cursor = overlayCursor
        }
        return cursor
    }

    // MARK: Header and help bar

    private func drawHeader(into buffer: inout Buffer) {
        let location: String? = switch state.screen {
        case .storeList: nil
        case .shop: state.currentShop?.title ?? ""
        case .purchases: StoreListItem.purchases.title
        }
        TitleBar(title: state.layout.title, location: location, trailing: headerStatus).render(in: layout.header, options: options, into: &buffer)
    }

    /// What the store is busy with, at the right of the header.
    private var headerStatus: String? {
        if state.isRestoring { return "\(context.spinner) Restoring\(options.glyph(.ellipsis))" }
        // Nothing is being bought while the customer still decides on the sheet.
        if let pending = context.pendingProductID, state.confirmation == nil { return "\(context.spinner) Buying \(state.name(of: pending))" }
        return nil
    }

    private func drawHelpBar(into buffer: inout Buffer) {
        HelpBar(bindings: AppKeyBindings.table(for: state.keyContext)).render(in: layout.helpBar, options: options, into: &buffer)
    }

    // MARK: Body

    private func drawBody(into buffer: inout Buffer) -> Position? {
        switch state.screen {
        case .storeList:
            return StoreListScreen(state: state, layout: layout).render(into: &buffer)
        case .purchases:
            return PurchasesScreen(state: state, layout: layout).render(into: &buffer)
        case .shop:
            guard let shop = state.currentShop else { return nil }
            switch state.views[shop.id] {
            case .store(let view)?:
                guard let content = state.storeContent(for: shop) else { return nil }
                let list = state.shopLists[shop.id] ?? StoreListState()
                view.render(content, state: list, context: context, in: layout.body, into: &buffer)
                return view.cursorPosition(content: content, state: list, context: context, in: layout.body)
            case .subscriptions(let view)?:
                guard let content = state.pickerContent(for: shop) else { return nil }
                let picker = state.pickers[shop.id] ?? SubscriptionStoreState()
                view.render(content, state: picker, context: context, in: layout.body, into: &buffer)
                return view.cursorPosition(content: content, state: picker, context: context, in: layout.body)
            case nil:
                return nil
            }
        }
    }

    // MARK: Overlays

    private func drawOverlays(into buffer: inout Buffer) -> Position? {
        if let question = state.quitQuestion {
            question.render(in: layout.screen, options: options, into: &buffer)
            return question.cursorPosition(in: layout.screen, options: options)
        }
        if let confirmation = state.confirmation {
            confirmation.sheet.render(in: layout.screen, options: options, into: &buffer)
            return confirmation.sheet.cursorPosition(in: layout.screen, options: options)
        }
        if let sheet = state.redeemSheet {
            sheet.render(in: layout.screen, context: context, into: &buffer)
            return sheet.cursorPosition(in: layout.screen, context: context)
        }
        if let alert = state.alerts.first {
            alert.render(in: layout.screen, options: options, into: &buffer)
            return alert.cursorPosition(in: layout.screen, options: options)
        }
        if state.isShowingHelp {
            let overlay = HelpOverlay(bindings: AppKeyBindings.table(for: state.screenKeyContext), options: options)
            return overlay.render(in: layout.screen, into: &buffer)
        }
        return nil
    }
}
