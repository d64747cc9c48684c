import Foundation
import StorefrontModel
import Testing

/// Start, updates from the store, restore, and opening for business.
@Suite(.timeLimit(.minutes(1))) struct StorefrontLifecycleTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    @Test func unfinishedTransactionsAreDeliveredAgainAtStartThenFinished() async throws {
        let lifetime = await store.seed(Catalog.lifetime)
        let tip = await store.seed(Catalog.tip, quantity: 3)
        var updates = storefront.transactionUpdates().makeAsyncIterator()
        await storefront.start()
        #expect(await updates.next() == .verified(lifetime))
        #expect(await updates.next() == .verified(tip))
        #expect(await store.finishedIDs == [lifetime.id, tip.id])
        #expect(await store.unfinishedIDs.isEmpty)
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])
        #expect(storefront.snapshot.entitlements.value?.consumableCounts == ["tip.small": 3])
    }

    @Test func opensForBusinessOnceProductsAndEntitlementsHaveLoaded() async throws {
        var events = storefront.events().makeAsyncIterator()
        #expect(!storefront.isOpenForBusiness)
        await storefront.start()
        #expect(!storefront.isOpenForBusiness, "no products yet")
        await store.set(productsError: TestError(name: "offline"))
        try await storefront.loadProducts(["tip.small"], slot: "tips")
        #expect(!storefront.isOpenForBusiness, "a failed load is not a load")
        await store.set(productsError: nil)
        try await storefront.loadProducts(["tip.small"], slot: "tips")
        #expect(storefront.isOpenForBusiness)
        #expect(storefront.snapshot.isOpenForBusiness)
        #expect(await next(.openForBusiness, from: &events))
    }

    @Test func productsFirstThenEntitlementsAlsoOpens() async throws {
        try await storefront.loadProducts(["no.such"], slot: "empty")
        #expect(!storefront.isOpenForBusiness, "no entitlements yet")
        await storefront.start()
        #expect(storefront.isOpenForBusiness, "an empty success is a load")
    }

    @Test func entitlementsLoadingThenLoaded() async throws {
        guard case .loading = storefront.snapshot.entitlement(for: "pro.lifetime") else {
            Issue.record("entitlements load at start")
            return
        }
        await store.seed(Catalog.lifetime)
        await storefront.start()
        #expect(storefront.snapshot.entitlement(for: "pro.lifetime").transaction?.verifiedValue?.productID == "pro.lifetime")
        guard case .success(nil) = storefront.snapshot.entitlement(for: "tip.small") else {
            Issue.record("a consumable is never an entitlement")
            return
        }
    }

    @Test func firstEntitlementFailureIsKeptAndALaterRefreshRecovers() async throws {
        await store.set(transactionsError: StoreKitError.unknown)
        await storefront.start()
        guard case .failure(StoreKitError.unknown) = storefront.snapshot.entitlements else {
            Issue.record("the failure is shown, got \(storefront.snapshot.entitlements)")
            return
        }
        await store.set(transactionsError: nil)
        await store.seed(Catalog.lifetime)
        try await storefront.refreshEntitlements()
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])

        await store.set(transactionsError: StoreKitError.unknown)
        await #expect(throws: StoreKitError.self) { try await storefront.refreshEntitlements() }
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"], "a later failure keeps the last answer")
    }

    @Test func refundFromTheStoreRemovesTheEntitlement() async throws {
        await storefront.start()
        var events = storefront.events().makeAsyncIterator()
        let bought = try await storefront.purchase(Catalog.lifetime)
        let transaction = try #require(try bought.get().transactionID)
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])
        #expect(await next(.entitlementsChanged, from: &events))

        await store.refund(transaction)
        #expect(await next(.entitlementsChanged, from: &events))
        #expect(storefront.snapshot.purchasedProductIDs.isEmpty)
    }

    @Test func restoreSyncsThenRefreshes() async throws {
        await store.seed(Catalog.lifetime)
        let restored = try await storefront.restorePurchases()
        #expect(await store.syncCount == 1)
        #expect(restored.purchasedProductIDs == ["pro.lifetime"])
        #expect(storefront.snapshot.purchasedProductIDs == ["pro.lifetime"])
    }

    @Test func consumablesAreCountedNotOwned() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.tip)
        try await storefront.purchase(Catalog.tip, options: [.quantity(2)])
        #expect(storefront.snapshot.entitlements.value?.consumableCounts == ["tip.small": 3])
        #expect(storefront.snapshot.purchasedProductIDs.isEmpty)
    }

    @Test func namedEntitlementsFollowPurchasesAndTheOriginalAppVersion() async throws {
        let pro = NamedEntitlement(name: "pro", productIDs: ["pro.lifetime"], freemiumSince: AppVersion("2.2.0"))
        await store.set(appTransaction: .verified(.init(appVersion: "3.0", originalAppVersion: "2.10.0", originalPurchaseDate: Catalog.epoch)))
        await storefront.start()
        #expect(storefront.snapshot.originalAppVersion == AppVersion("2.10"))
        #expect(!storefront.snapshot.isActive(pro))
        try await storefront.purchase(Catalog.lifetime)
        #expect(storefront.snapshot.isActive(pro))
    }

    @Test func customersOfThePaidAppKeepWhatTheyPaidFor() async throws {
        let pro = NamedEntitlement(name: "pro", productIDs: ["pro.lifetime"], freemiumSince: AppVersion("2.2.0"))
        let paid = AppTransaction(appVersion: "3.0", originalAppVersion: "2.1.1", originalPurchaseDate: Catalog.epoch)
        await store.set(appTransaction: .unverified(paid, .invalidSignature))
        await storefront.start()
        #expect(!storefront.snapshot.isActive(pro), "an unverified app transaction proves nothing")

        let verified = Harness()
        await verified.store.set(appTransaction: .verified(paid))
        await verified.storefront.start()
        #expect(verified.storefront.snapshot.isActive(pro))
    }
}

private extension Product.PurchaseResult {
    var transactionID: Transaction.ID? {
        if case .success(let result) = self { result.unsafePayloadValue.id } else { nil }
    }
}
