import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("Pure helpers the app runtime uses")
struct HelperTests {
    // MARK: Order and filtering

    @Test("StoreView keeps the caller's order and drops duplicate IDs")
    func callerOrder() {
        let view = StoreView(ids: ["tip.large", "tip.small", "tip.large", "tip.medium"])
        #expect(view.productIDs == ["tip.large", "tip.small", "tip.medium"])
        #expect(StoreView(products: [Fixtures.largeTip, Fixtures.smallTip, Fixtures.largeTip]).productIDs == ["tip.large", "tip.small"])
    }

    @Test("A tip jar can sort by price, cheapest first, equal prices in the given order")
    func priceOrder() {
        let view = StoreView(ids: [], order: .priceAscending)
        let content = view.content(for: .success([Fixtures.largeTip, Fixtures.feeder, Fixtures.smallTip, Fixtures.mediumTip], unavailable: []))
        #expect(content.products.map(\.id) == ["tip.small", "tip.medium", "tip.large", "feeder.premium"])
    }

    @Test("Filtering ignores case and accents, matches IDs too, and wants every word at a word start", arguments: [
        ("CREME", true), ("crème", true), ("brulee", true), ("seed.creme", true), ("SEED", true), ("creme", true),
        ("mix crem", true), ("mix owl", false), ("owl", false), ("reme", false), ("  ", true),
    ])
    func filter(text: String, matches: Bool) {
        let creme = Fixtures.product("seed.creme", "Crème Brûlée Mix", "2.49")
        #expect(StoreViewContent.matches(creme, filter: text) == matches)
    }

    @Test("One letter narrows to names with a word starting with it")
    func initials() {
        let view = StoreView(products: [Fixtures.smallTip, Fixtures.mediumTip, Fixtures.largeTip])
        #expect(view.content(for: view.initialProducts, filter: "tip l").products.map(\.id) == ["tip.large"])
    }

    @Test("CJK names match from any character; Cyrillic folds case")
    func scripts() {
        let sunflower = Fixtures.product("jp.sunflower", "ひまわりの種", "1200", style: Fixtures.jpy)
        #expect(StoreViewContent.matches(sunflower, filter: "種"))
        #expect(StoreViewContent.matches(sunflower, filter: "ひまわり"))
        let seeds = Fixtures.product("ru.seed", "Семена подсолнечника", "299", style: Fixtures.rub)
        #expect(StoreViewContent.matches(seeds, filter: "ПОДСОЛН"))
        #expect(!StoreViewContent.matches(seeds, filter: "солн"))
    }

    @Test("Filtered content keeps the total and the price column of the whole list")
    func filteredContent() {
        let view = StoreView(products: Fixtures.shop + [Fixtures.premiumYearly])
        let all = view.content(for: view.initialProducts)
        let tips = view.content(for: view.initialProducts, filter: "Tip")
        #expect(tips.products.count == 3)
        #expect(tips.totalCount == 7)
        #expect(tips.filterText == "Tip")
        // The columns do not move while typing: render both and compare where "£0.99" ends.
        var full = Buffer(width: 60, height: 10)
        var filtered = Buffer(width: 60, height: 10)
        let compact = view.productViewStyle(.compact)
        compact.render(all, state: StoreListState(), context: Fixtures.context(), in: full.area, into: &full)
        compact.render(tips, state: StoreListState(), context: Fixtures.context(), in: filtered.area, into: &filtered)
        let before = row(containing: "Small Tip", in: full)!
        let after = row(containing: "Small Tip", in: filtered)!
        #expect(endColumn(of: "£0.99", inRow: before, of: full) == endColumn(of: "£0.99", inRow: after, of: filtered))
    }

    // MARK: Scrolling, hit testing, cursor

    @Test("The list keeps its page while the selection is on it and turns a page when it leaves", arguments: [
        (5, 3, 3), (25, 20, 20),            // on screen: no move
        (10, 0, 10), (30, 20, 30),          // one past the bottom: the next page, selection on top
        (19, 20, 10), (9, 10, 0),           // one above the top: the page before, selection at the bottom
        (12, 0, 12), (2, 3, 0), (49, 0, 40), (0, 45, 0), (7, 99, 0),  // jumps, never past either end
    ])
    func ensureVisible(index: Int, from offset: Int, expected: Int) {
        #expect(StoreViewLayout.scrollOffset(revealing: index, from: offset, visibleRowCount: 10, rowCount: 50) == expected)
    }

    let many = (1...30).map { Fixtures.product("seed.\($0)", "Seed \($0)", "1.\($0 % 10)9") }

    @Test("A click on a row selects that product; clicks elsewhere select nothing")
    func hitTest() {
        let view = StoreView(products: many).productViewStyle(.regular).storeButton(.visible, for: .restorePurchases)
        let content = view.content(for: view.initialProducts)
        let area = Rect(x: 0, y: 1, width: 80, height: 22)
        let state = StoreListState(selectedIndex: 7, scrollOffset: 5)
        let context = Fixtures.context()
        #expect(view.hitTest(x: 10, y: 1, content: content, state: state, context: context, in: area) == .row(5))
        #expect(view.hitTest(x: 10, y: 4, content: content, state: state, context: context, in: area) == .row(5))
        #expect(view.hitTest(x: 10, y: 5, content: content, state: state, context: context, in: area) == .row(6))
        let layout = view.layout(in: area, content: content, context: context)
        let bar = layout.buttonBar!
        var buffer = Buffer(width: 80, height: 24)
        view.render(content, state: state, context: context, in: area, into: &buffer)
        let restoreX = column(of: "Restore Purchases", inRow: bar.y, of: buffer)!
        #expect(view.hitTest(x: restoreX + 3, y: bar.y, content: content, state: state, context: context, in: area) == .button(StoreButton(role: .restorePurchases)))
        #expect(view.hitTest(x: 0, y: bar.y, content: content, state: state, context: context, in: area) == nil)
        #expect(layout.rowIndex(atY: 0, scrollOffset: 5, rowCount: 30) == nil)
    }

    @Test("The cursor sits on the selected row's glyph, or after the filter text")
    func cursor() {
        let view = StoreView(products: many).productViewStyle(.compact)
        let content = view.content(for: view.initialProducts)
        let area = Rect(x: 0, y: 1, width: 80, height: 22)
        let context = Fixtures.context()
        #expect(view.cursorPosition(content: content, state: StoreListState(selectedIndex: 3, scrollOffset: 1), context: context, in: area) == Position(x: 1, y: 3))
        #expect(view.cursorPosition(content: content, state: StoreListState(selectedIndex: 0, scrollOffset: 1), context: context, in: area) == nil)
        let filtering = StoreListState(filterText: "see", focus: .filter)
        let status = view.layout(in: area, content: content, context: context).status!
        #expect(view.cursorPosition(content: content, state: filtering, context: context, in: area) == Position(x: 5, y: status.y))
    }

    @Test("select(_:) clamps to the rows there are and scrolls to them")
    func select() {
        let view = StoreView(products: many).productViewStyle(.compact)
        let content = view.content(for: view.initialProducts)
        let layout = view.layout(in: Rect(x: 0, y: 0, width: 80, height: 12), content: content, context: Fixtures.context())
        var state = StoreListState()
        state.select(100, in: content, layout: layout)
        #expect(state.selectedIndex == 29)
        #expect(state.scrollOffset == 30 - layout.visibleRowCount)
        state.select(-4, in: content, layout: layout)
        #expect(state.selectedIndex == 0)
        #expect(state.scrollOffset == 0)
    }

    // MARK: Subscription selection

    static let basicSubscriber = SubscriptionStanding(
        currentProductID: Fixtures.basicMonthly.id, autoRenewPreference: Fixtures.basicMonthly.id,
        renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
    )

    @Test("The default plan is the first in display order that is not the current one")
    func defaultSelection() {
        let view = SubscriptionStoreView(groupID: Fixtures.groupID)
        let products = Product.CollectionTaskState.success(Fixtures.plans, unavailable: [])
        #expect(view.content(for: products, standing: .neverSubscribed).defaultSelection == Fixtures.premiumMonthly.id)
        let premium = SubscriptionStanding(currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.premiumMonthly.id)
        #expect(view.content(for: products, standing: premium).defaultSelection == Fixtures.premiumYearly.id)
        let onlyCurrent = SubscriptionStoreView(productIDs: [Fixtures.basicMonthly.id])
            .content(for: .success([Fixtures.basicMonthly], unavailable: []), standing: Self.basicSubscriber)
        #expect(onlyCurrent.defaultSelection == Fixtures.basicMonthly.id)
        #expect(onlyCurrent.options.first?.isPurchasable == false)
    }

    @Test("A scheduled downgrade's plan is not for sale again; the current plan reads Changes to …")
    func scheduledChange() {
        let standing = SubscriptionStanding(
            currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.basicMonthly.id,
            renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
        )
        let view = SubscriptionStoreView(groupID: Fixtures.groupID)
        let content = view.content(for: .success(Fixtures.plans, unavailable: []), standing: standing)
        #expect(content.defaultSelection == Fixtures.premiumYearly.id)
        #expect(content.options.first { $0.id == Fixtures.basicMonthly.id }?.isPurchasable == false)
        var buffer = Buffer(width: 80, height: 20)
        view.render(content, state: SubscriptionStoreState(), context: Fixtures.context(), in: buffer.area, into: &buffer)
        #expect(row(containing: "Changes to Basic Monthly on 12 Dec 2026", in: buffer) != nil)
        #expect(row(containing: "Starts on 12 Dec 2026", in: buffer) != nil)
    }

    @Test("Moving the selection stops at the ends; a stale selection falls back to the default")
    func movingSelection() {
        let content = SubscriptionStoreView(groupID: Fixtures.groupID)
            .content(for: .success(Fixtures.plans, unavailable: []), standing: .neverSubscribed)
        #expect(content.selection(movedBy: 1, from: Fixtures.premiumMonthly.id) == Fixtures.premiumYearly.id)
        #expect(content.selection(movedBy: 5, from: Fixtures.premiumMonthly.id) == Fixtures.basicMonthly.id)
        #expect(content.selection(movedBy: -1, from: Fixtures.premiumMonthly.id) == Fixtures.premiumMonthly.id)
        #expect(content.selection(for: SubscriptionStoreState(selectedID: "gone")) == Fixtures.premiumMonthly.id)
    }

    @Test("Clicking a plan or the Subscribe button")
    func subscriptionHitTest() {
        let view = SubscriptionStoreView(groupID: Fixtures.groupID)
        let content = view.content(for: .success(Fixtures.plans, unavailable: []), standing: .neverSubscribed)
        let state = SubscriptionStoreState()
        var buffer = Buffer(width: 80, height: 22)
        view.render(content, state: state, context: Fixtures.context(), in: buffer.area, into: &buffer)
        let yearly = row(containing: "Premium Yearly", in: buffer)!
        let button = row(containing: "[ Try It Free ]", in: buffer)!
        let buttonX = column(of: "[ Try It Free ]", inRow: button, of: buffer)!
        #expect(view.hitTest(x: 20, y: yearly, content: content, state: state, context: Fixtures.context(), in: buffer.area) == .row(1))
        #expect(view.hitTest(x: buttonX + 2, y: button, content: content, state: state, context: Fixtures.context(), in: buffer.area) == .subscribeButton)
        #expect(view.cursorPosition(content: content, state: state, context: Fixtures.context(), in: buffer.area)?.y == row(containing: "Premium Monthly", in: buffer))
    }
}
