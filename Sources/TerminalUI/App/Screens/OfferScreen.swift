import StorefrontModel

/// A shop drawn as a `SubscriptionOfferView`: one plan, its best offer, Subscribe, and
/// the app's detail action on d.
struct OfferScreen: ShopScreen {
    /// Nothing to choose on one plan; the type a shop's screen keeps.
    struct Selection: Sendable {}

    let setting: ShopSetting
    let view: SubscriptionOfferView
    let content: SubscriptionOfferContent
    let source: ShopContentSource

    var selection: Selection { Selection() }
    var location: String? { setting.shop.title }
    var filterText: String? { nil }
    var isEditingFilter: Bool { false }

    var keyContext: AppKeyBindings.Context {
        .offer(loadFailed: setting.loadFailed, hasDetails: view.detailAction != nil, enter: enter)
    }

    /// What Enter does now, or why it does nothing.
    private var enter: AppKeyBindings.ShopEnter {
        guard let product = content.visibleSubscription, content.plans.offersPlans else { return .nothing }
        if setting.context.pendingProductID != nil { return .purchasing }
        return content.isPurchasable ? setting.enter(on: product) : .owned
    }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        switch action {
        case .activate, .tap(.subscribeButton):
            guard let product = content.visibleSubscription, content.isPurchasable else { return nil }
            if setting.context.awaitingApproval.contains(product.id) {
                return .show(.waitingForApproval(for: product, language: setting.context.options.language))
            }
            return .buy(product)
        case .showDetails:
            return view.detailAction == nil ? nil : .runDetailAction
        default:
            return nil
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        guard let button = view.cursorPosition(content: content, context: setting.context, in: setting.body), y == button.y, x >= button.x else { return nil }
        return .tap(.subscribeButton)
    }

    func render(into buffer: inout Buffer) -> Position? {
        view.render(content, context: setting.context, in: setting.body, into: &buffer)
        return view.cursorPosition(content: content, context: setting.context, in: setting.body)
    }
}

extension OfferScreen {
    init(setting: ShopSetting, view: SubscriptionOfferView, selection: Selection?, shown: ShopScreenState<Selection, SubscriptionOfferContent>.Shown) {
        self.init(setting: setting, view: view, content: shown.content, source: shown.source)
    }

    static func filter(of selection: Selection?) -> String? { nil }

    /// The plan and offer `shop` shows now, for the customer's standing in the group;
    /// while the standing loads, a spinner (no offer is promised to someone it may not fit).
    static func content(of shop: StoreLayout.Shop, view: SubscriptionOfferView, filter: String?, in state: AppState) -> SubscriptionOfferContent {
        let loaded = state.products(of: shop)
        if case .loading = state.store.entitlements {
            return view.content(for: .loading, standing: nil, groupDisplayName: shop.title)
        }
        if let error = state.store.entitlementsError {
            let plans = view.content(for: loaded, standing: nil, groupDisplayName: shop.title).plans.unreadableStanding(error.error)
            return SubscriptionOfferContent(plans: plans, option: nil, activeOffer: nil)
        }
        let standing = state.store.owned.map { SubscriptionStanding($0.subscriptionGroup(view.groupID)) }
        return view.content(for: loaded, standing: standing, groupDisplayName: shop.title)
    }
}
