import StorefrontModel

/// A shop drawn as a `SubscriptionStoreView`: its plans, the chosen one, Subscribe and
/// its store buttons.
struct PickerScreen: ShopScreen {
    let setting: ShopSetting
    let view: SubscriptionStoreView
    var picker: SubscriptionStoreState
    /// The plans it shows now, with the customer's standing.
    let content: SubscriptionStoreContent
    /// What `content` was made from.
    let source: ShopContentSource

    private var buttons: [StoreButton] { view.storeButtons(context: context) }

    private var context: StoreContext { setting.context }
    private var body: Rect { setting.body }

    var location: String? { setting.shop.title }
    var filterText: String? { nil }
    var isEditingFilter: Bool { false }

    var keyContext: AppKeyBindings.Context {
        let billing = picker.focus == .list ? chosenOption?.otherBillingPlan : nil
        return setting.keyContext(buttons: buttons, focus: picker.focus, selected: enterOnChosenPlan, hasGroups: view.optionGroupSet != nil, otherBillingPlan: billing)
    }

    /// The chosen plan, paid as the customer chose.
    private var chosenOption: SubscriptionOption? {
        guard let chosen = content.selection(for: picker) else { return nil }
        return content.billed(by: picker).options.first { $0.id == chosen }
    }

    /// What Enter does on the chosen plan.
    private var enterOnChosenPlan: AppKeyBindings.ShopEnter {
        guard let chosen = content.selection(for: picker), let option = content.options.first(where: { $0.id == chosen }) else { return .nothing }
        if context.pendingProductID != nil { return .purchasing }
        return option.isPurchasable ? setting.enter(on: option.product) : .owned
    }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        // One plan per step, pages included: the plans are few, and each can take several rows.
        if let delta = action.rowDelta(pageSize: 1) {
            picker.focus = .list
            // Within the chosen option group: ← / → go to the others.
            let shown = view.chosenGroup(in: content, state: picker, language: context.options.language).map { content.showing($0.groups[$0.index]) } ?? content
            picker.selectedID = shown.selection(movedBy: delta, from: content.selection(for: picker))
            return nil
        }
        switch action {
        case .focusList:
            picker.focus.returnToList()
            return nil
        case .chooseGroup(let delta):
            picker.focus = .list
            picker.selectedID = view.selection(movingGroupsBy: delta, in: content, state: picker, language: context.options.language)
            return nil
        case .activate:
            return activate()
        case .switchBillingPlan:
            guard picker.focus == .list, let option = chosenOption, let other = option.otherBillingPlan else { return nil }
            picker.billingPlans[option.id] = other
            return nil
        case .cycleFocus(let backwards):
            picker.focus = .next(after: picker.focus, roles: buttons.map(\.role), backwards: backwards)
            return nil
        case .chooseButton(let delta):
            picker.focus = picker.focus.choosingButton(by: delta, roles: buttons.map(\.role))
            return nil
        case .tap(.row(let index)):
            guard content.options.indices.contains(index) else { return nil }
            let id = content.options[index].id
            if id == content.selection(for: picker) && picker.focus == .list { return activate() }
            picker.selectedID = id
            picker.focus = .list
            return nil
        case .tap(.button(let button)):
            return picker.focus.press(button)
        case .tap(.subscribeButton):
            picker.focus = .list
            return activate()
        default:
            return nil
        }
    }

    /// Enter: subscribe to the chosen plan, or press the focused button.
    private func activate() -> ScreenRequest? {
        if case .button(let role) = picker.focus {
            return buttons.first { $0.role == role }.map(ScreenRequest.press)
        }
        guard content.offersPlans, let chosen = content.selection(for: picker),
              let option = content.options.first(where: { $0.id == chosen }), option.isPurchasable
        else { return nil }
        if context.awaitingApproval.contains(option.id) {
            return .show(.waitingForApproval(for: option.product, language: context.options.language))
        }
        return .buy(option.product)
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        view.hitTest(x: x, y: y, content: content, state: picker, context: context, in: body).map(ScreenAction.tap)
    }

    func render(into buffer: inout Buffer) -> Position? {
        view.render(content, state: picker, context: context, in: body, into: &buffer)
        return view.cursorPosition(content: content, state: picker, context: context, in: body)
    }

}

extension PickerScreen {
    var selection: SubscriptionStoreState { picker }

    init(setting: ShopSetting, view: SubscriptionStoreView, selection: SubscriptionStoreState?, shown: ShopScreenState<SubscriptionStoreState, SubscriptionStoreContent>.Shown) {
        self.init(setting: setting, view: view, picker: selection ?? SubscriptionStoreState(), content: shown.content, source: shown.source)
    }

    /// Plans are few: a picker has no filter line.
    static func filter(of picker: SubscriptionStoreState?) -> String? { nil }

    /// The plans of `shop` now, with the customer's standing in the group.
    ///
    /// Until entitlements first load the picker shows its spinner, as StoreKit's does: the
    /// plans alone would offer "Subscribe" (or a trial) on what may be the current plan.
    /// When the standing cannot be read, the plans and prices show but nothing is offered
    /// (no trial, no Subscribe): the picker says so, and r retries.
    static func content(of shop: StoreLayout.Shop, view: SubscriptionStoreView, filter: String?, in state: AppState) -> SubscriptionStoreContent {
        let loaded = state.products(of: shop)
        if case .loading = state.store.entitlements {
            return view.content(for: .loading, standing: nil, groupDisplayName: shop.title)
        }
        if let error = state.store.entitlementsError {
            return view.content(for: loaded, standing: nil, groupDisplayName: shop.title).unreadableStanding(error.error)
        }
        let group = view.groupID ?? groupID(of: loaded)
        let standing = group.flatMap { id in state.store.owned.map { SubscriptionStanding($0.subscriptionGroup(id)) } }
        return view.content(for: loaded, standing: standing, groupDisplayName: shop.title)
    }

    private static func groupID(of loaded: Product.CollectionTaskState) -> String? {
        guard case .success(let products, _) = loaded else { return nil }
        return products.lazy.compactMap(\.subscription?.subscriptionGroupID).first
    }
}

extension AppState {
    /// The plans a subscription shop shows now, with the customer's standing in the group,
    /// paid as the customer chose; nil for a shop drawn as a product list.
    public func pickerContent(for shop: StoreLayout.Shop) -> SubscriptionStoreContent? {
        guard case .subscriptions(let view)? = views[shop.id] else { return nil }
        let kept = screenStates[.shop(shop.id), as: PickerScreen.State.self]
        return PickerScreen.shown(of: shop, view: view, kept: kept, in: self).content.billed(by: kept?.selection ?? SubscriptionStoreState())
    }
}
