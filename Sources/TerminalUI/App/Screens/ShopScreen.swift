import StorefrontModel

/// A shop's screen, whichever kind of view draws it: made around the selection and the
/// content it kept in `ScreenStates`, its content worked out again only when what it is
/// made from has changed.
protocol ShopScreen: AppScreen {
    associatedtype View
    associatedtype Selection: Sendable
    associatedtype Content: Sendable

    var setting: ShopSetting { get }
    /// The customer's selection, scroll and focus on the screen.
    var selection: Selection { get }
    /// What the screen shows now.
    var content: Content { get }
    /// What `content` was made from.
    var source: ShopContentSource { get }

    /// The screen around a selection (nil: none kept yet) and content.
    init(setting: ShopSetting, view: View, selection: Selection?, shown: ShopScreenState<Selection, Content>.Shown)
    /// The filter typed into `selection`'s filter line, when the screen has one.
    static func filter(of selection: Selection?) -> String?
    /// What `shop` shows through `view` now, filtered by `filter`.
    static func content(of shop: StoreLayout.Shop, view: View, filter: String?, in state: AppState) -> Content
}

extension ShopScreen {
    typealias State = ShopScreenState<Selection, Content>

    /// The screen of `setting.shop`, with what it kept.
    init(_ setting: ShopSetting, view: View, in state: AppState) {
        let kept = state.screenStates[.shop(setting.shop.id), as: State.self]
        self.init(setting: setting, view: view, selection: kept?.selection, shown: Self.shown(of: setting.shop, view: view, kept: kept, in: state))
    }

    /// What `shop` shows now: what was kept, when nothing it is made from has changed.
    static func shown(of shop: StoreLayout.Shop, view: View, kept: State?, in state: AppState) -> State.Shown {
        let filter = Self.filter(of: kept?.selection)
        let source = ShopContentSource(shop: shop, filter: filter, in: state)
        if let shown = kept?.shown, shown.source == source { return shown }
        return State.Shown(source: source, content: content(of: shop, view: view, filter: filter, in: state))
    }

    func effects(after news: ScreenNews) -> [AppEffect] {
        setting.effects(after: news)
    }

    func save(into state: inout AppState) {
        state.screenStates[.shop(setting.shop.id)] = State(selection: selection, shown: State.Shown(source: source, content: content))
    }
}
