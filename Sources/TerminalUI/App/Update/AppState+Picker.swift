import StorefrontModel

// The subscription picker: choosing a plan, subscribing, its buttons.
extension AppState {
    /// The plans a subscription shop shows now, with the customer's standing in the group.
    /// Until entitlements first load the picker shows its spinner, as StoreKit's does: the
    /// plans alone would offer "Subscribe" (or a trial) on what may be the current plan.
    /// When the standing cannot be read, nothing is offered: the picker says so, and r retries.
    /// For the shop on screen they are worked out once per change (by `update`), not on
    /// every frame.
    public func pickerContent(for shop: StoreLayout.Shop) -> SubscriptionStoreContent? {
        if let shown = shownContent, shown.shopID == shop.id, case .picker(let content) = shown.content {
            return content
        }
        guard case .subscriptions(let view)? = views[shop.id] else { return nil }
        let loaded = products(of: shop)
        let groupID = view.groupID ?? Self.groupID(of: loaded)
        if case .loading = store.entitlements {
            return view.content(for: .loading, standing: nil, groupDisplayName: shop.title)
        }
        if let error = store.entitlementsError {
            return SubscriptionStoreContent(phase: .statusFailure(error), groupDisplayName: shop.title, standing: nil)
        }
        let standing = groupID.flatMap { id in store.owned.map { SubscriptionStanding($0.subscriptionGroup(id)) } }
        return view.content(for: loaded, standing: standing, groupDisplayName: shop.title)
    }

    private static func groupID(of loaded: Product.CollectionTaskState) -> String? {
        guard case .success(let products, _) = loaded else { return nil }
        return products.lazy.compactMap(\.subscription?.subscriptionGroupID).first
    }

    mutating func movePlan(in view: SubscriptionStoreView, shop: StoreLayout.Shop, by delta: Int) {
        guard let content = pickerContent(for: shop) else { return }
        var picker = pickers[shop.id] ?? SubscriptionStoreState()
        picker.focus = .list
        picker.selectedID = content.selection(movedBy: delta, from: content.selection(for: picker))
        pickers[shop.id] = picker
    }

    /// Enter in a picker: subscribe to the chosen plan, or press the focused button.
    mutating func activatePicker(_ view: SubscriptionStoreView, shop: StoreLayout.Shop) -> [AppEffect] {
        let picker = pickers[shop.id] ?? SubscriptionStoreState()
        if case .button(let role) = picker.focus {
            return press(pickerButtons(view).first { $0.role == role })
        }
        guard let content = pickerContent(for: shop), let chosen = content.selection(for: picker),
              let option = content.options.first(where: { $0.id == chosen }), option.isPurchasable
        else { return [] }
        if store.awaitingApproval.contains(option.id) {
            alerts.append(.waitingForApproval(for: option.product))
            return []
        }
        return buy(option.product, in: shop)
    }

    func pickerButtons(_ view: SubscriptionStoreView) -> [StoreButton] {
        view.storeButtons(context: storeContext)
    }

    mutating func cyclePickerFocus(in view: SubscriptionStoreView, shop: StoreLayout.Shop, backwards: Bool) {
        var picker = pickers[shop.id] ?? SubscriptionStoreState()
        picker.focus = nextFocus(after: picker.focus, roles: pickerButtons(view).map(\.role), backwards: backwards)
        pickers[shop.id] = picker
    }

    mutating func clickPicker(_ view: SubscriptionStoreView, shop: StoreLayout.Shop, x: Int, y: Int) -> [AppEffect] {
        guard let content = pickerContent(for: shop) else { return [] }
        let picker = pickers[shop.id] ?? SubscriptionStoreState()
        switch view.hitTest(x: x, y: y, content: content, state: picker, context: storeContext, in: AppLayout(size: size).body) {
        case .row(let index)?:
            guard content.options.indices.contains(index) else { return [] }
            let id = content.options[index].id
            if id == content.selection(for: picker) && picker.focus == .list { return activatePicker(view, shop: shop) }
            pickers[shop.id, default: SubscriptionStoreState()].selectedID = id
            pickers[shop.id, default: SubscriptionStoreState()].focus = .list
            return []
        case .button(let button)?:
            pickers[shop.id, default: SubscriptionStoreState()].focus = .button(button.role)
            return press(button)
        case .subscribeButton?:
            pickers[shop.id, default: SubscriptionStoreState()].focus = .list
            return activatePicker(view, shop: shop)
        case nil:
            return []
        }
    }
}
