import StorefrontModel

extension AppState {
    /// The key table in force now: the overlay's, the filter line's, or the screen's.
    public var keyContext: AppKeyBindings.Context {
        if quitQuestion != nil { return .question }
        if confirmation != nil { return .confirmation }
        if redeemSheet != nil { return .redeemCode }
        if !alerts.isEmpty { return .alert }
        if isShowingHelp { return .help }
        if isEditingFilter { return .filterEntry }
        switch screen {
        case .storeList:
            return .storeList
        case .shop:
            guard let shop = currentShop else { return .storeList }
            let failed = if case .failure = products(of: shop) { true } else { isStatusUnreadable(in: shop) }
            let (buttons, focus): ([StoreButton], StoreFocus) = switch views[shop.id] {
            case .store(let view)?: (view.storeButtons(context: storeContext), shopLists[shop.id]?.focus ?? .list)
            case .subscriptions(let view)?: (pickerButtons(view), pickers[shop.id]?.focus ?? .list)
            case nil: ([], .list)
            }
            let buttonFocused = if case .button = focus { true } else { false }
            return .shop(kind: shop.kind, loadFailed: failed, hasButtons: !buttons.isEmpty, buttonFocused: buttonFocused)
        case .purchases:
            return .purchases
        }
    }

    /// The key table of the screen under any overlay: what the help overlay lists.
    public var screenKeyContext: AppKeyBindings.Context {
        var underneath = self
        underneath.confirmation = nil
        underneath.quitQuestion = nil
        underneath.redeemSheet = nil
        underneath.alerts = []
        underneath.isShowingHelp = false
        return underneath.keyContext
    }

    /// Whether keys are being typed into a filter line.
    var isEditingFilter: Bool {
        switch screen {
        case .storeList: storeList.focus == .filter
        case .shop(let id): shopLists[id]?.focus == .filter
        case .purchases: purchasesList.focus == .filter
        }
    }

    mutating func handle(_ key: Key) -> [AppEffect] {
        switch key {
        case .resize(let width, let height):
            size = TerminalSize(width: max(1, width), height: max(1, height))
            return []
        case .mouse(let x, let y):
            return click(x: x, y: y)
        default:
            break
        }
        let context = keyContext
        if context == .filterEntry, let effects = typeIntoFilter(key) {
            return effects
        }
        if context == .redeemCode, typeIntoRedeemSheet(key) {
            return []
        }
        guard let action = AppKeyBindings.table(for: context).action(for: key) else { return [] }
        return perform(action, key: key, in: context)
    }

    private mutating func perform(_ action: AppAction, key: Key, in context: AppKeyBindings.Context) -> [AppEffect] {
        switch action {
        case .quit where isPurchaseWithStore:
            quitQuestion = .quitDuringPurchase
            return []
        case .quit:
            hasQuit = true
            var effects: [AppEffect] = []
            if let confirmation {
                effects.append(.confirm(requestID: confirmation.request.id, confirmed: false))
                self.confirmation = nil
            }
            return effects + [.quit]
        case .confirm where context == .question:
            return answerQuitQuestion(true)
        case .cancel where context == .question:
            return answerQuitQuestion(false)
        case .activate where context == .question:
            return answerQuitQuestion(quitQuestion?.focus == .confirm)
        case .cycleFocus where context == .question:
            if let focus = quitQuestion?.focus { quitQuestion?.focus = focus == .confirm ? .cancel : .confirm }
            return []
        case .activate where context == .redeemCode:
            return redeemTypedCode()
        case .cancel where context == .redeemCode:
            redeemSheet = nil
            return []
        case .confirm, .cancel:
            return answerConfirmation(action == .confirm)
        case .dismiss:
            if !alerts.isEmpty { alerts.removeFirst() }
            return []
        case .help:
            isShowingHelp.toggle()
            return []
        case .move:
            if context == .filterEntry { finishFilter(clear: false) }
            return moveSelection(by: key == .up || key == .char("k") ? -1 : 1)
        case .jump:
            return jump(key)
        case .choosePlan:
            return moveSelection(by: key == .left ? -1 : 1)
        case .activate where context == .confirmation:
            return answerConfirmation(confirmation?.sheet.focus == .confirm)
        case .cycleFocus where context == .confirmation:
            if let focus = confirmation?.sheet.focus {
                confirmation?.sheet.focus = focus == .confirm ? .cancel : .confirm
            }
            return []
        case .activate:
            if context == .filterEntry {
                finishFilter(clear: false)
                return []
            }
            return activate()
        case .cycleFocus:
            cycleFocus(backwards: key == .backTab)
            return []
        case .back:
            if context == .filterEntry || currentFilter != nil {
                finishFilter(clear: true)
                return []
            }
            return goBack()
        case .restore:
            if let shop = currentShop, case .failure = products(of: shop) {
                return [.loadProducts(shop.productIDs, slot: shop.slot)]
            }
            if let shop = currentShop, isStatusUnreadable(in: shop) {
                return [.refreshEntitlements]
            }
            return restore()
        case .filter:
            startFilter()
            return []
        }
    }

    /// Whether `shop` is a picker that could not read the customer's standing: r retries.
    func isStatusUnreadable(in shop: StoreLayout.Shop) -> Bool {
        shop.kind == .subscriptions && store.entitlementsError != nil
    }

    /// Whether a purchase the customer confirmed is with the store now: quitting would not
    /// stop it, so the app asks first.
    var isPurchaseWithStore: Bool {
        store.pendingProductID != nil && confirmation == nil
    }

    /// Quits, or stays, as the customer answered "Quit anyway?".
    mutating func answerQuitQuestion(_ quit: Bool) -> [AppEffect] {
        quitQuestion = nil
        guard quit else { return [] }
        hasQuit = true
        return [.quit]
    }

    /// Closes the confirmation sheet with the customer's answer.
    mutating func answerConfirmation(_ confirmed: Bool) -> [AppEffect] {
        guard let request = confirmation?.request else { return [] }
        confirmation = nil
        return [.confirm(requestID: request.id, confirmed: confirmed)]
    }

    /// Back to the store list; a purchase in flight goes on, and its result still shows.
    private mutating func goBack() -> [AppEffect] {
        guard screen != .storeList else { return [] }
        screen = .storeList
        return []
    }

    /// Restore Purchases, unless a purchase or another restore is on its way.
    mutating func restore() -> [AppEffect] {
        guard !isRestoring, !isPurchasing else { return [] }
        isRestoring = true
        return [.restore]
    }

    /// Opens a shop or the Purchases screen, and starts loading what it shows.
    mutating func open(_ item: StoreListItem) -> [AppEffect] {
        switch item {
        case .shop(let shop):
            screen = .shop(shop.id)
            let load = AppEffect.loadProducts(shop.productIDs, slot: shop.slot)
            // A picker shows the customer's plan: renewals or approvals recorded since
            // (by another process on the same ledger, say) should show too.
            return shop.kind == .subscriptions ? [load, .refreshEntitlements] : [load]
        case .purchases:
            screen = .purchases
            history = .loading
            let everything = layout.shops.flatMap(\.productIDs)
            return [.loadHistory, .refreshEntitlements, .loadProducts(everything, slot: Self.purchasesSlot)]
        }
    }

    /// The load slot of the products the Purchases screen names.
    static let purchasesSlot = LoadSlot("purchases")
}
