import Foundation
import StorefrontModel
import Testing
@testable import TerminalUI

/// `AppState.update(_:)` on its own: messages in, state and effects out, no store.
@Suite("App update")
struct UpdateTests {
    static let tips = StoreLayout.Shop(
        id: "tips", title: "Tip Jar", kind: .store,
        productIDs: [Fixtures.smallTip.id, Fixtures.mediumTip.id, Fixtures.largeTip.id], buttons: [.restorePurchases]
    )
    static let shop = StoreLayout.Shop(id: "shop", title: "Shop", kind: .store, productIDs: Fixtures.shop.map(\.id))
    static let pass = StoreLayout.Shop(
        id: "pass", title: "Backyard Birds Pass", kind: .subscriptions,
        productIDs: Fixtures.plans.map(\.id), groupID: Fixtures.groupID
    )
    static let layout = StoreLayout(title: "Birds", shops: [tips, shop, pass])

    /// A state on the store list with every shop loaded and nothing owned.
    func loadedState(owned: [Transaction] = [], awaiting: Set<Product.ID> = []) -> AppState {
        var state = AppState(layout: Self.layout, size: TerminalSize(width: 80, height: 24))
        state.update(.storeChanged(data(owned: owned, awaiting: awaiting)))
        return state
    }

    func data(
        owned: [Transaction] = [], awaiting: Set<Product.ID> = [], approvals: [Product.ID: Int] = [:], pending: Product.ID? = nil
    ) -> StoreData {
        StoreData(
            products: [
                Self.tips.slot: .success([Fixtures.smallTip, Fixtures.mediumTip, Fixtures.largeTip], unavailable: []),
                Self.shop.slot: .success(Fixtures.shop, unavailable: []),
                Self.pass.slot: .success(Fixtures.plans, unavailable: []),
            ],
            pendingProductID: pending,
            awaitingApproval: awaiting,
            askToBuyApprovals: approvals,
            entitlements: .success(CustomerEntitlements(transactions: owned.map { .verified($0) }, statuses: [], now: Fixtures.now))
        )
    }

    func purchase(of product: Product) -> Transaction {
        Transaction(id: 1, originalID: 1, productID: product.id, productType: product.type, purchaseDate: Fixtures.now)
    }

    @discardableResult
    func press(_ keys: Key..., in state: inout AppState) -> [AppEffect] {
        keys.flatMap { state.update(.key($0)) }
    }

    // MARK: Navigation

    @Test("↑↓ and k j move on the store list, stopping at the ends")
    func storeListMoves() {
        var state = loadedState()
        press(.down, .char("j"), in: &state)
        #expect(state.storeList.selectedIndex == 2)
        press(.down, .down, .down, in: &state)
        #expect(state.storeList.selectedIndex == 3)  // three shops, then Your Purchases
        press(.char("k"), .up, .up, .up, .up, in: &state)
        #expect(state.storeList.selectedIndex == 0)
    }

    @Test("Enter opens a shop and loads its products into the shop's slot")
    func openShop() {
        var state = loadedState()
        let effects = press(.down, .enter, in: &state)
        #expect(state.screen == .shop("shop"))
        #expect(effects == [.loadProducts(Fixtures.shop.map(\.id), slot: Self.shop.slot)])
    }

    @Test("Your Purchases loads the history and the names of every layout product")
    func openPurchases() {
        var state = loadedState()
        let effects = press(.end, .enter, in: &state)
        #expect(state.screen == .purchases)
        #expect(effects == [
            .loadHistory, .refreshEntitlements, .loadProducts(Self.layout.shops.flatMap(\.productIDs), slot: AppState.purchasesSlot), .loadRefundRequests,
        ])
    }

    @Test("Esc goes back to the store list and the shop keeps its selection")
    func backKeepsSelection() {
        var state = loadedState()
        press(.enter, .down, .down, .esc, in: &state)
        #expect(state.screen == .storeList)
        press(.enter, in: &state)
        #expect(state.shopLists["tips"]?.selectedIndex == 2)
    }

    // MARK: Buying

    @Test("Enter on a product asks for its purchase, in the shop it was chosen in")
    func buy() {
        var state = loadedState()
        let effects = press(.enter, .down, .enter, in: &state)
        #expect(effects.last == .purchase(Fixtures.mediumTip, shop: "tips"))
        #expect(state.requestedPurchase == Fixtures.mediumTip.id)
    }

    @Test("One purchase at a time: while one is on its way no row buys, whichever is selected")
    func oneAtATime() {
        var state = loadedState()
        press(.enter, .enter, in: &state)
        #expect(press(.enter, in: &state).isEmpty)
        #expect(press(.down, .enter, in: &state).isEmpty)
        // Once the store reports it pending, still nothing else can be bought.
        state.update(.storeChanged(data(pending: Fixtures.smallTip.id)))
        #expect(press(.down, .enter, in: &state).isEmpty)
    }

    @Test("An owned non-consumable and a purchase awaiting approval cannot be bought")
    func notBuyable() {
        var state = loadedState(owned: [purchase(of: Fixtures.pro)], awaiting: [Fixtures.pellets.id])
        press(.down, .enter, in: &state)  // Shop: pro is the first row
        #expect(press(.enter, in: &state).isEmpty)
        press(.down, .down, in: &state)   // pellets
        #expect(press(.enter, in: &state).isEmpty)
        #expect(press(.up, .enter, in: &state) == [.purchase(Fixtures.feeder, shop: "shop")])
    }

    @Test("A failed load turns r into retry; otherwise r restores, but not during a purchase")
    func retryOrRestore() {
        var state = AppState(layout: Self.layout, size: TerminalSize(width: 80, height: 24))
        var failed = data()
        failed.products[Self.tips.slot] = .failure(NetworkDown())
        state.update(.storeChanged(failed))
        press(.enter, in: &state)
        guard case .shop(.store, loadFailed: true, _, _, _, _) = state.keyContext else {
            Issue.record("a failed load's shop: \(state.keyContext)")
            return
        }
        #expect(press(.char("r"), in: &state) == [.loadProducts(Self.tips.productIDs, slot: Self.tips.slot)])

        state = loadedState()
        #expect(press(.char("r"), in: &state) == [.restore])
        #expect(press(.char("r"), in: &state).isEmpty)  // already restoring
        state.update(.restoreFinished(.success(CustomerEntitlements(transactions: [], statuses: [], now: Fixtures.now))))
        press(.enter, .enter, in: &state)                 // dismiss the alert, then buy a tip
        #expect(state.alerts.isEmpty)
        press(.enter, in: &state)
        #expect(press(.char("r"), in: &state).isEmpty)
    }

    // MARK: The confirmation sheet

    func requestSheet(_ state: inout AppState, for product: Product = Fixtures.smallTip, shop: String = "tips") -> PurchaseRequest {
        let request = PurchaseRequest(id: 7, product: product, options: [], shopID: shop)
        state.update(.confirmationRequested(request))
        return request
    }

    @Test("y and Enter confirm; n and Esc cancel; tab moves Enter to Cancel")
    func sheetAnswers() {
        var state = loadedState()
        for (keys, confirmed) in [([Key.char("y")], true), ([.enter], true), ([.char("n")], false), ([.esc], false), ([.tab, .enter], false)] {
            _ = requestSheet(&state)
            #expect(state.keyContext == .confirmation)
            let effects = keys.flatMap { state.update(.key($0)) }
            #expect(effects == [.confirm(requestID: 7, confirmed: confirmed)])
            #expect(state.confirmation == nil)
        }
    }

    @Test("A plan's sheet says what subscribing means: a free trial for a new subscriber")
    func planSheet() {
        var state = loadedState()
        _ = requestSheet(&state, for: Fixtures.premiumMonthly, shop: "pass")
        #expect(state.confirmation?.sheet.confirmTitle == "Try It Free")
        #expect(state.confirmation?.sheet.offerTerms == "1 week free, then £9.99/month")
    }

    @Test("Quitting with the sheet open declines the purchase")
    func quitDeclines() {
        var state = loadedState()
        _ = requestSheet(&state)
        #expect(press(.ctrl("c"), in: &state) == [.confirm(requestID: 7, confirmed: false), .quit])
        #expect(state.hasQuit)
    }

    // MARK: Results and alerts

    @Test("Thanks for a consumable, a note for Ask to Buy, the error for a failure, nothing for a cancel")
    func resultAlerts() {
        var state = loadedState()
        state.update(.purchaseFinished(Fixtures.smallTip, shop: "tips", .success(.success(.verified(purchase(of: Fixtures.smallTip)))), state.store))
        state.update(.purchaseFinished(Fixtures.largeTip, shop: "tips", .success(.pending), state.store))
        state.update(.purchaseFinished(Fixtures.mediumTip, shop: "tips", .success(.userCancelled), state.store))
        state.update(.purchaseFinished(Fixtures.pro, shop: "shop", .failure(StoreFailure(NetworkDown())), state.store))
        #expect(state.alerts.map(\.title) == ["Thank you!", "Waiting for approval", "Purchase failed"])
        // They show one after another.
        press(.enter, in: &state)
        #expect(state.alerts.first?.title == "Waiting for approval")
    }

    @Test("A shop's own completion action takes over errors, as in StoreKit")
    func completionTakesOverErrors() {
        let options = AppOptions(purchaseActions: PurchaseActions().onInAppPurchaseCompletion { _, _ in })
        var state = AppState(layout: Self.layout, size: TerminalSize(width: 80, height: 24), options: options)
        state.update(.purchaseFinished(Fixtures.pro, shop: "shop", .failure(StoreFailure(NetworkDown())), state.store))
        #expect(state.alerts.isEmpty)
        state.update(.purchaseFinished(Fixtures.smallTip, shop: "tips", .success(.pending), state.store))
        #expect(state.alerts.map(\.title) == ["Waiting for approval"])
    }

    @Test("An approved consumable is Approved however the store's news arrives: the count first, the waiting after")
    func approvalInTwoSteps() {
        var state = loadedState(awaiting: [Fixtures.smallTip.id])
        var counted = data(owned: [purchase(of: Fixtures.smallTip)], awaiting: [Fixtures.smallTip.id])
        state.update(.storeChanged(counted))
        #expect(state.alerts.isEmpty)
        counted.awaitingApproval = []
        counted.askToBuyApprovals = [Fixtures.smallTip.id: 1]
        state.update(.storeChanged(counted))
        #expect(state.alerts.map(\.title) == ["Approved"])
    }

    @Test("The same store data twice changes nothing the second time")
    func storeChangeIsIdempotent() {
        var state = loadedState(awaiting: [Fixtures.largeTip.id])
        let approved = data(owned: [purchase(of: Fixtures.largeTip)], approvals: [Fixtures.largeTip.id: 1])
        #expect(state.update(.storeChanged(approved)).isEmpty)
        #expect(state.alerts.map(\.title) == ["Approved"])
        #expect(state.update(.storeChanged(approved)).isEmpty)
        #expect(state.alerts.count == 1)
    }

    @Test("A store reading that arrives after a newer one changes nothing: a shop whose products came does not go back to loading")
    func olderStoreDataArrivingLateIsIgnored() {
        var state = loadedState()
        press(.enter, in: &state)  // the tip jar
        var loaded = data()
        loaded.version = 4
        var stillLoading = data()
        stillLoading.products[Self.tips.slot] = .loading
        stillLoading.version = 3  // read when the store opened, while the tips were loading
        state.update(.storeChanged(loaded))
        state.update(.storeOpened(stillLoading))
        #expect(state.store == loaded)
        var later = stillLoading
        later.version = 5
        state.update(.storeChanged(later))
        #expect(state.store == later, "a newer reading still applies")
    }

    // MARK: Filter, help, quit

    @Test("/ opens the filter; typing narrows, backspace widens, Esc clears, Enter keeps it")
    func filter() throws {
        var state = loadedState()
        press(.down, .enter, .char("/"), .char("t"), .char("i"), .char("p"), in: &state)
        #expect(state.keyContext == .filterEntry)
        let shop = try #require(state.currentShop)
        #expect(state.storeContent(for: shop)?.products.map(\.id) == [Fixtures.smallTip.id, Fixtures.mediumTip.id, Fixtures.largeTip.id])
        press(.space, .char("l"), .char("a"), in: &state)
        #expect(state.storeContent(for: shop)?.products.map(\.id) == [Fixtures.largeTip.id])
        press(.backspace, .backspace, .backspace, .char("s"), in: &state)
        #expect(state.currentFilter == "tips")
        press(.enter, in: &state)
        #expect(state.keyContext == .shop(kind: .store, loadFailed: false, enter: .nothing))  // "tips" matches no row
        #expect(state.currentFilter == "tips")
        press(.char("/"), .esc, in: &state)
        #expect(state.currentFilter == nil)
        #expect(state.storeContent(for: shop)?.products.count == Fixtures.shop.count)
    }

    @Test("q is typed into the filter; ctrl-c still quits")
    func quitFromFilter() {
        var state = loadedState()
        press(.char("/"), .char("q"), in: &state)
        #expect(state.currentFilter == "q")
        #expect(!state.hasQuit)
        #expect(press(.ctrl("c"), in: &state) == [.quit])
    }

    @Test("? shows the help overlay over any screen; ? or Esc hides it")
    func help() {
        var state = loadedState()
        press(.enter, .char("?"), in: &state)
        #expect(state.isShowingHelp)
        guard case .shop(.store, loadFailed: false, _, _, _, _) = state.screenKeyContext else {
            Issue.record("the shop under the overlay: \(state.screenKeyContext)")
            return
        }
        press(.esc, in: &state)
        #expect(!state.isShowingHelp)
        #expect(state.screen == .shop("tips"))
    }

    @Test("Every labelled key of every table does something somewhere", arguments: [
        AppKeyBindings.Context.storeList, .shop(kind: .store, loadFailed: false), .shop(kind: .subscriptions, loadFailed: false), .purchases,
        .refundablePurchase,
    ])
    func tablesDriveDispatch(context: AppKeyBindings.Context) {
        for binding in AppKeyBindings.table(for: context) {
            for key in binding.keys {
                #expect(AppKeyBindings.table(for: context).action(for: key) == binding.action(for: key))
            }
        }
        let line = AppKeyBindings.table(for: context).helpLine(width: 200, options: RenderOptions())
        #expect(line.contains("? help"))
        #expect(line.contains("q quit"))
    }

    // MARK: Pickers, resize, clicks

    @Test("In a picker ←→ and ↑↓ choose the plan; the default is the first plan in level order")
    func pickerChoosesPlan() throws {
        var state = loadedState()
        press(.down, .down, .enter, in: &state)
        let shop = try #require(state.currentShop)
        let content = try #require(state.pickerContent(for: shop))
        #expect(content.selection(for: state.pickers["pass"] ?? SubscriptionStoreState()) == Fixtures.premiumMonthly.id)
        press(.right, .right, in: &state)
        #expect(state.pickers["pass"]?.selectedID == Fixtures.basicMonthly.id)
        press(.left, .up, in: &state)
        #expect(state.pickers["pass"]?.selectedID == Fixtures.premiumMonthly.id)
        #expect(press(.enter, in: &state) == [.purchase(Fixtures.premiumMonthly, shop: "pass")])
    }

    @Test("A picker waits for the customer's standing: no Subscribe until entitlements load, then the plans")
    func pickerWaitsForStanding() throws {
        var state = AppState(layout: Self.layout, size: TerminalSize(width: 80, height: 24))
        var loading = data()
        loading.entitlements = .loading
        state.update(.storeChanged(loading))
        press(.down, .down, .enter, in: &state)
        let shop = try #require(state.currentShop)
        guard case .loading = try #require(state.pickerContent(for: shop)).phase else {
            Issue.record("the plans showed before the standing was known")
            return
        }
        #expect(press(.enter, in: &state).isEmpty, "nothing to subscribe to yet")

        state.update(.storeChanged(data()))
        let content = try #require(state.pickerContent(for: shop))
        #expect(Set(content.options.map(\.id)) == Set(Fixtures.plans.map(\.id)))
        #expect(content.offersIntroductoryPrice, "never subscribed: the trial shows once that is known")
    }

    @Test("Tab walks the store buttons and back to the list; Enter on Restore restores")
    func tabToButtons() {
        var state = loadedState()
        press(.enter, .tab, in: &state)
        #expect(state.shopLists["tips"]?.focus == .button(.restorePurchases))
        #expect(press(.enter, in: &state) == [.restore])
        press(.tab, in: &state)
        #expect(state.shopLists["tips"]?.focus == .list)
    }

    @Test("A resize changes the size and keeps the selection")
    func resize() {
        var state = loadedState()
        press(.down, .resize(width: 40, height: 12), in: &state)
        #expect(state.size == TerminalSize(width: 40, height: 12))
        #expect(state.storeList.selectedIndex == 1)
    }

    @Test("A click selects a row; a click on the selected row opens it")
    func clicks() {
        var state = loadedState()
        let layout = AppLayout(size: state.size)
        let rows = layout.list(hasButtons: false).rows
        press(.mouse(x: 5, y: rows.y + 2), in: &state)
        #expect(state.storeList.selectedIndex == 2)
        #expect(state.screen == .storeList)
        let effects = press(.mouse(x: 5, y: rows.y + 2), in: &state)
        #expect(state.screen == .shop("pass"))
        #expect(effects == [.loadProducts(Self.pass.productIDs, slot: Self.pass.slot), .refreshEntitlements])
    }

    @Test("After a resize shows the whole store list, a click picks the row drawn under it")
    func clickAfterResize() {
        let shops = (1...30).map { StoreLayout.Shop(id: "shop\($0)", title: "Shop \($0)", kind: .store, productIDs: []) }
        var state = AppState(layout: StoreLayout(title: "Many", shops: shops), size: TerminalSize(width: 80, height: 12))
        press(.end, in: &state)
        #expect(state.storeList.scrollOffset > 0)
        press(.resize(width: 80, height: 40), in: &state)
        let rows = AppLayout(size: state.size).list(hasButtons: false).rows
        press(.mouse(x: 5, y: rows.y + 1), in: &state)
        #expect(state.storeList.selectedIndex == 1)
        #expect(AppFrame(state: state).buffer.textLines()[rows.y + 1].contains("Shop 2"))
    }

    @Test("A click on the sheet's Cancel cancels; on its confirm button, confirms")
    func clickSheet() throws {
        var state = loadedState()
        for (title, confirmed) in [("[ Cancel ]", false), ("[ Buy ]", true)] {
            _ = requestSheet(&state)
            let screen = AppFrame(state: state).buffer
            let y = try #require(row(containing: title, in: screen))
            let x = try #require(column(of: title, inRow: y, of: screen))
            #expect(press(.mouse(x: x + 2, y: y), in: &state) == [.confirm(requestID: 7, confirmed: confirmed)])
        }
    }

    @Test("On Your Purchases the selection skips headings; tab reaches Restore Purchases")
    func purchasesScreen() {
        var state = loadedState(owned: [purchase(of: Fixtures.pro)])
        press(.end, .enter, in: &state)
        state.update(.historyLoaded(.success([.verified(purchase(of: Fixtures.pro))])))
        let rows = PurchasesContent(state: state).rows
        #expect(rows.first == .heading("Entitlements"))
        press(.down, in: &state)  // from the first entitlement row, past the Collection heading
        #expect(rows[state.purchasesList.selectedIndex].isSelectable)
        press(.down, .down, .down, .down, in: &state)
        #expect(state.purchasesList.selectedIndex == rows.count - 1)
        press(.tab, in: &state)
        #expect(state.purchasesList.focus == .button(.restorePurchases))
        #expect(press(.enter, in: &state) == [.restore])
    }
}
