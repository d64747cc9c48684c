import StorefrontModel

/// What is drawn over the screen, topmost first: "Quit anyway?", the purchase
/// confirmation sheet, the Redeem Code sheet, the alerts (one at a time, in order) and
/// the help overlay. Only the topmost one takes keys and clicks.
///
/// ```swift
/// var overlays = Overlays()
/// overlays.alerts.append(Alert(kind: .info, title: "Restored", message: "2 purchases"))
/// overlays.keyContext                   // .alert
/// overlays.update(.dismiss)             // .handled: the alert closes
/// ```
public struct Overlays: Sendable, Hashable {
    /// "Quit anyway?", asked when the customer quits while a confirmed purchase runs.
    public var quitQuestion: Question?
    /// The purchase waiting on the confirmation sheet, and the sheet.
    public var confirmation: Confirmation?
    /// The Redeem Code sheet, while open.
    public var redeemSheet: RedeemCodeSheet?
    /// The App Store's message sheet (a win-back offer), while it shows.
    public var storeMessage: StoreMessageSheet?
    /// The refund sheet of a purchase in Your Purchases, while open.
    public var refundSheet: RefundRequestSheet?
    /// Alerts to show, the first on screen; one arriving while another shows waits its
    /// turn, so no result is lost.
    public var alerts: [Alert] = []
    public var isShowingHelp = false

    public init() {}

    /// What an overlay's answer asks of the app.
    enum Reply: Sendable, Hashable {
        /// The overlay changed; nothing more to do.
        case handled
        /// The customer answered the confirmation sheet of a purchase request.
        case confirmPurchase(requestID: UInt64, confirmed: Bool)
        /// The customer answered "Quit anyway?".
        case quit(Bool)
        /// The customer sent an offer code.
        case redeem(code: String)
        /// The customer took the message's offer, or put it away.
        case storeMessage(StoreMessageSheet, taken: Bool)
        /// The customer submitted the refund sheet.
        case requestRefund(transactionID: Transaction.ID, reason: Transaction.RefundRequestReason)
        /// The customer closed the refund sheet without submitting it.
        case cancelRefundRequest(transactionID: Transaction.ID)
    }

    /// The key table of the topmost overlay; nil when nothing is over the screen.
    var keyContext: AppKeyBindings.Context? {
        if quitQuestion != nil { return .question }
        if confirmation != nil { return .confirmation }
        if redeemSheet != nil { return .redeemCode }
        if storeMessage != nil { return .confirmation }  // the same keys as a purchase sheet
        if refundSheet != nil { return .refundRequest }
        if !alerts.isEmpty { return .alert }
        if isShowingHelp { return .help }
        return nil
    }

    /// Applies an action to the topmost overlay; nil when the overlays have no use for it
    /// (quitting, say, which the app decides).
    mutating func update(_ action: AppAction) -> Reply? {
        if quitQuestion == nil, confirmation == nil, redeemSheet == nil, storeMessage != nil, let reply = updateStoreMessage(action) {
            return reply
        }
        switch (keyContext, action) {
        case (_, .help):
            isShowingHelp.toggle()
            return .handled
        case (.question?, .confirm), (.question?, .cancel), (.question?, .activate):
            let quit = action == .confirm || (action == .activate && quitQuestion?.focus == .confirm)
            quitQuestion = nil
            return .quit(quit)
        case (.question?, .cycleFocus):
            quitQuestion?.focus.toggle()
            return .handled
        case (.confirmation?, .confirm), (.confirmation?, .cancel), (.confirmation?, .activate):
            guard let confirmation else { return .handled }
            self.confirmation = nil
            let confirmed = action == .confirm || (action == .activate && confirmation.sheet.focus == .confirm)
            return .confirmPurchase(requestID: confirmation.request.id, confirmed: confirmed)
        case (.confirmation?, .cycleFocus):
            confirmation?.sheet.focus.toggle()
            return .handled
        case (.redeemCode?, .activate):
            guard let sheet = redeemSheet, sheet.phase != .redeeming, !sheet.normalizedCode.isEmpty else { return .handled }
            redeemSheet?.phase = .redeeming
            return .redeem(code: sheet.normalizedCode)
        case (.redeemCode?, .cancel):
            redeemSheet = nil
            return .handled
        case (.refundRequest?, _):
            return updateRefundSheet(action)
        case (.alert?, .dismiss):
            alerts.removeFirst()
            return .handled
        default:
            return nil
        }
    }

    /// The message sheet's answer to `action`: Enter on a button, y to take the offer, Esc
    /// or n to put it away, Tab to move between the buttons.
    private mutating func updateStoreMessage(_ action: AppAction) -> Reply? {
        guard let sheet = storeMessage else { return nil }
        switch action {
        case .confirm, .cancel, .activate:
            storeMessage = nil
            let taken = action == .confirm || (action == .activate && sheet.sheet.focus == .confirm)
            return .storeMessage(sheet, taken: taken)
        case .cycleFocus:
            storeMessage?.sheet.focus.toggle()
            return .handled
        default:
            return nil
        }
    }

    /// The refund sheet's answer to `action`: ↑ ↓ choose the reason, Enter presses the
    /// focused button, Esc cancels (closing it sends nothing: StoreKit's `userCancelled`),
    /// Tab moves between the buttons. While the request is with the store, only Esc works,
    /// and only to close: the request goes on.
    private mutating func updateRefundSheet(_ action: AppAction) -> Reply? {
        guard var sheet = refundSheet else { return nil }
        switch action {
        case .cancel where sheet.isSubmitting:
            refundSheet = nil  // the request goes on; its answer still shows
        case .cancel:
            refundSheet = nil
            return .cancelRefundRequest(transactionID: sheet.transaction.id)
        case .move(let delta) where !sheet.isSubmitting:
            sheet.chooseReason(by: delta)
            refundSheet = sheet
        case .cycleFocus where !sheet.isSubmitting:
            sheet.focus.toggle()
            refundSheet = sheet
        case .activate where sheet.focus == .cancel && !sheet.isSubmitting:
            refundSheet = nil
            return .cancelRefundRequest(transactionID: sheet.transaction.id)
        case .activate where !sheet.isSubmitting, .confirm where !sheet.isSubmitting:
            sheet.isSubmitting = true
            refundSheet = sheet
            return .requestRefund(transactionID: sheet.transaction.id, reason: sheet.reason)
        case .quit:
            return nil
        default:
            break
        }
        return .handled
    }

    /// Types a key into the Redeem Code sheet's field; false for keys the field does not
    /// take (they are the sheet's own: Enter, Esc, Ctrl-C).
    mutating func typeIntoRedeemSheet(_ key: Key) -> Bool {
        guard var sheet = redeemSheet, sheet.phase != .redeeming else { return false }
        switch key {
        case .char(let character) where RedeemCodeSheet.accepts(character):
            guard sheet.code.count < RedeemCodeSheet.maximumLength else { return true }
            sheet.code.append(character)
        case .backspace:
            if !sheet.code.isEmpty { sheet.code.removeLast() }
        default:
            return false
        }
        sheet.phase = .editing
        redeemSheet = sheet
        return true
    }

    /// What a click at (`x`, `y`) does to the topmost overlay: a button answers it, and a
    /// click anywhere closes an alert or the help.
    func hitTest(x: Int, y: Int, in screen: Rect, context: StoreContext) -> AppAction? {
        if let quitQuestion {
            return quitQuestion.hitTest(x: x, y: y, in: screen, context: context).map { $0 == .confirm ? .confirm : .cancel }
        }
        if let confirmation {
            return confirmation.sheet.hitTest(x: x, y: y, in: screen, context: context).map { $0 == .confirm ? .confirm : .cancel }
        }
        if let redeemSheet {
            return redeemSheet.hitTest(x: x, y: y, in: screen, context: context).map { $0 == .confirm ? .activate : .cancel }
        }
        if let storeMessage {
            return storeMessage.hitTest(x: x, y: y, in: screen, context: context).map { $0 == .confirm ? .confirm : .cancel }
        }
        if let refundSheet {
            return refundSheet.hitTest(x: x, y: y, in: screen, context: context).map { $0 == .confirm ? .confirm : .cancel }
        }
        return alerts.isEmpty ? .help : .dismiss
    }

    /// Draws the topmost overlay over `screen`; returns where the cursor goes, nil when
    /// nothing is over the screen.
    func render(in screen: Rect, context: StoreContext, helpBindings: [KeyBinding<AppAction>], mouse: Bool = true, into buffer: inout Buffer) -> Position? {
        guard let topmost = topmost(helpBindings: helpBindings, mouse: mouse) else { return nil }
        topmost.render(in: screen, context: context, into: &buffer)
        return topmost.cursorPosition(in: screen, context: context)
    }

    private func topmost(helpBindings: [KeyBinding<AppAction>], mouse: Bool) -> (any Widget<StoreContext>)? {
        if let quitQuestion { return quitQuestion }
        if let confirmation { return confirmation.sheet }
        if let redeemSheet { return redeemSheet }
        if let storeMessage { return storeMessage }
        if let refundSheet { return refundSheet }
        if let alert = alerts.first { return alert }
        return isShowingHelp ? HelpOverlay(bindings: helpBindings, mouse: mouse) : nil
    }
}

extension ConfirmationSheet.Choice {
    /// Tab on a two-button box: the other button.
    mutating func toggle() {
        self = self == .confirm ? .cancel : .confirm
    }
}
