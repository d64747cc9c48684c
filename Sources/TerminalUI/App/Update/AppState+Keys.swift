import StorefrontModel

// Keys and clicks: to the overlay on top, else to the filter line or the screen on show.
extension AppState {
    /// The key table in force now: the overlay's, the filter line's, or the screen's.
    public var keyContext: AppKeyBindings.Context {
        overlays.keyContext ?? screenKeyContext
    }

    /// The key table of the screen under any overlay: what the help overlay lists.
    public var screenKeyContext: AppKeyBindings.Context {
        Self.keyContext(of: currentScreen)
    }

    /// The key table of `screen`: its filter line's while it is typed in, else its own.
    static func keyContext(of screen: any AppScreen) -> AppKeyBindings.Context {
        screen.isEditingFilter ? .filterEntry : screen.keyContext
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
        // Made once for the key: its table, and what the key does to it.
        let current = currentScreen
        let context = overlays.keyContext ?? Self.keyContext(of: current)
        if context == .filterEntry || context == .managerEntry, let typed = Self.filterInput(key) {
            return send(current, typed)
        }
        if context == .redeemCode, overlays.typeIntoRedeemSheet(key) {
            return []
        }
        guard let action = keyTable(for: context).action(for: key) else { return [] }
        return perform(action, in: context, on: current)
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

    private mutating func perform(_ action: AppAction, in context: AppKeyBindings.Context, on current: any AppScreen) -> [AppEffect] {
        let hadOverlay = overlays.keyContext != nil
        if let reply = overlays.update(action) {
            // When the last sheet or alert closes, the focus goes back to the list the
            // customer tabbed from: left on the button that opened it, the next Tab Tab
            // Enter would press another button, and what is typed next would go to the
            // screen as commands.
            let focus = hadOverlay && overlays.keyContext == nil ? send(current, .focusList) : []
            return focus + answer(reply)
        }
        switch action {
        case .back where screen == .transactionManager:
            return send(current, .goBack)
        case .openTransactionManager:
            return openTransactionManager()
        case .quit where isPurchaseWithStore:
            overlays.quitQuestion = .quitDuringPurchase(language: options.render.language)
            return []
        case .quit:
            return quit()
        case .move(let delta), .choosePlan(let delta):
            // Arrows leave the filter line, keeping the filter, and move on in the list.
            guard context == .filterEntry else { return send(current, .move(by: delta)) }
            let leave = send(current, .finishFilter(clear: false))
            return leave + send(currentScreen, .move(by: delta))
        case .page(let pages):
            return send(current, .page(by: pages))
        case .toStart:
            return send(current, .toStart)
        case .toEnd:
            return send(current, .toEnd)
        case .activate where context == .filterEntry:
            return send(current, .finishFilter(clear: false))
        case .activate:
            return send(current, .activate)
        case .cycleFocus(let backwards):
            return send(current, .cycleFocus(backwards: backwards))
        case .chooseButton(let delta):
            return send(current, .chooseButton(by: delta))
        case .back where context == .filterEntry || current.filterText != nil:
            return send(current, .finishFilter(clear: true))
        case .back:
            // A purchase in flight goes on, and its result still shows.
            screen = .storeList
            return []
        case .restore:
            return retryOrRestore()
        case .filter:
            return send(current, .startFilter)
        case .showDetails:
            return send(current, .showDetails)
        case .chooseGroup(let delta):
            return send(current, .chooseGroup(by: delta))
        case .switchBillingPlan:
            return send(current, .switchBillingPlan)
        case .requestRefund:
            return send(current, .requestRefund)
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
        case .storeMessage(let sheet, let taken):
            if sheet.message.reason == .priceIncreaseConsent { return answerPriceIncrease(of: sheet, consented: taken) }
            return taken ? takeOffer(of: sheet) : []
        case .requestRefund(let transactionID, let reason):
            return [.beginRefundRequest(transactionID: transactionID, reason: reason)]
        case .cancelRefundRequest(let transactionID):
            return [.refundRequestDismissed(transactionID: transactionID, .success(.userCancelled))]
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
            return perform(action, in: context, on: currentScreen)
        }
        guard !appLayout.isTooSmall, appLayout.body.contains(x: x, y: y) else { return [] }
        let current = currentScreen
        guard let action = current.hitTest(x: x, y: y) else { return [] }
        return send(current, action)
    }
}
