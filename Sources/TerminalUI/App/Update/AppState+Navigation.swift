import StorefrontModel

// Moving around a screen: selection, scrolling, focus, the filter line, clicks.
extension AppState {
    // MARK: Store view content

    /// The rows a product-list shop shows now: its load, in its order, filtered. For the
    /// shop on screen they are worked out once per load or filter change (by `update`),
    /// so a frame costs only the rows it shows, however many products there are.
    public func storeContent(for shop: StoreLayout.Shop) -> StoreViewContent? {
        let filter = shopLists[shop.id]?.filterText
        if let shown = shownContent, shown.shopID == shop.id, shown.filter == filter, case .store(let content) = shown.content {
            return content
        }
        guard case .store(let view)? = views[shop.id] else { return nil }
        return view.content(for: products(of: shop), filter: filter)
    }

    /// Works out what the shop on screen shows again.
    mutating func refreshShownContent() {
        shownContent = nil
        guard let shop = currentShop else { return }
        if let content = storeContent(for: shop) {
            shownContent = ShownContent(shopID: shop.id, filter: shopLists[shop.id]?.filterText, content: .store(content))
        } else if let content = pickerContent(for: shop) {
            shownContent = ShownContent(shopID: shop.id, filter: nil, content: .picker(content))
        }
    }

    /// Where a product-list shop's parts go on screen now.
    func storeLayout(_ view: StoreView, content: StoreViewContent) -> StoreViewLayout {
        view.layout(in: AppLayout(size: size).body, content: content, context: storeContext)
    }

    // MARK: Moving

    mutating func moveSelection(by delta: Int) -> [AppEffect] {
        switch screen {
        case .storeList:
            let items = StoreListItem.items(of: layout, filter: storeList.filterText)
            storeList.focus = .list
            selectRow(storeList.selectedIndex + delta, count: items.count, in: &storeList, hasButtons: false)
        case .purchases:
            let content = PurchasesContent(state: self)
            purchasesList.focus = .list
            let target = content.selectableIndex(from: purchasesList.selectedIndex, movingBy: delta)
            selectRow(target, count: content.rows.count, in: &purchasesList, hasButtons: true)
        case .shop:
            guard let shop = currentShop else { return [] }
            switch views[shop.id] {
            case .store(let view)?:
                guard let content = storeContent(for: shop) else { return [] }
                var list = shopLists[shop.id] ?? StoreListState()
                list.focus = .list
                list.select(list.selectedIndex + delta, in: content, layout: storeLayout(view, content: content))
                shopLists[shop.id] = list
            case .subscriptions(let view)?:
                movePlan(in: view, shop: shop, by: delta)
            case nil:
                break
            }
        }
        return []
    }

    /// Page up and down by a screenful, home and end to the ends.
    mutating func jump(_ key: Key) -> [AppEffect] {
        let page = max(1, pageSize - 1)
        let delta = switch key {
        case .pageUp: -page
        case .pageDown: page
        case .home: Int.min / 2
        default: Int.max / 2
        }
        return moveSelection(by: delta)
    }

    /// Rows that fit on the current screen.
    private var pageSize: Int {
        let appLayout = AppLayout(size: size)
        switch screen {
        case .storeList: return appLayout.list(hasButtons: false).rows.height
        case .purchases: return appLayout.list(hasButtons: true).rows.height
        case .shop:
            guard let shop = currentShop, case .store(let view)? = views[shop.id],
                  let content = storeContent(for: shop) else { return 1 }
            return storeLayout(view, content: content).visibleRowCount
        }
    }

    /// Selects row `index` of one of the app's own one-line lists, scrolling to show it.
    private func selectRow(_ index: Int, count: Int, in list: inout StoreListState, hasButtons: Bool) {
        let visible = AppLayout(size: size).list(hasButtons: hasButtons).rows.height
        list.selectedIndex = min(max(0, index), max(0, count - 1))
        list.scrollOffset = StoreViewLayout.scrollOffset(
            revealing: list.selectedIndex, from: list.scrollOffset, visibleRowCount: visible, rowCount: count
        )
    }

    // MARK: Activating

    /// Enter: open the selected shop, buy the selected product, or press the focused button.
    mutating func activate() -> [AppEffect] {
        switch screen {
        case .storeList:
            let items = StoreListItem.items(of: layout, filter: storeList.filterText)
            guard items.indices.contains(storeList.selectedIndex) else { return [] }
            return open(items[storeList.selectedIndex])
        case .purchases:
            if case .button(let role) = purchasesList.focus { return press(StoreButton(role: role)) }
            return []
        case .shop:
            guard let shop = currentShop else { return [] }
            switch views[shop.id] {
            case .store(let view)?:
                let list = shopLists[shop.id] ?? StoreListState()
                if case .button(let role) = list.focus {
                    return press(view.storeButtons(context: storeContext).first { $0.role == role })
                }
                guard let content = storeContent(for: shop), content.rows.indices.contains(list.selectedIndex),
                      let product = content.rows[list.selectedIndex].product
                else { return [] }
                return buy(product, in: shop)
            case .subscriptions(let view)?:
                return activatePicker(view, shop: shop)
            case nil:
                return []
            }
        }
    }

    /// Starts buying `product`, unless it cannot be bought now: another purchase or a
    /// restore is on its way, it is owned, or it waits for approval.
    mutating func buy(_ product: Product, in shop: StoreLayout.Shop) -> [AppEffect] {
        if storeContext.isIncluded(product), let version = store.originalAppVersion {
            // Paid to freemium: say why there is nothing to pay rather than ignore the key.
            alerts.append(Alert(
                kind: .info, title: "Included",
                message: "\(product.displayName) is yours: you first got the app at version \(version), before it became a purchase."
            ))
            return []
        }
        guard !isPurchasing, !isRestoring, storeContext.canBuy(product) else { return [] }
        requestedPurchase = product.id
        return [.purchase(product, shop: shop.id)]
    }

    /// What a store button does.
    mutating func press(_ button: StoreButton?) -> [AppEffect] {
        guard let button else { return [] }
        switch button.role {
        case .restorePurchases:
            return restore()
        case .termsOfService, .privacyPolicy:
            let link = button.url?.absoluteString ?? "No link was given."
            alerts.append(Alert(kind: .info, title: button.title, message: link))
            return []
        case .close:
            screen = .storeList
            return []
        case .signIn:
            guard let shop = currentShop else { return [] }
            return [.signIn(shop: shop.id)]
        case .redeemCode:
            redeemSheet = RedeemCodeSheet()
            return []
        }
    }

    // MARK: Focus

    /// Tab: from the list to each button in turn and back to the list.
    mutating func cycleFocus(backwards: Bool) {
        switch screen {
        case .storeList:
            return
        case .purchases:
            purchasesList.focus = nextFocus(after: purchasesList.focus, roles: [.restorePurchases], backwards: backwards)
        case .shop:
            guard let shop = currentShop else { return }
            switch views[shop.id] {
            case .store(let view)?:
                var list = shopLists[shop.id] ?? StoreListState()
                let roles = view.storeButtons(context: storeContext).map(\.role)
                list.focus = nextFocus(after: list.focus, roles: roles, backwards: backwards)
                shopLists[shop.id] = list
            case .subscriptions(let view)?:
                cyclePickerFocus(in: view, shop: shop, backwards: backwards)
            case nil:
                return
            }
        }
    }

    func nextFocus(after focus: StoreFocus, roles: [StoreButton.Role], backwards: Bool) -> StoreFocus {
        let stops: [StoreFocus] = [.list] + roles.map(StoreFocus.button)
        let current = stops.firstIndex(of: focus) ?? 0
        let next = (current + (backwards ? stops.count - 1 : 1)) % stops.count
        return stops[next]
    }

    // MARK: Filter

    /// The filter of the current screen, when one is set.
    var currentFilter: String? {
        switch screen {
        case .storeList: storeList.filterText
        case .shop(let id): shopLists[id]?.filterText
        case .purchases: purchasesList.filterText
        }
    }

    /// `/`: opens the filter line (keeping any filter already typed).
    mutating func startFilter() {
        editList { list in
            list.filterText = list.filterText ?? ""
            list.focus = .filter
        }
    }

    /// Leaves the filter line: keeps the filter, or clears it. An empty filter closes.
    mutating func finishFilter(clear: Bool) {
        editList { list in
            if clear || list.filterText?.isEmpty == true { list.filterText = nil }
            list.focus = .list
            list.selectedIndex = 0
            list.scrollOffset = 0
        }
    }

    /// Types a key into the filter line; nil for keys the filter does not take.
    mutating func typeIntoFilter(_ key: Key) -> [AppEffect]? {
        let typed: String
        switch key {
        case .char(let character): typed = String(character)
        case .space: typed = " "
        case .backspace:
            editList { list in
                if list.filterText?.isEmpty == false { list.filterText?.removeLast() }
            }
            return []
        default: return nil
        }
        editList { list in
            list.filterText = (list.filterText ?? "") + typed
            list.selectedIndex = 0
            list.scrollOffset = 0
        }
        return []
    }

    /// Changes the list state of the current screen (not pickers: they have no filter).
    private mutating func editList(_ change: (inout StoreListState) -> Void) {
        switch screen {
        case .storeList: change(&storeList)
        case .purchases: change(&purchasesList)
        case .shop(let id):
            guard case .store? = views[id] else { return }
            change(&shopLists[id, default: StoreListState()])
        }
    }

    // MARK: Clicks

    /// A click selects the row under it; a click on the selected row (or a button)
    /// activates it. Clicks on an overlay answer the overlay.
    mutating func click(x: Int, y: Int) -> [AppEffect] {
        if quitQuestion != nil || confirmation != nil || redeemSheet != nil || !alerts.isEmpty || isShowingHelp {
            return clickOverlay(x: x, y: y)
        }
        let appLayout = AppLayout(size: size)
        guard !appLayout.isTooSmall, appLayout.body.contains(x: x, y: y) else { return [] }
        switch screen {
        case .storeList:
            let rows = appLayout.list(hasButtons: false).rows
            let count = StoreListItem.items(of: layout, filter: storeList.filterText).count
            guard rows.contains(x: x, y: y),
                  let index = LineList(area: rows, list: storeList, rowCount: count, options: options.render).rowIndex(atY: y)
            else { return [] }
            if index == storeList.selectedIndex && storeList.focus == .list { return activate() }
            storeList.focus = .list
            return moveSelection(by: index - storeList.selectedIndex)
        case .purchases:
            let (rows, bar) = appLayout.list(hasButtons: true)
            if let bar, let button = StoreButtonBar(buttons: [StoreButton(role: .restorePurchases)], options: options.render).button(atX: x, in: bar), y == bar.y {
                purchasesList.focus = .button(button.role)
                return press(button)
            }
            let content = PurchasesContent(state: self)
            guard rows.contains(x: x, y: y),
                  let index = LineList(area: rows, list: purchasesList, rowCount: content.rows.count, options: options.render).rowIndex(atY: y),
                  content.rows[index].isSelectable
            else { return [] }
            purchasesList.focus = .list
            purchasesList.selectedIndex = index
            return []
        case .shop:
            guard let shop = currentShop else { return [] }
            switch views[shop.id] {
            case .store(let view)?:
                guard let content = storeContent(for: shop) else { return [] }
                let list = shopLists[shop.id] ?? StoreListState()
                switch view.hitTest(x: x, y: y, content: content, state: list, context: storeContext, in: appLayout.body) {
                case .row(let index)?:
                    if index == list.selectedIndex && list.focus == .list { return activate() }
                    shopLists[shop.id, default: StoreListState()].focus = .list
                    return moveSelection(by: index - list.selectedIndex)
                case .button(let button)?:
                    shopLists[shop.id, default: StoreListState()].focus = .button(button.role)
                    return press(button)
                case .subscribeButton?, nil:
                    return []
                }
            case .subscriptions(let view)?:
                return clickPicker(view, shop: shop, x: x, y: y)
            case nil:
                return []
            }
        }
    }
}
