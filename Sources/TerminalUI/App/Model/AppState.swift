import Foundation
import StorefrontModel

/// Everything the storefront app shows, as one value: the screen, the selection and
/// scroll of each screen, the overlays, and what it knows about the store.
///
/// It changes only through `update(_:)`, which is pure: a message in, a new state and
/// the effects to run out. Drawing it is pure too (`AppFrame(state:)`).
///
/// ```swift
/// var state = AppState(layout: layout, size: TerminalSize(width: 80, height: 24))
/// _ = state.update(.key(.down))
/// let effects = state.update(.key(.enter))  // opens the second shop: [.loadProducts(…)]
/// state.screen                              // .shop("food")
/// ```
///
/// Each screen is a feature of its own (`AppScreen`: its state, update, drawing and
/// hit-test); the app keeps their states, routes keys to the screen on show or to the
/// overlays over it, and does what reaches beyond one screen: opening, buying, restoring.
public struct AppState: Sendable {
    /// The screens, from the store list down.
    public enum Screen: Sendable, Hashable {
        /// The shops of the layout, then Purchases.
        case storeList
        /// A product list or a subscription picker.
        case shop(StoreLayout.Shop.ID)
        /// What the customer owns and has bought.
        case purchases
        /// The operator's transaction manager (`AppOptions.transactionManager`).
        case transactionManager
    }

    public let layout: StoreLayout
    public let options: AppOptions
    /// The view each shop is drawn with.
    public let views: [StoreLayout.Shop.ID: ShopView]
    /// The screen's size, never more than `TerminalSize.largest`: a frame holds a cell for each.
    public var size: TerminalSize {
        didSet { if size != size.bounded { size = size.bounded } }
    }
    public var screen: Screen = .storeList

    /// What each screen keeps: its selection, scroll, filter and focus, and what a shop shows.
    var screenStates = ScreenStates()

    /// The sheets, alerts and help drawn over the screen.
    public var overlays = Overlays()
    /// The App Store's messages waiting to show, or deferred by the app.
    var storeMessages = StoreMessageQueue()

    /// What the store reported last.
    public var store = StoreData()
    /// Every transaction, for the Purchases screen.
    public var history: HistoryState = .loading
    /// The purchases the customer asked a refund of, marked so in the history.
    public var refundRequested: Set<Transaction.ID> = []
    /// Time since the app started, for spinners.
    public var elapsed: Duration = .zero
    /// The wall-clock date, for "renews on" lines.
    public var now: Date

    /// The product chosen for purchase, from the key press until the purchase ends, so a
    /// second press cannot start another before the store marks this one pending.
    public var requestedPurchase: Product.ID?
    public var isRestoring = false
    public var hasQuit = false

    /// A state on the store list, before anything has loaded.
    public init(layout: StoreLayout, size: TerminalSize, options: AppOptions = AppOptions(), now: Date = Date(timeIntervalSince1970: 0)) {
        self.layout = layout
        self.options = options
        self.size = size.bounded
        self.now = now
        views = Dictionary(layout.shops.map { ($0.id, options.shopViews[$0.id] ?? ShopView($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The shop on screen, if a shop is.
    public var currentShop: StoreLayout.Shop? {
        guard case .shop(let id) = screen else { return nil }
        return layout.shop(id: id)
    }

    /// What the widgets need to know about the customer and the moment.
    public var storeContext: StoreContext {
        var context = StoreContext(
            pendingProductID: store.pendingProductID ?? requestedPurchase,
            awaitingApproval: store.awaitingApproval,
            purchasedProductIDs: store.owned?.purchasedProductIDs ?? [],
            includedProductIDs: includedProductIDs,
            consumableCounts: store.owned?.consumableCounts ?? [:],
            elapsed: elapsed,
            now: now,
            timeZone: options.timeZone,
            options: options.render,
            policies: options.policies,
            account: options.account
        )
        context.isWaitingForCustomer = overlays.confirmation != nil
        return context
    }

    /// Products a named entitlement of the layout gives the customer for having first got
    /// an app version from before it became a purchase (paid to freemium).
    var includedProductIDs: Set<Product.ID> {
        guard let version = store.originalAppVersion else { return [] }
        return layout.entitlements.reduce(into: []) { included, entitlement in
            if entitlement.isActive(purchasedProductIDs: [], originalAppVersion: version) {
                included.formUnion(entitlement.productIDs)
            }
        }
    }

    /// Whether a purchase is on its way, from the key press to the result.
    public var isPurchasing: Bool {
        requestedPurchase != nil || store.pendingProductID != nil
    }

    /// The products of `shop` as loaded so far: `.loading` until the whole shop answers,
    /// unless its first page (see `firstPage(of:)`) failed to load.
    public func products(of shop: StoreLayout.Shop) -> Product.CollectionTaskState {
        if let loaded = store.products[shop.slot] { return loaded }
        if case .failure(let error)? = store.products[Self.firstPageSlot(of: shop)] { return .failure(error) }
        return .loading
    }

    /// A large list's first page, once it has loaded and while the rest still loads.
    public func firstPage(of shop: StoreLayout.Shop) -> (products: [Product], unavailable: [Product.ID])? {
        switch store.products[shop.slot] {
        case nil, .loading?: break
        default: return nil
        }
        guard case .success(let products, let unavailable)? = store.products[Self.firstPageSlot(of: shop)] else { return nil }
        return (products, unavailable)
    }

    /// The alerts waiting to show, the first on screen.
    public var alerts: [Alert] { overlays.alerts }
    /// The purchase waiting on the confirmation sheet.
    public var confirmation: Confirmation? { overlays.confirmation }
    /// "Quit anyway?", while asked.
    public var quitQuestion: Question? { overlays.quitQuestion }
    public var isShowingHelp: Bool { overlays.isShowingHelp }

    /// Selection, scroll and filter of the store list.
    public var storeList: StoreListState {
        get { screenStates[.storeList] ?? StoreListState() }
        set { screenStates[.storeList] = newValue }
    }

    /// Selection, scroll, filter and focus of the Purchases screen.
    public var purchasesList: StoreListState {
        get { screenStates[.purchases] ?? StoreListState() }
        set { screenStates[.purchases] = newValue }
    }

    /// Selection, scroll, filter and focus of each product list the customer has opened.
    public var shopLists: [StoreLayout.Shop.ID: StoreListState] {
        get { selections(as: ProductListScreen.State.self) }
        set { setSelections(newValue, as: ProductListScreen.State.self) }
    }

    /// Chosen plan and focus of each subscription picker the customer has opened.
    public var pickers: [StoreLayout.Shop.ID: SubscriptionStoreState] {
        get { selections(as: PickerScreen.State.self) }
        set { setSelections(newValue, as: PickerScreen.State.self) }
    }

    private func selections<Selection, Content>(as type: ShopScreenState<Selection, Content>.Type) -> [StoreLayout.Shop.ID: Selection] {
        layout.shops.reduce(into: [:]) { selections, shop in
            selections[shop.id] = screenStates[.shop(shop.id), as: type]?.selection
        }
    }

    private mutating func setSelections<Selection, Content>(_ selections: [StoreLayout.Shop.ID: Selection], as type: ShopScreenState<Selection, Content>.Type) {
        for (id, selection) in selections {
            var kept = screenStates[.shop(id), as: type] ?? ShopScreenState(selection: selection)
            kept.selection = selection
            screenStates[.shop(id)] = kept
        }
    }

    /// The language of the interface.
    var language: InterfaceLanguage { options.render.language }

    /// The locale dates are written in: the interface's language, as the storefront writes
    /// it when it speaks that language (see `InterfaceLanguage.locale(in:)`).
    var dateLocale: Locale {
        let storefront = store.products.values.lazy.compactMap { load -> Locale? in
            if case .success(let products, _) = load { products.first?.priceFormatStyle.locale } else { nil }
        }.first
        return storefront.map(language.locale(in:)) ?? language.locale
    }

    /// A product's name for messages: its display name once loaded, else its ID.
    func name(of productID: Product.ID) -> String {
        store.product(productID)?.displayName ?? productID
    }
}

/// A purchase request and the sheet that asks the customer about it.
///
/// ```swift
/// if let confirmation = state.confirmation {
///     print(confirmation.sheet.confirmTitle, confirmation.request.product.displayPrice)  // "Buy $0.99"
/// }
/// ```
public struct Confirmation: Sendable, Hashable {
    public let request: PurchaseRequest
    public var sheet: ConfirmationSheet

    public init(request: PurchaseRequest, sheet: ConfirmationSheet) {
        self.request = request
        self.sheet = sheet
    }
}

/// Where loading the purchase history stands.
///
/// ```swift
/// if case .loaded(let transactions) = state.history {
///     print(transactions.count, "transactions")
/// }
/// ```
public enum HistoryState: Sendable {
    case loading
    case failure(String)
    /// Every transaction, newest first.
    case loaded([VerificationResult<Transaction>])
}
