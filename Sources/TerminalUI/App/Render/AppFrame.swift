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

/// Draws the parts of the app's screen: the title bar with where the customer is, the
/// screen on show, the help bar, and any overlay.
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
            TooSmallMessage(width: state.size.width, height: state.size.height).render(in: layout.screen, context: context, into: &buffer)
            return nil
        }
        let screen = state.currentScreen
        TitleBar(title: state.layout.title, location: screen.location, trailing: headerStatus).render(in: layout.header, context: context, into: &buffer)
        let cursor = screen.render(into: &buffer)
        let screenKeys = AppState.keyContext(of: screen)
        HelpBar(bindings: state.keyTable(for: state.overlays.keyContext ?? screenKeys)).render(in: layout.helpBar, context: context, into: &buffer)
        let helpBindings = state.overlays.isShowingHelp ? state.keyTable(for: screenKeys) : []
        let overlayCursor = state.overlays.render(in: layout.screen, context: context, helpBindings: helpBindings, mouse: state.options.mouse, into: &buffer)
        return overlayCursor ?? cursor
    }

    /// What the store is busy with, at the right of the header; when idle, that prices
    /// are the catalog's own numbers in another currency.
    private var headerStatus: String? {
        // The app keeps drawing and answering keys; the store's watcher keeps trying.
        if state.store.isStoreUnreachable { return options.text("Store unreachable, retrying%@", options.glyph(.ellipsis)) }
        if state.isRestoring { return options.text("%@ Restoring%@", context.spinner, options.glyph(.ellipsis)) }
        // Nothing is being bought while the customer still decides on the sheet.
        if let pending = context.pendingProductID, state.overlays.confirmation == nil { return options.text("%@ Buying %@", context.spinner, state.name(of: pending)) }
        if let repricing = state.options.repricing {
            return options.text("Catalog's %1$@ prices, shown in %2$@", repricing.catalogCurrency, repricing.storefrontCurrency)
        }
        return nil
    }
}
