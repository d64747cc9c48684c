import StorefrontModel

/// A shop drawn as a `StoreView`: its products, a filter line and its store buttons.
struct ProductListScreen: AppScreen {
    let shop: StoreLayout.Shop
    let view: StoreView
    var list: StoreListState
    /// The rows it shows now.
    let content: StoreViewContent
    /// Whether its products could not be loaded (r retries).
    let loadFailed: Bool
    let appLayout: AppLayout
    let context: StoreContext

    private var buttons: [StoreButton] { view.storeButtons(context: context) }

    var location: String? { shop.title }
    var filterText: String? { list.filterText }
    var isEditingFilter: Bool { list.focus == .filter }

    var keyContext: AppKeyBindings.Context {
        let buttonFocused = if case .button = list.focus { true } else { false }
        return .shop(kind: shop.kind, loadFailed: loadFailed, hasButtons: !buttons.isEmpty, buttonFocused: buttonFocused)
    }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        let layout = view.layout(in: appLayout.body, content: content, context: context)
        if let delta = action.rowDelta(pageSize: layout.visibleRowCount) {
            list.focus = .list
            list.select(list.selectedIndex + delta, in: content, layout: layout)
            return nil
        }
        switch action {
        case .activate:
            if case .button(let role) = list.focus {
                return buttons.first { $0.role == role }.map(ScreenRequest.press)
            }
            guard content.rows.indices.contains(list.selectedIndex), let product = content.rows[list.selectedIndex].product else { return nil }
            return .buy(product)
        case .cycleFocus(let backwards):
            list.focus = .next(after: list.focus, roles: buttons.map(\.role), backwards: backwards)
            return nil
        case .tap(.row(let index)):
            if index == list.selectedIndex && list.focus == .list { return update(.activate) }
            return update(.move(by: index - list.selectedIndex))
        case .tap(.button(let button)):
            list.focus = .button(button.role)
            return .press(button)
        default:
            list.applyFilter(action)
            return nil
        }
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        view.hitTest(x: x, y: y, content: content, state: list, context: context, in: appLayout.body).map(ScreenAction.tap)
    }

    func render(into buffer: inout Buffer) -> Position? {
        view.render(content, state: list, context: context, in: appLayout.body, into: &buffer)
        return view.cursorPosition(content: content, state: list, context: context, in: appLayout.body)
    }

    func save(into state: inout AppState) {
        state.shopLists[shop.id] = list
    }
}
