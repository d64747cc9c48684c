import StorefrontModel

/// A shop drawn as a `StoreView`: its products, a filter line and its store buttons.
struct ProductListScreen: ShopScreen {
    let setting: ShopSetting
    let view: StoreView
    var list: StoreListState
    /// The rows it shows now.
    let content: StoreViewContent
    /// What `content` was made from.
    let source: ShopContentSource

    private var buttons: [StoreButton] { view.storeButtons(context: context) }

    private var context: StoreContext { setting.context }
    private var body: Rect { setting.body }

    var location: String? { setting.shop.title }
    var filterText: String? { list.filterText }
    var isEditingFilter: Bool { list.focus == .filter }

    var keyContext: AppKeyBindings.Context {
        let billing = list.focus == .list ? selectedProduct.flatMap { context.isOwned($0) ? nil : list.otherBillingPlan(of: $0) } : nil
        return setting.keyContext(buttons: buttons, focus: list.focus, selected: enterOnSelectedRow, otherBillingPlan: billing)
    }

    /// The product of the selected row, when it is one.
    private var selectedProduct: Product? {
        content.rows.indices.contains(list.selectedIndex) ? content.rows[list.selectedIndex].product : nil
    }

    /// What Enter does on the selected row.
    private var enterOnSelectedRow: AppKeyBindings.ShopEnter {
        guard content.rows.indices.contains(list.selectedIndex) else { return .nothing }
        return switch content.rows[list.selectedIndex] {
        case .product(let product): setting.enter(on: product)
        case .loading, .failed: .loading
        case .unavailable: .unavailable
        }
    }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        let layout = view.layout(in: body, content: content, context: context)
        if let delta = action.rowDelta(pageSize: layout.visibleRowCount) {
            list.focus = .list
            list.select(list.selectedIndex + delta, in: content, layout: layout)
            return nil
        }
        switch action {
        case .focusList:
            list.focus.returnToList()
            return nil
        case .activate:
            if case .button(let role) = list.focus {
                return buttons.first { $0.role == role }.map(ScreenRequest.press)
            }
            guard content.rows.indices.contains(list.selectedIndex), let product = content.rows[list.selectedIndex].product else { return nil }
            return .buy(product)
        case .switchBillingPlan:
            guard list.focus == .list, let product = selectedProduct, !context.isOwned(product),
                  let other = list.otherBillingPlan(of: product) else { return nil }
            list.billingPlans[product.id] = other
            return nil
        case .cycleFocus(let backwards):
            list.focus = .next(after: list.focus, roles: buttons.map(\.role), backwards: backwards)
            return nil
        case .chooseButton(let delta):
            list.focus = list.focus.choosingButton(by: delta, roles: buttons.map(\.role))
            return nil
        case .tap(.row(let index)):
            if index == list.selectedIndex && list.focus == .list { return update(.activate) }
            return update(.move(by: index - list.selectedIndex))
        case .tap(.button(let button)):
            return list.focus.press(button)
        default:
            list.applyFilter(action)
            return nil
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        view.hitTest(x: x, y: y, content: content, state: list, context: context, in: body).map(ScreenAction.tap)
    }

    func render(into buffer: inout Buffer) -> Position? {
        view.render(content, state: list, context: context, in: body, into: &buffer)
        return view.cursorPosition(content: content, state: list, context: context, in: body)
    }

}

extension ProductListScreen {
    var selection: StoreListState { list }

    init(setting: ShopSetting, view: StoreView, selection: StoreListState?, shown: ShopScreenState<StoreListState, StoreViewContent>.Shown) {
        self.init(setting: setting, view: view, list: selection ?? StoreListState(), content: shown.content, source: shown.source)
    }

    static func filter(of list: StoreListState?) -> String? { list?.filterText }

    /// The rows of `shop` now: its load (or a large list's first page), in its order,
    /// filtered, with the win-back offers the customer can take.
    static func content(of shop: StoreLayout.Shop, view: StoreView, filter: String?, in state: AppState) -> StoreViewContent {
        if let page = state.firstPage(of: shop) {
            return view.content(firstPage: page.products, unavailable: page.unavailable, filter: filter, language: state.language)
                .offering(for: state.store.owned)
        }
        return view.content(for: state.products(of: shop), filter: filter, language: state.language).offering(for: state.store.owned)
    }
}

extension AppState {
    /// The rows a product-list shop shows now: its load, in its order, filtered; nil for
    /// a shop drawn as a picker.
    public func storeContent(for shop: StoreLayout.Shop) -> StoreViewContent? {
        guard case .store(let view)? = views[shop.id] else { return nil }
        return storeContent(for: shop, view: view)
    }

    func storeContent(for shop: StoreLayout.Shop, view: StoreView) -> StoreViewContent {
        ProductListScreen.shown(of: shop, view: view, kept: screenStates[.shop(shop.id)], in: self).content
    }

    /// What the customer chose in a product-list shop: how to pay each plan, among the rest.
    func storeListState(for shop: StoreLayout.Shop) -> StoreListState {
        screenStates[.shop(shop.id), as: ProductListScreen.State.self]?.selection ?? StoreListState()
    }
}
