import Foundation
import StorefrontModel
import Testing
@testable import TerminalUI

/// Each screen and the overlays on their own: an action in, the feature's whole state and
/// its request to the app out, compared as values.
@Suite("Screen features")
struct ScreenFeatureTests {
    let app = UpdateTests()

    /// The screen on show after opening shop number `index` of the store list.
    func screen(opening index: Int, size: TerminalSize = TerminalSize(width: 80, height: 24)) -> (state: AppState, screen: any AppScreen) {
        var state = app.loadedState()
        state.update(.key(.resize(width: size.width, height: size.height)))
        for _ in 0..<index { state.update(.key(.down)) }
        state.update(.key(.enter))
        return (state, state.currentScreen)
    }

    @Test("Keys send actions that carry their data")
    func actionsCarryData() {
        let table = AppKeyBindings.table(for: .shop(kind: .subscriptions, loadFailed: false, hasButtons: true))
        #expect(table.action(for: .char("k")) == .move(by: -1))
        #expect(table.action(for: .down) == .move(by: 1))
        #expect(table.action(for: .pageDown) == .page(by: 1))
        #expect(table.action(for: .home) == .toStart)
        #expect(table.action(for: .end) == .toEnd)
        #expect(table.action(for: .left) == .choosePlan(by: -1))
        #expect(table.action(for: .backTab) == .cycleFocus(backwards: true))
    }

    @Test("A product list pages by a screenful less one, and goes to either end")
    func productListPages() throws {
        var list = try #require(screen(opening: 1, size: TerminalSize(width: 80, height: 12)).screen as? ProductListScreen)
        let visible = list.view.layout(in: list.setting.body, content: list.content, context: list.setting.context).visibleRowCount
        #expect(list.update(.page(by: 1)) == nil)
        #expect(list.list.selectedIndex == visible - 1)
        #expect(list.update(.toEnd) == nil)
        #expect(list.list == StoreListState(selectedIndex: Fixtures.shop.count - 1, scrollOffset: list.list.scrollOffset))
        #expect(list.list.scrollOffset > 0)
        #expect(list.update(.toStart) == nil)
        #expect(list.list == StoreListState())
        #expect(list.keyContext == .shop(kind: .store, loadFailed: false))
    }

    @Test("Tab in a product list reaches its button, and Enter there asks the app to press it")
    func productListButtons() throws {
        var list = try #require(screen(opening: 0).screen as? ProductListScreen)
        #expect(list.update(.cycleFocus(backwards: true)) == nil)
        #expect(list.list.focus == .button(.restorePurchases))
        #expect(list.update(.activate) == .press(StoreButton(role: .restorePurchases)))
        #expect(list.update(.cycleFocus(backwards: false)) == nil)
        #expect(list.list.focus == .list)
        #expect(list.update(.activate) == .buy(Fixtures.smallTip))
    }

    @Test("A click on another plan chooses it; a click on the chosen plan subscribes, unless it waits for approval")
    func pickerTaps() throws {
        var picker = try #require(screen(opening: 2).screen as? PickerScreen)
        let basic = try #require(picker.content.options.firstIndex { $0.id == Fixtures.basicMonthly.id })
        #expect(picker.update(.tap(.row(basic))) == nil)
        #expect(picker.picker == SubscriptionStoreState(selectedID: Fixtures.basicMonthly.id))
        #expect(picker.update(.tap(.row(basic))) == .buy(Fixtures.basicMonthly))

        var state = app.loadedState(awaiting: [Fixtures.basicMonthly.id])
        state.update(.key(.down))
        state.update(.key(.down))
        state.update(.key(.enter))
        var waiting = try #require(state.currentScreen as? PickerScreen)
        _ = waiting.update(.tap(.row(basic)))
        #expect(waiting.update(.activate) == .show(.waitingForApproval(for: Fixtures.basicMonthly)))
    }

    @Test("The store list filters, opens what is selected, and Your Purchases skips its headings")
    func listsOfTheApp() throws {
        var state = app.loadedState()
        var storeList = try #require(state.currentScreen as? StoreListScreen)
        _ = storeList.update(.startFilter)
        _ = storeList.update(.typeFilter("pass"))
        #expect(storeList.list == StoreListState(filterText: "pass", focus: .filter))
        #expect(storeList.update(.activate) == .open(.shop(UpdateTests.pass)))

        state.update(.key(.end))
        state.update(.key(.enter))
        var purchases = try #require(state.currentScreen as? PurchasesScreen)
        _ = purchases.update(.toStart)
        #expect(purchases.content.rows[purchases.list.selectedIndex].isSelectable)
        #expect(purchases.list.selectedIndex > 0)
        #expect(purchases.location == "Your Purchases")
    }

    @Test("Overlays: one on top takes the keys; answers go back to the app as values")
    func overlays() {
        var overlays = Overlays()
        overlays.alerts = [.restored(count: 1), .restored(count: 2)]
        overlays.isShowingHelp = true
        #expect(overlays.keyContext == .alert)
        #expect(overlays.update(.dismiss) == .handled)
        #expect(overlays.update(.quit) == nil)
        var expected = Overlays()
        expected.alerts = [.restored(count: 2)]
        expected.isShowingHelp = true
        #expect(overlays == expected)

        overlays.quitQuestion = .quitDuringPurchase()
        #expect(overlays.update(.cycleFocus(backwards: false)) == .handled)
        #expect(overlays.quitQuestion?.focus == .confirm)
        #expect(overlays.update(.activate) == .quit(true))
        #expect(overlays == expected)

        let request = PurchaseRequest(id: 7, product: Fixtures.smallTip, options: [], shopID: "tips")
        overlays.confirmation = Confirmation(request: request, sheet: ConfirmationSheet(product: Fixtures.smallTip))
        #expect(overlays.update(.cancel) == .confirmPurchase(requestID: 7, confirmed: false))
        #expect(overlays == expected)
    }
}
