import StorefrontModel

/// One screen of the app as a feature, the way a Composable Architecture child feature
/// or a nested Bubble Tea model is one: its key table, what its actions do to its own
/// state, what it asks of the store when the store's news reaches it, how it draws, and
/// what a click on it means.
///
/// Each screen keeps its own state in the app's `ScreenStates` (a `StoreListState`, a
/// shop's selection and content) and is made around it, with what it may read, once per
/// key or frame (`AppState.currentScreen`, where the screens are listed; a shop's screen
/// is made by its `ShopView`). Whatever reaches beyond the screen (opening a shop, buying,
/// pressing a store button) goes back to the app as a `ScreenRequest`.
///
/// ```swift
/// var screen = state.currentScreen
/// let request = screen.update(.move(by: 1))  // nil: the selection moved
/// screen.save(into: &state)
/// ```
protocol AppScreen {
    /// The breadcrumb after the app's title; nil on the first screen.
    var location: String? { get }
    /// The key table in force while nothing is over the screen.
    var keyContext: AppKeyBindings.Context { get }
    /// The filter typed on this screen, when it has one.
    var filterText: String? { get }
    /// Whether keys are being typed into the screen's filter line.
    var isEditingFilter: Bool { get }

    /// Applies an action to the screen's state; asks the app for anything beyond it.
    mutating func update(_ action: ScreenAction) -> ScreenRequest?
    /// What the screen on show asks of the store after `news` (none by default).
    func effects(after news: ScreenNews) -> [AppEffect]
    /// What a click at (`x`, `y`) means on this screen, if anything.
    func hitTest(x: Int, y: Int) -> ScreenAction?
    /// Draws the body of the screen; returns where the cursor goes.
    func render(into buffer: inout Buffer) -> Position?
    /// Writes the screen's state back into the app's.
    func save(into state: inout AppState)
}

extension AppScreen {
    func effects(after news: ScreenNews) -> [AppEffect] { [] }
}

/// The store's news, as it reaches the screen on show.
enum ScreenNews: Sendable {
    /// The customer just opened the screen.
    case opened
    /// The store reported new data; `previous` is what it reported before.
    case storeChanged(from: StoreData, to: StoreData)
    /// A purchase, a restore or an offer code ended: what the customer owns may have changed.
    case transactionEnded
}

/// What a screen's keys and clicks ask of it.
enum ScreenAction: Sendable, Hashable {
    /// Rows (or plans) up or down: -1 is up.
    case move(by: Int)
    /// Screenfuls up or down: -1 is up.
    case page(by: Int)
    case toStart
    case toEnd
    /// Enter: open, buy, subscribe, or press the focused button.
    case activate
    case cycleFocus(backwards: Bool)
    /// ← / → in the button row: the next button that way, stopping at the ends.
    case chooseButton(by: Int)
    /// A click on a part of the screen.
    case tap(StoreHit)
    /// `/`: opens the filter line (keeping any filter already typed).
    case startFilter
    /// Leaves the filter line, keeping the filter or clearing it.
    case finishFilter(clear: Bool)
    /// Text typed into the filter line.
    case typeFilter(String)
    /// Backspace in the filter line.
    case eraseFilter
    /// The last sheet or alert over the screen closed: a focused button gives the focus
    /// back to the list.
    case focusList
    /// d on an offer: its details.
    case showDetails
    /// ← / → between a picker's option groups.
    case chooseGroup(by: Int)
    /// b: the chosen plan paid by its other billing plan (up front or monthly).
    case switchBillingPlan
    /// Esc on a screen that goes back by itself (the transaction manager: its sheet, then
    /// the screen it was opened from).
    case goBack
    /// f on Your Purchases: a refund of the selected purchase.
    case requestRefund
}

extension ScreenAction {
    /// How far a move, page or jump goes, given how many rows a page shows: the rows
    /// (or plans) to move by; nil for other actions.
    func rowDelta(pageSize: Int) -> Int? {
        let page = max(1, pageSize - 1)
        return switch self {
        case .move(let delta): delta
        case .page(let pages): pages * page
        case .toStart: Int.min / 2
        case .toEnd: Int.max / 2
        default: nil
        }
    }
}

/// What a screen asks of the app: things beyond its own state.
enum ScreenRequest: Sendable, Hashable {
    /// Open a shop or Your Purchases.
    case open(StoreListItem)
    /// Buy a product of the shop on screen.
    case buy(Product)
    /// Do what a store button does.
    case press(StoreButton)
    /// Show an alert (say, why a plan cannot be bought now).
    case show(Alert)
    /// Run the detail action of the shop's view.
    case runDetailAction
    /// Do an operator's action through the transaction manager.
    case manage(TransactionManagerAction, ManagedItem)
    /// Leave the transaction manager for the screen it was opened from.
    case leaveTransactionManager(to: AppState.Screen)
    /// Open the refund sheet for a purchase the customer may ask a refund of.
    case requestRefund(Transaction)
}

extension StoreListState {
    /// What a filter action does to a list with a filter line. Typing or clearing starts
    /// the list again from the top, so the first match is selected.
    mutating func applyFilter(_ action: ScreenAction) {
        switch action {
        case .startFilter:
            filterText = filterText ?? ""
            focus = .filter
        case .finishFilter(let clear):
            if clear || filterText?.isEmpty == true { filterText = nil }
            focus = .list
            selectedIndex = 0
            scrollOffset = 0
        case .typeFilter(let text):
            filterText = (filterText ?? "") + text
            selectedIndex = 0
            scrollOffset = 0
        case .eraseFilter:
            if filterText?.isEmpty == false { filterText?.removeLast() }
        default:
            break
        }
    }

    /// Selects line `index` of one of the app's own one-line lists (clamped to the `count`
    /// lines there are), scrolling just enough to show it.
    mutating func selectLine(_ index: Int, count: Int, visibleLines: Int) {
        selectedIndex = min(max(0, index), max(0, count - 1))
        scrollOffset = StoreViewLayout.scrollOffset(
            revealing: selectedIndex, from: scrollOffset, visibleRowCount: visibleLines, rowCount: count
        )
    }
}

extension StoreFocus {
    /// `.focusList`: from a button back to the list; the filter line keeps the focus.
    mutating func returnToList() {
        if case .button = self { self = .list }
    }

    /// A click on a store button: it takes the focus, and the app presses it.
    mutating func press(_ button: StoreButton) -> ScreenRequest {
        self = .button(button.role)
        return .press(button)
    }

    /// Tab: from the list to each button in turn and back to the list.
    static func next(after focus: StoreFocus, roles: [StoreButton.Role], backwards: Bool) -> StoreFocus {
        let stops: [StoreFocus] = [.list] + roles.map(StoreFocus.button)
        let current = stops.firstIndex(of: focus) ?? 0
        let next = (current + (backwards ? stops.count - 1 : 1)) % stops.count
        return stops[next]
    }

    /// ← / → on a focused button: the button `delta` places away, stopping at the ends;
    /// the list keeps its focus (there ← → mean something else).
    func choosingButton(by delta: Int, roles: [StoreButton.Role]) -> StoreFocus {
        guard case .button(let role) = self, let index = roles.firstIndex(of: role) else { return self }
        return .button(roles[min(max(0, index + delta), roles.count - 1)])
    }
}

/// What a shop's screen is drawn in and with, whichever view draws it.
struct ShopSetting {
    let shop: StoreLayout.Shop
    /// Whether its products, or the customer's standing, could not be read (r retries).
    let loadFailed: Bool
    let appLayout: AppLayout
    let context: StoreContext

    /// Where the shop's view goes: the screen between the title bar and the help bar.
    var body: Rect { appLayout.body }

    /// The shop's key table: Enter presses a focused button, else does what `selected`
    /// (the selected product, nil for none) allows now; tab reaches the buttons.
    func keyContext(
        buttons: [StoreButton], focus: StoreFocus, selected: AppKeyBindings.ShopEnter, hasGroups: Bool = false,
        otherBillingPlan: Product.SubscriptionInfo.BillingPlanType? = nil
    ) -> AppKeyBindings.Context {
        let enter: AppKeyBindings.ShopEnter = if case .button = focus { .press } else { selected }
        return .shop(kind: shop.kind, loadFailed: loadFailed, hasButtons: !buttons.isEmpty, enter: enter, hasGroups: hasGroups, otherBillingPlan: otherBillingPlan)
    }

    /// What a shop's screen asks of the store: a picker (or an offer) shows the customer's plan, so it
    /// reads their standing when it opens (renewals or approvals recorded since, by another
    /// process on the same ledger, say, should show too) and when its plans first load.
    func effects(after news: ScreenNews) -> [AppEffect] {
        guard shop.kind != .store else { return [] }
        switch news {
        case .opened:
            return [.refreshEntitlements]
        case .storeChanged(let previous, let data):
            guard case .success? = data.products[shop.slot], !AppState.isLoaded(previous.products[shop.slot]) else { return [] }
            return [.refreshEntitlements]
        case .transactionEnded:
            return []
        }
    }

    /// What Enter does to `product` now: buys it, or nothing, and why.
    func enter(on product: Product) -> AppKeyBindings.ShopEnter {
        if context.pendingProductID != nil { return .purchasing }
        if context.awaitingApproval.contains(product.id) { return .waiting }
        return context.isOwned(product) ? .owned : .buy
    }
}
