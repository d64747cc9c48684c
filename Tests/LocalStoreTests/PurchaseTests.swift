import Foundation
import LocalStore
import StorefrontModel
import Testing

@Suite("Purchases and the test controls")
struct PurchaseTests {
    @Test("A purchase is recorded once, signed, unfinished, with its quantity and price", arguments: Engine.allCases)
    func consumable(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let token = UUID()
        let bought = try await harness.buy("coins", options: [.quantity(3), .appAccountToken(token)])
        #expect(bought.productID == "coins")
        #expect(bought.purchasedQuantity == 3)
        #expect(bought.appAccountToken == token)
        #expect(bought.purchaseDate == Fixtures.epoch)
        let unfinished = try await harness.store.unfinishedTransactions()
        #expect(unfinished == [.verified(bought)])
        try await harness.store.finish(bought)
        #expect(try await harness.store.unfinishedTransactions().isEmpty)
        let owned = try await harness.store.currentEntitlements()
        #expect(owned.consumableCounts == ["coins": 3])
        #expect(owned.purchasedProductIDs.isEmpty)
    }

    @Test("Buying an owned non-consumable returns the transaction that owns it", arguments: Engine.allCases)
    func ownedNonConsumable(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let first = try await harness.buy("lifetime")
        let second = try await harness.buy("lifetime")
        #expect(second == first)
        #expect(try await harness.store.allTransactions().count == 1)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["lifetime"])
    }

    @Test("Bad quantities and unknown offers are refused before anything is recorded", arguments: Engine.allCases)
    func refusedOptions(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        await #expect(throws: Product.PurchaseError.invalidQuantity) {
            try await harness.store.purchase(try await harness.product("coins"), options: [.quantity(11)])
        }
        await #expect(throws: Product.PurchaseError.invalidQuantity) {
            try await harness.store.purchase(try await harness.product("lifetime"), options: [.quantity(2)])
        }
        let offer = Product.PurchaseOption.promotionalOffer(
            offerID: "summer", keyID: "KEY", nonce: UUID(), signature: Data(), timestamp: 0
        )
        await #expect(throws: Product.PurchaseError.invalidOfferIdentifier) {
            try await harness.store.purchase(try await harness.product("pass.silver.monthly"), options: [offer])
        }
        await #expect(throws: Product.PurchaseError.productUnavailable) {
            try await harness.store.buy("nope")
        }
        #expect(try await harness.store.allTransactions().isEmpty)
    }

    @Test("Each API fails with the error its control names, and only that API", arguments: [
        SimulatedError.purchase(.purchaseNotAllowed), .storeKit(.notAvailableInStorefront),
    ])
    func failingPurchase(error: SimulatedError) async throws {
        var controls = StoreControls()
        controls.failures[.purchase] = error
        let harness = try StoreHarness(controls: controls)
        let coins = try await harness.product("coins")  // loading still works
        do {
            _ = try await harness.store.purchase(coins, options: [])
            Issue.record("the purchase should have failed")
        } catch let thrown as Product.PurchaseError {
            #expect(SimulatedError.purchase(thrown).name == error.name)
        } catch let thrown as StoreKitError {
            #expect(SimulatedError.storeKit(thrown).name == error.name)
        }
        #expect(try await harness.store.allTransactions().isEmpty)
    }

    @Test("Loading, sync, status and the app transaction fail when told to", arguments: Engine.allCases)
    func otherFailures(engine: Engine) async throws {
        var controls = StoreControls()
        controls.failures[.loadProducts] = try SimulatedError(name: "networkError", for: .loadProducts)
        controls.failures[.appStoreSync] = .storeKit(.unknown)
        controls.failures[.subscriptionStatus] = .storeKit(.unsupported)
        controls.failures[.appTransaction] = .storeKit(.notEntitled)
        let store = try await StoreHarness(engine: engine, controls: controls).store
        await #expect { try await store.products(for: ["coins"]) } throws: { error in
            if case StoreKitError.networkError(let urlError) = error { urlError.code == .notConnectedToInternet } else { false }
        }
        await #expect { try await store.sync() } throws: { error in
            if case StoreKitError.unknown = error { true } else { false }
        }
        await #expect { try await store.subscriptionStatuses(for: "pass") } throws: { error in
            if case StoreKitError.unsupported = error { true } else { false }
        }
        await #expect { try await store.appTransaction() } throws: { error in
            if case StoreKitError.notEntitled = error { true } else { false }
        }
    }

    @Test("The verification control hands out unverified transactions that entitle nothing", arguments: Engine.allCases)
    func failingVerification(engine: Engine) async throws {
        var controls = StoreControls()
        controls.failures[.verification] = .verification(.invalidDeviceVerification)
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let result = try await harness.store.purchase(try await harness.product("lifetime"), options: [])
        guard case .success(.unverified(let transaction, .invalidDeviceVerification)) = result else {
            Issue.record("expected an unverified success, got \(result)")
            return
        }
        #expect(transaction.productID == "lifetime")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)
        let app = try await harness.store.appTransaction()
        #expect(app.verifiedValue == nil)
    }

    @Test("A cancelled payment sheet buys nothing", arguments: Engine.allCases)
    func cancelled(engine: Engine) async throws {
        var controls = StoreControls()
        controls.cancelsPurchases = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        #expect(try await harness.store.purchase(try await harness.product("coins"), options: []) == .userCancelled)
        #expect(try await harness.store.allTransactions().isEmpty)
    }

    @Test("Latency is slept on the store's clock before the purchase is recorded", .timeLimit(.minutes(1)), arguments: Engine.allCases)
    func latency(engine: Engine) async throws {
        var controls = StoreControls()
        controls.latency = .fixed(.seconds(2))
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let product = Product(
            id: "coins", type: .consumable, displayName: "Coins", description: "",
            price: 1, priceFormatStyle: .init(code: "USD")
        )
        let purchase = Task { try await harness.store.purchase(product, options: []) }
        await harness.advanceWhenAsleep(by: .milliseconds(1999))
        #expect(try await harness.ledger.transactions().isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        guard case .success(.verified(let transaction)) = try await purchase.value else {
            Issue.record("the purchase should have succeeded")
            return
        }
        #expect(transaction.purchaseDate == Fixtures.epoch + 2)
    }

    @Test("A latency range stays within its bounds")
    func latencyRange() {
        var generator = SystemRandomNumberGenerator()
        let range = Latency.between(.milliseconds(800), .milliseconds(300))
        #expect(range == .range(.milliseconds(300)...(.milliseconds(800))))
        #expect(Latency.between(.seconds(1), .seconds(1)) == .fixed(.seconds(1)))
        for _ in 0..<200 {
            let sample = range.sample(using: &generator)
            #expect(sample >= .milliseconds(300) && sample <= .milliseconds(800))
        }
    }

    @Test("The app transaction keeps the first date it was asked for and the controls' versions", arguments: Engine.allCases)
    func appTransaction(engine: Engine) async throws {
        var controls = StoreControls()
        controls.originalAppVersion = "1.9.3"
        controls.appVersion = "2.4"
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let first = try #require(try await harness.store.appTransaction().verifiedValue)
        #expect(first.originalAppVersion == "1.9.3")
        #expect(first.appVersion == "2.4")
        #expect(first.originalPurchaseDate == Fixtures.epoch)
        harness.clock.advance(by: .seconds(3600))
        #expect(try await harness.store.appTransaction().verifiedValue?.originalPurchaseDate == Fixtures.epoch)
    }
}
