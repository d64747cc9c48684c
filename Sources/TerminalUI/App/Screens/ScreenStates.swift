import StorefrontModel

/// The state each screen keeps while the customer is elsewhere, in one collection keyed
/// by screen: a screen's feature type reads and writes its own entry (its selection, its
/// filter, what it shows), and the app holds the collection without knowing what is in it.
///
/// ```swift
/// var states = ScreenStates()
/// states[.storeList] = StoreListState(selectedIndex: 2)
/// let list: StoreListState? = states[.storeList]
/// ```
struct ScreenStates: Sendable {
    private var states: [AppState.Screen: any Sendable] = [:]

    /// The state `screen` keeps, as its feature's type; nil until the screen first saves one.
    subscript<State: Sendable>(_ screen: AppState.Screen, as type: State.Type = State.self) -> State? {
        get { states[screen] as? State }
        set { states[screen] = newValue }
    }
}

/// What a shop's screen keeps: the customer's selection, and what the shop shows with what
/// that was made from, so it is worked out again only when one of those changes and a
/// frame costs only the rows it shows, however many products there are.
struct ShopScreenState<Selection: Sendable, Content: Sendable>: Sendable {
    var selection: Selection
    var shown: Shown?

    struct Shown: Sendable {
        let source: ShopContentSource
        let content: Content
    }
}

/// Everything of the store a shop's content is made from.
struct ShopContentSource: Sendable, Equatable {
    let filter: String?
    let products: Product.CollectionTaskState
    let firstPage: Product.CollectionTaskState?
    let entitlements: EntitlementTaskState<CustomerEntitlements>
    let unreadable: Bool

    init(shop: StoreLayout.Shop, filter: String?, in state: AppState) {
        self.filter = filter
        products = state.products(of: shop)
        firstPage = state.store.products[AppState.firstPageSlot(of: shop)]
        entitlements = state.store.entitlements
        unreadable = state.store.entitlementsError != nil
    }
}
