import StorefrontModel

// Keys and clicks: to the overlay on top, else to the filter line or the screen on show.
extension AppState {
    /// The key table in force now: the overlay's, the filter line's, or the screen's.
    public var keyContext: AppKeyBindings.Context {
        overlays.keyContext ?? screenKeyContext
    }

    /// The key table of the screen under any overlay: what the help overlay lists.
    public var screenKeyContext: AppKeyBindings.Context {
        let current = currentScreen
        return current.isEditingFilter ? .filterEntry : current.keyContext
    }

    mutating func handle(_ key: Key) -> [AppEffect] {
        switch key {
        case .resize(let width, let height):
            size = TerminalSize(width: width, height: height).bounded
            return []
        case .mouse(let x, let y):
            return click(x: x, y: y)
        default:
            break
        }
        let context = keyContext
        if context == .filterEntry, let typed = Self.filterInput(key) {
            return updateScreen(typed)
        }
        if context == .redeemCode, overlays.typeIntoRedeemSheet(key) {
            return []
        }
        guard let action = AppKeyBindings.table(for: context).action(for: key) else { return [] }
        return perform(action, in: context)
    }

    /// What a key typed into a filter line does to it; nil for the keys that are not typed.
    private static func filterInput(_ key: Key) -> ScreenAction? {
        switch key {
        case .char(let character): .typeFilter(String(character))
        case .space: .typeFilter(" ")
        case .backspace: .eraseFilter
        default: nil
        }
    }

    private mutating func perform(_ action: AppAction, in context: AppKeyBindings.Context) -> [AppEffect] {
        let hadOverlay = overlays.keyContext != nil
        if let reply = overlays.update(action) {
            if hadOverlay && overlays.keyContext == nil { focusListAgain() }
            return answer(reply)
        }
        switch action {
        case .quit where isPurchaseWithStore:
            overlays.quitQuestion = .quitDuringPurchase(language: options.render.language)
            return []
        case .quit:
            return quit()
        case .move(let delta), .choosePlan(let delta):
            // Arrows leave the filter line, keeping the filter, and move on in the list.
            let leave = context == .filterEntry ? updateScreen(.finishFilter(clear: false)) : []
            return leave + updateScreen(.move(by: delta))
        case .page(let pages):
            return updateScreen(.page(by: pages))
        case .toStart:
            return updateScreen(.toStart)
        case .toEnd:
            return updateScreen(.toEnd)
        case .activate where context == .filterEntry:
            return updateScreen(.finishFilter(clear: false))
        case .activate:
            return updateScreen(.activate)
        case .cycleFocus(let backwards):
            return updateScreen(.cycleFocus(backwards: backwards))
        case .chooseButton(let delta):
            return updateScreen(.chooseButton(by: delta))
        case .back where context == .filterEntry || currentFilter != nil:
            return updateScreen(.finishFilter(clear: true))
        case .back:
            // A purchase in flight goes on, and its result still shows.
            screen = .storeList
            return []
        case .restore:
            return retryOrRestore()
        case .filter:
            return updateScreen(.startFilter)
        case .help, .confirm, .cancel, .dismiss:
            return []
        }
    }

    /// Does what an overlay's answer asks.
    private mutating func answer(_ reply: Overlays.Reply) -> [AppEffect] {
        switch reply {
        case .handled, .quit(false):
            return []
        case .quit(true):
            hasQuit = true
            return [.quit]
        case .confirmPurchase(let requestID, let confirmed):
            return [.confirm(requestID: requestID, confirmed: confirmed)]
        case .redeem(let code):
            return [.redeem(code: code)]
        }
    }

    /// When the last sheet or alert closes, the focus goes back to the list the customer
    /// tabbed from: left on the button that opened it, the next Tab Tab Enter would press
    /// another button, and what is typed next would go to the screen as commands.
    private mutating func focusListAgain() {
        switch screen {
        case .shop(let id):
            if case .button? = shopLists[id]?.focus { shopLists[id]?.focus = .list }
            if case .button? = pickers[id]?.focus { pickers[id]?.focus = .list }
        case .purchases:
            if case .button = purchasesList.focus { purchasesList.focus = .list }
        case .storeList:
            break
        }
    }

    /// Quits at once; a purchase still on its confirmation sheet is cancelled.
    private mutating func quit() -> [AppEffect] {
        hasQuit = true
        guard let confirmation = overlays.confirmation else { return [.quit] }
        overlays.confirmation = nil
        return [.confirm(requestID: confirmation.request.id, confirmed: false), .quit]
    }

    /// Whether a purchase the customer confirmed is with the store now: quitting would not
    /// stop it, so the app asks first.
    var isPurchaseWithStore: Bool {
        store.pendingProductID != nil && overlays.confirmation == nil
    }

    /// Whether the customer is in the middle of a purchase: on its confirmation sheet, or
    /// waiting for the store's answer (a closing store asks them to finish it).
    public var isBuying: Bool {
        store.pendingProductID != nil || overlays.confirmation != nil
    }

    /// A click answers the overlay on top; else it goes to the part of the screen under it
    /// (a row is selected, a selected row or a button activated).
    private mutating func click(x: Int, y: Int) -> [AppEffect] {
        let appLayout = AppLayout(size: size)
        if let context = overlays.keyContext {
            guard let action = overlays.hitTest(x: x, y: y, in: appLayout.screen, context: storeContext) else { return [] }
            return perform(action, in: context)
        }
        guard !appLayout.isTooSmall, appLayout.body.contains(x: x, y: y),
              let action = currentScreen.hitTest(x: x, y: y)
        else { return [] }
        return updateScreen(action)
    }
}
