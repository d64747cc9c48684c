import Foundation
import StorefrontModel
import Testing
import TerminalUI

/// Collects what the actions did, in order.
actor Log {
    private(set) var all: [String] = []

    func add(_ entry: String) {
        all.append(entry)
    }
}

@Suite("Modifiers return modified copies the app runtime can read")
struct ModifierTests {
    func runActions(_ actions: PurchaseActions, log: Log) async {
        // The storefront runs start actions in `startActions` order, then one completion.
        for start in actions.startActions { await start(Fixtures.smallTip) }
        if let completion = actions.completionAction {
            await completion(Fixtures.smallTip, .success(.userCancelled))
        } else {
            await log.add("default completion")
        }
    }

    @Test("Start actions of every level run, the view's first; the innermost completion wins")
    func composition() async {
        let log = Log()
        let screen = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("screen start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("screen done") }
        let view = StoreView(ids: ["tip.small"])
            .onInAppPurchaseStart { _ in await log.add("view start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("view done") }
            .onInAppPurchaseCompletion { _, _ in await log.add("outer view done") }
        await runActions(view.modifiers.purchaseActions(inside: screen), log: log)
        #expect(await log.all == ["view start", "screen start", "view done"])
    }

    @Test("A nil start action cuts off those further out; a nil completion restores the default")
    func nilActions() async {
        let log = Log()
        let screen = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("screen start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("screen done") }
        let view = ProductView(id: "tip.small")
            .onInAppPurchaseStart { _ in await log.add("view start") }
            .onInAppPurchaseStart(perform: nil)
            .onInAppPurchaseCompletion(perform: nil)
        await runActions(view.modifiers.purchaseActions(inside: screen), log: log)
        #expect(await log.all == ["view start", "default completion"])
    }

    @Test("Data tasks are kept with their IDs for the runtime to start")
    func tasks() async {
        let log = Log()
        let view = SubscriptionStoreView(groupID: Fixtures.groupID)
            .storeProductsTask(for: ["a", "b"]) { _ in await log.add("products") }
            .subscriptionStatusTask(for: Fixtures.groupID) { _ in await log.add("status") }
            .currentEntitlementTask(for: "pro.lifetime") { state in await log.add(state.transaction == nil ? "not owned" : "owned") }
        #expect(view.modifiers.productsTasks.map(\.ids) == [["a", "b"]])
        #expect(view.modifiers.subscriptionStatusTasks.map(\.groupID) == [Fixtures.groupID])
        #expect(view.modifiers.currentEntitlementTasks.map(\.productID) == ["pro.lifetime"])
        await view.modifiers.productsTasks[0].action(.loading)
        await view.modifiers.subscriptionStatusTasks[0].action(.success([]))
        await view.modifiers.currentEntitlementTasks[0].action(.success(nil))
        #expect(await log.all == ["products", "status", "not owned"])
    }

    @Test("Style and button modifiers change only the copy")
    func copies() {
        let plain = StoreView(ids: ["tip.small"])
        let styled = plain.productViewStyle(.large).storeButton(.visible, for: .restorePurchases, .cancellation)
        #expect(plain.modifiers.productViewStyle == .automatic)
        #expect(styled.modifiers.productViewStyle == .large)
        #expect(plain.modifiers.visibility(for: .restorePurchases) == .automatic)
        #expect(styled.modifiers.visibility(for: .restorePurchases) == .visible)
        #expect(styled.modifiers.visibility(for: .cancellation) == .visible)
        #expect(styled.storeButtons(context: Fixtures.context()).map(\.role) == [.restorePurchases, .close])
    }

    @Test("Restore is never shown under automatic; Close only when presented")
    func automaticButtons() {
        let view = StoreView(ids: ["tip.small"])
        #expect(view.storeButtons(context: Fixtures.context()).isEmpty)
        #expect(view.storeButtons(context: Fixtures.context(isPresented: true)).map(\.role) == [.close])
        #expect(view.storeButton(.hidden, for: .cancellation).storeButtons(context: Fixtures.context(isPresented: true)).isEmpty)
        // Subscription-only kinds do nothing in a StoreView.
        #expect(view.storeButton(.visible, for: .redeemCode, .signIn, .policies)
            .storeButtons(context: Fixtures.context(policies: Fixtures.policies)).isEmpty)
    }

    @Test("Subscription button labels compose in either order and resolve per control style")
    func labels() {
        #expect(SubscriptionStoreButtonLabel.multiline.price == SubscriptionStoreButtonLabel.price.multiline)
        #expect(SubscriptionStoreButtonLabel.multiline.price.content == .price)
        let auto = SubscriptionStoreButtonLabel.automatic
        #expect(auto.resolved(for: .picker) == SubscriptionStoreButtonLabel(content: .action, layout: .singleLine))
        #expect(auto.resolved(for: .buttons) == SubscriptionStoreButtonLabel(content: .displayName, layout: .multiline))
        #expect(SubscriptionStoreButtonLabel.price.resolved(for: .buttons).layout == .multiline)
    }
}
