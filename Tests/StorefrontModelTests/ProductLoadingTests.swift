import Foundation
import StorefrontModel
import Testing

@Suite(.timeLimit(.minutes(1))) struct ProductLoadingTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }

    @Test func loadGoesFromLoadingToSuccessInTheCallersOrder() async throws {
        var events = storefront.events().makeAsyncIterator()
        let loaded = try await storefront.loadProducts(["pass.basic", "tip.small", "pass.basic", "pro.lifetime"], slot: "shop")
        #expect(loaded.productIDs == ["pass.basic", "tip.small", "pro.lifetime"])
        #expect(loaded.unavailableIDs == [])
        #expect(await events.next() == .productsChanged("shop"))
        #expect(await events.next() == .productsChanged("shop"))
        #expect(storefront.snapshot.products["shop"]?.productIDs == loaded.productIDs)
    }

    @Test func loadingIsReportedBeforeTheAnswer() async throws {
        await store.set(productsLatency: .seconds(2))
        let load = Task { try await storefront.loadProducts(["tip.small"], slot: "tips") }
        await harness.testClock.waitForSleepers()
        #expect(storefront.snapshot.products["tips"]?.isLoading == true)
        harness.testClock.advance(by: .seconds(2))
        #expect(try await load.value.productIDs == ["tip.small"])
    }

    @Test func unknownIDsAreUnavailableNotAFailure() async throws {
        let some = try await storefront.loadProducts(["tip.small", "no.such", "gone"], slot: "a")
        #expect(some.productIDs == ["tip.small"])
        #expect(some.unavailableIDs == ["no.such", "gone"])
        let none = try await storefront.loadProducts(["no.such"], slot: "b")
        #expect(none.productIDs == [])
        #expect(none.unavailableIDs == ["no.such"])
    }

    @Test func singleProductIsUnavailableOrLoaded() async throws {
        guard case .unavailable = try await storefront.loadProduct("no.such", slot: "one") else {
            Issue.record("an unknown product is unavailable")
            return
        }
        guard case .success(let product) = try await storefront.loadProduct("pro.lifetime", slot: "one") else {
            Issue.record("a known product loads")
            return
        }
        #expect(product.displayPrice == "£19.99")
    }

    @Test func failedLoadIsAFailureAndCanBeRetried() async throws {
        await store.set(productsError: StoreKitError.networkError(URLError(.notConnectedToInternet)))
        let failed = try await storefront.loadProducts(["tip.small"], slot: "tips")
        guard case StoreKitError.networkError? = failed.error else {
            Issue.record("expected the network error, got \(failed)")
            return
        }
        await store.set(productsError: nil)
        let retried = try await storefront.loadProducts(["tip.small"], slot: "tips")
        #expect(retried.productIDs == ["tip.small"])
        #expect(await store.productRequests.count == 2)
    }

    @Test func newerLoadInTheSameSlotCancelsTheOlder() async throws {
        await store.set(productsLatency: .seconds(5))
        let older = Task { try await storefront.loadProducts(["tip.small"], slot: "shop") }
        await harness.testClock.waitForSleepers()
        let newer = Task { try await storefront.loadProducts(["pro.lifetime"], slot: "shop") }
        await #expect(throws: CancellationError.self) { try await older.value }
        #expect(await store.cancelledRequests == [["tip.small"]])
        await harness.testClock.waitForSleepers()  // the newer one, the older's sleep being over
        #expect(await store.productRequests.count == 2)
        harness.testClock.advance(by: .seconds(5))
        #expect(try await newer.value.productIDs == ["pro.lifetime"])
        #expect(storefront.snapshot.products["shop"]?.productIDs == ["pro.lifetime"])
    }

    @Test func loadsInOtherSlotsDoNotCancelEachOther() async throws {
        await store.set(productsLatency: .seconds(5))
        let first = Task { try await storefront.loadProducts(["tip.small"], slot: "tips") }
        let second = Task { try await storefront.loadProducts(["pro.lifetime"], slot: "pro") }
        await harness.testClock.waitForSleepers(2)
        harness.testClock.advance(by: .seconds(5))
        #expect(try await first.value.productIDs == ["tip.small"])
        #expect(try await second.value.productIDs == ["pro.lifetime"])
    }

    @Test func cancellingTheCallerCancelsTheBackendRequest() async throws {
        await store.set(productsLatency: .seconds(5))
        let load = Task { try await storefront.loadProducts(["tip.small"], slot: "tips") }
        await harness.testClock.waitForSleepers()
        load.cancel()
        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(await store.cancelledRequests == [["tip.small"]])
        #expect(storefront.snapshot.products["tips"] == nil)
    }

    @Test func answersAreCachedUntilTheTimeToLivePasses() async throws {
        try await storefront.loadProducts(["tip.small", "no.such"], slot: "a")
        harness.testClock.advance(by: .seconds(299))
        let cached = try await storefront.loadProducts(["no.such", "tip.small"], slot: "b")
        #expect(cached.productIDs == ["tip.small"])
        #expect(cached.unavailableIDs == ["no.such"])
        #expect(await store.productRequests.count == 1)

        try await storefront.loadProducts(["tip.small", "pro.lifetime"], slot: "c")
        #expect(await store.productRequests.last == ["pro.lifetime"], "only what is not cached is asked for")

        harness.testClock.advance(by: .seconds(1))
        try await storefront.loadProducts(["tip.small"], slot: "a")
        #expect(await store.productRequests.last == ["tip.small"])
    }

    @Test func storefrontChangeDropsTheCacheAndReloadsShownSlots() async throws {
        await storefront.start()
        var events = storefront.events().makeAsyncIterator()
        let before = try await storefront.loadProducts(["tip.small"], slot: "tips")
        #expect(before.productIDs == ["tip.small"])
        #expect(storefront.snapshot.storefront?.countryCode == "GBR")

        let yen = Decimal.FormatStyle.Currency(code: "JPY", locale: Locale(identifier: "ja_JP"))
        let japan = StorefrontInfo(id: "143462", countryCode: "JPN")
        await store.set(productsLatency: .seconds(1))
        await store.changeStorefront(to: japan, catalog: [Catalog.product("tip.small", .consumable, "160", style: yen)])

        #expect(await next(.storefrontChanged, from: &events))
        #expect(await next(.productsChanged("tips"), from: &events))
        #expect(storefront.snapshot.products["tips"]?.isLoading == true)
        await harness.testClock.waitForSleepers()
        harness.testClock.advance(by: .seconds(1))
        #expect(await next(.productsChanged("tips"), from: &events))
        guard case .success(let products, _)? = storefront.snapshot.products["tips"] else {
            Issue.record("tips should reload")
            return
        }
        #expect(products.map(\.displayPrice) == ["¥160"])
        #expect(storefront.snapshot.storefront == japan)
        #expect(await store.productRequests.count == 2)
    }
}
