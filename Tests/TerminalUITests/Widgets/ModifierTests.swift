import Foundation
import LocalStore
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

/// The purchase-action and data-task modifiers as the app runs them: a shop's view with
/// modifiers, a purchase made with keys, and what the actions saw. Each test fails if the
/// app does not run the view's modifiers.
@Suite("Modifiers, run by the app")
struct ModifierTests {
    // The store list: Backyard Birds Pass, Bird Food, Feeders & Gear, …
    static let openPass: [Key] = [.enter]
    static let openGear: [Key] = [.down, .down, .enter]
    static let passGroup = "B1D5A2C7"

    static func word(_ state: Product.CollectionTaskState) -> String {
        switch state {
        case .loading: "loading"
        case .failure: "failed"
        case .success: "loaded"
        }
    }

    static func word<Value>(_ state: EntitlementTaskState<Value>, success: (Value) -> String = { _ in "loaded" }) -> String {
        switch state {
        case .loading: "loading"
        case .failure: "failed"
        case .success(let value): success(value)
        }
    }

    /// Buys the first product of Feeders & Gear, shown with `view`, inside the app's `actions`.
    func buyFromGear(_ view: StoreView, inside actions: PurchaseActions, controls: StoreControls = StoreControls()) async throws -> AppHarness {
        let harness = try await AppHarness.make(
            controls: controls, options: AppOptions(purchaseActions: actions, shopViews: ["gear": .store(view)])
        )
        for key in Self.openGear { await harness.app.press(key) }
        await harness.app.press(.enter)
        #expect(await harness.shows("Confirm Purchase"))
        await harness.app.press(.char("y"))
        return harness
    }

    @Test("Start actions of every level run, the view's first; the innermost completion wins")
    func composition() async throws {
        let log = Log()
        let app = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("app start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("app done") }
        let view = StoreView(ids: [BackyardBirds.copperFeeder])
            .onInAppPurchaseStart { _ in await log.add("view start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("view done") }
            .onInAppPurchaseCompletion { _, _ in await log.add("outer view done") }
        let harness = try await buyFromGear(view, inside: app)
        #expect(await log.all == ["view start", "app start", "view done"])
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.copperFeeder])
    }

    @Test("A nil start action cuts off those further out; a nil completion restores the default")
    func nilActions() async throws {
        let log = Log()
        let app = PurchaseActions()
            .onInAppPurchaseStart { _ in await log.add("app start") }
            .onInAppPurchaseCompletion { _, _ in await log.add("app done") }
        let view = StoreView(ids: [BackyardBirds.copperFeeder])
            .onInAppPurchaseStart { _ in await log.add("view start") }
            .onInAppPurchaseStart(perform: nil)
            .onInAppPurchaseCompletion(perform: nil)
        var controls = StoreControls()
        controls.failures[.purchase] = StoreAPI.purchase.defaultError
        let harness = try await buyFromGear(view, inside: app, controls: controls)
        #expect(await log.all == ["view start"])
        // The default completion: the error becomes the app's alert.
        #expect(await harness.shows("Purchase failed"))
    }

    @Test("Every data task of a shown view runs: loading, then what the store has")
    func tasks() async throws {
        let log = Log()
        let pass = try #require(try BackyardBirds.layout().shop(id: "pass"))
        var options = AppOptions()
        options.shopViews["pass"] = ShopView(pass)
            .storeProductsTask(for: [BackyardBirds.meadowMonthly]) { state in
                await log.add("products " + Self.word(state))
            }
            .subscriptionStatusTask(for: Self.passGroup) { state in
                await log.add("status " + Self.word(state))
            }
            .currentEntitlementTask(for: BackyardBirds.fieldGuide) { state in
                await log.add("entitlement " + Self.word(state) { $0 == nil ? "not owned" : "owned" })
            }
        let harness = try await AppHarness.make(options: options)
        #expect(await log.all.isEmpty, "nothing runs before the view shows")
        for key in Self.openPass { await harness.app.press(key) }
        await harness.app.wait(.seconds(1))
        let seen = await log.all
        #expect(seen.filter { $0.hasPrefix("products") } == ["products loading", "products loaded"])
        #expect(seen.filter { $0.hasPrefix("status") } == ["status loading", "status loaded"])
        #expect(seen.filter { $0.hasPrefix("entitlement") } == ["entitlement loading", "entitlement not owned"])
        #expect(seen.count == 6, "\(seen)")
    }
}

/// What the modifiers store: values only, read without the app.
@Suite("Modifier values")
struct ModifierValueTests {
    @Test("Data-task modifiers keep their IDs for the app to start")
    func taskIDs() {
        let view = SubscriptionStoreView(groupID: Fixtures.groupID)
            .storeProductsTask(for: ["a", "b"]) { _ in }
            .subscriptionStatusTask(for: Fixtures.groupID) { _ in }
            .currentEntitlementTask(for: "pro.lifetime") { _ in }
        #expect(view.modifiers.productsTasks.map(\.ids) == [["a", "b"]])
        #expect(view.modifiers.subscriptionStatusTasks.map(\.groupID) == [Fixtures.groupID])
        #expect(view.modifiers.currentEntitlementTasks.map(\.productID) == ["pro.lifetime"])
        #expect(view.modifiers.hasDataTasks)
        #expect(!SubscriptionStoreView(groupID: Fixtures.groupID).modifiers.hasDataTasks)
    }

    @Test("A ProductView keeps its purchase modifiers like any view: a nil start or completion is kept as a cut")
    func productViewPurchaseLayers() {
        let outer = PurchaseActions()
            .onInAppPurchaseStart { _ in }
            .onInAppPurchaseCompletion { _, _ in }
        let view = ProductView(id: "tip.small")
            .onInAppPurchaseStart { _ in }
            .onInAppPurchaseStart(perform: nil)
            .onInAppPurchaseCompletion(perform: nil)
        let actions = view.modifiers.purchaseActions(inside: outer)
        #expect(actions.startActions.count == 1)
        #expect(actions.completionAction == nil)
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
