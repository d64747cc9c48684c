import Foundation
import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// The data-task modifiers run as StoreKit's do, through the app: loading first, then every
/// new state, for as long as their view is on screen.
@Suite("Data tasks")
struct DataTaskTests {
    /// Every state each task saw, in order, as short words.
    actor Recorder {
        private(set) var seen: [String] = []
        func record(_ line: String) { seen.append(line) }
    }

    static let passGroup = "B1D5A2C7"

    static func describe(_ state: Product.CollectionTaskState) -> String {
        switch state {
        case .loading: "loading"
        case .failure: "failure"
        case .success(let products, let unavailable):
            "success: \(products.map(\.id).sorted().joined(separator: ",")) missing: \(unavailable.joined(separator: ","))"
        }
    }

    static func describe(_ state: EntitlementTaskState<VerificationResult<Transaction>?>) -> String {
        switch state {
        case .loading: "loading"
        case .failure: "failure"
        case .success(let transaction?): "entitled: \(transaction.unsafePayloadValue.productID)"
        case .success(nil): "not entitled"
        }
    }

    static func describe(_ state: EntitlementTaskState<[Product.SubscriptionInfo.Status]>) -> String {
        switch state {
        case .loading: "loading"
        case .failure: "failure"
        case .success(let statuses):
            "statuses: " + statuses.map { "\($0.state) \($0.transaction.unsafePayloadValue.productID)" }.joined(separator: ",")
        }
    }

    @Test("storeProductsTask on a layout's shop: loading, then the products and the one the storefront lacks")
    func productsTaskOnLayoutShop() async throws {
        let recorder = Recorder()
        let layout = try BackyardBirds.layout()
        let food = try #require(layout.shop(id: "food"))
        var options = AppOptions()
        options.shopViews["food"] = ShopView(food).storeProductsTask(for: [BackyardBirds.sunflower, BackyardBirds.nyjer]) { state in
            await recorder.record(Self.describe(state))
        }
        let harness = try await AppHarness.make(options: options)
        let before = await recorder.seen
        #expect(before.isEmpty, "nothing runs before the view shows: \(before)")
        await harness.app.press(.down, .enter)  // Bird Food
        await harness.app.wait(.seconds(1))
        #expect(await recorder.seen == ["loading", "success: \(BackyardBirds.sunflower) missing: \(BackyardBirds.nyjer)"])
    }

    @Test("storeProductsTask hears the failure of a load the store refuses")
    func productsTaskFailure() async throws {
        let recorder = Recorder()
        var controls = StoreControls()
        controls.failures[.loadProducts] = try SimulatedError(name: "networkError", for: .loadProducts)
        var options = AppOptions()
        options.shopViews["food"] = .store(StoreView(ids: [BackyardBirds.sunflower]).storeProductsTask(for: [BackyardBirds.sunflower]) { state in
            await recorder.record(Self.describe(state))
        })
        let harness = try await AppHarness.make(controls: controls, options: options)
        await harness.app.press(.down, .enter)
        #expect(await recorder.seen == ["loading", "failure"])
    }

    @Test("currentEntitlementTask follows a purchase and a refund made in another terminal, and stops when the view goes")
    func entitlementTaskAcrossProcesses() async throws {
        let recorder = Recorder()
        var options = AppOptions()
        options.shopViews["gear"] = .store(
            StoreView(ids: [BackyardBirds.copperFeeder]).currentEntitlementTask(for: BackyardBirds.copperFeeder) { state in
                await recorder.record(Self.describe(state))
            }
        )
        let shared = try await SharedLedgerHarness.make(options: options)
        defer { shared.close() }
        let app = shared.app
        await app.press(.down, .down, .enter)  // Feeders & Gear
        await app.press(.enter, .char("y"))    // buy the copper feeder
        #expect(await app.screenText.contains("Purchase complete"))
        await app.press(.enter)
        let bought = try #require(try await shared.store.allTransactions().first?.unsafePayloadValue.id)
        try await shared.other.refund(transactionID: Int64(bought))
        await shared.look()
        #expect(await recorder.seen == ["loading", "not entitled", "entitled: \(BackyardBirds.copperFeeder)", "not entitled"])

        await app.press(.esc)  // the view goes away
        _ = try await shared.other.buy(BackyardBirds.copperFeeder)
        await shared.look()  // brings the purchase, which no view is left to hear of
        let after = await recorder.seen
        #expect(after.count == 4, "no state after the view went: \(after)")
    }

    @Test("subscriptionStatusTask: loading, no status, then subscribed, then expired by the store")
    func statusTask() async throws {
        let recorder = Recorder()
        let layout = try BackyardBirds.layout()
        let pass = try #require(layout.shop(id: "pass"))
        var options = AppOptions()
        options.shopViews["pass"] = ShopView(pass).subscriptionStatusTask(for: Self.passGroup) { state in
            await recorder.record(Self.describe(state))
        }
        let harness = try await AppHarness.make(options: options)
        await harness.app.press(.enter)
        #expect(await recorder.seen == ["loading", "statuses: "])
        await harness.app.press(.down, .down, .down, .down, .enter, .char("y"))  // Meadow Monthly, free week
        try await harness.store.expireSubscription(productID: BackyardBirds.meadowMonthly)
        await harness.app.wait(.seconds(1))
        #expect(await recorder.seen == [
            "loading", "statuses: ",
            "statuses: subscribed \(BackyardBirds.meadowMonthly)",
            "statuses: expired \(BackyardBirds.meadowMonthly)",
        ])
    }
}
