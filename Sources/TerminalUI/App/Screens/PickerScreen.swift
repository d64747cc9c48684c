import StorefrontModel

/// A shop drawn as a `SubscriptionStoreView`: its plans, the chosen one, Subscribe and
/// its store buttons.
struct PickerScreen: AppScreen {
    let shop: StoreLayout.Shop
    let view: SubscriptionStoreView
    var picker: SubscriptionStoreState
    /// The plans it shows now, with the customer's standing.
    let content: SubscriptionStoreContent
    /// Whether its plans or the customer's standing could not be read (r retries).
    let loadFailed: Bool
    let appLayout: AppLayout
    let context: StoreContext

    private var buttons: [StoreButton] { view.storeButtons(context: context) }

    var location: String? { shop.title }
    var filterText: String? { nil }
    var isEditingFilter: Bool { false }

    var keyContext: AppKeyBindings.Context {
        let buttonFocused = if case .button = picker.focus { true } else { false }
        return .shop(kind: shop.kind, loadFailed: loadFailed, hasButtons: !buttons.isEmpty, buttonFocused: buttonFocused)
    }

    mutating func update(_ action: ScreenAction) -> ScreenRequest? {
        // One plan per step, pages included: the plans are few, and each can take several rows.
        if let delta = action.rowDelta(pageSize: 1) {
            picker.focus = .list
            picker.selectedID = content.selection(movedBy: delta, from: content.selection(for: picker))
            return nil
        }
        switch action {
        case .activate:
            return activate()
        case .cycleFocus(let backwards):
            picker.focus = .next(after: picker.focus, roles: buttons.map(\.role), backwards: backwards)
            return nil
        case .tap(.row(let index)):
            guard content.options.indices.contains(index) else { return nil }
            let id = content.options[index].id
            if id == content.selection(for: picker) && picker.focus == .list { return activate() }
            picker.selectedID = id
            picker.focus = .list
            return nil
        case .tap(.button(let button)):
            picker.focus = .button(button.role)
            return .press(button)
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
        guard let chosen = content.selection(for: picker),
              let option = content.options.first(where: { $0.id == chosen }), option.isPurchasable
        else { return nil }
        if context.awaitingApproval.contains(option.id) {
            return .show(.waitingForApproval(for: option.product))
        }
        return .buy(option.product)
    }

    func hitTest(x: Int, y: Int) -> ScreenAction? {
        view.hitTest(x: x, y: y, content: content, state: picker, context: context, in: appLayout.body).map(ScreenAction.tap)
    }

    func render(into buffer: inout Buffer) -> Position? {
        view.render(content, state: picker, context: context, in: appLayout.body, into: &buffer)
        return view.cursorPosition(content: content, state: picker, context: context, in: appLayout.body)
    }

    func save(into state: inout AppState) {
        state.pickers[shop.id] = picker
    }
}
