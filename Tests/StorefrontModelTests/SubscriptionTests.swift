import Foundation
import StorefrontModel
import Testing

/// Subscription status per group, intro-offer eligibility, and plan changes as the
/// customer sees them while the test clock moves.
@Suite(.timeLimit(.minutes(1))) struct SubscriptionTests {
    let harness = Harness()
    var store: FakeStore { harness.store }
    var storefront: Storefront { harness.storefront }
    let day: Duration = .seconds(24 * 3600)

    func plans() -> [Product] {
        guard case .success(let products, _)? = storefront.snapshot.products["plans"] else { return [] }
        return products
    }

    @Test func introOfferEligibilityIsUsedUpForTheWholeGroup() async throws {
        await storefront.start()
        try await storefront.loadProducts(["pass.basic", "pass.premium"], slot: "plans")
        #expect(plans().map { $0.subscription?.isEligibleForIntroOffer } == [true, true])
        #expect(storefront.snapshot.subscriptionGroup("pass")?.isEligibleForIntroOffer == true)

        let bought = try await storefront.purchase(Catalog.basic)
        #expect(try bought.get() != .pending)
        #expect(plans().map { $0.subscription?.isEligibleForIntroOffer } == [false, false])
        #expect(storefront.snapshot.subscriptionGroup("pass")?.isEligibleForIntroOffer == false)
    }

    @Test func loadedPlansCarryTheCustomersStatus() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.basic)
        try await storefront.loadProducts(["pass.basic", "tip.small"], slot: "plans")
        let basic = try #require(plans().first)
        #expect(basic.subscription?.status.map(\.state) == [.subscribed])
        guard case .success(let statuses) = storefront.snapshot.subscriptionStatus(for: "pass") else {
            Issue.record("statuses load with entitlements")
            return
        }
        #expect(statuses.map(\.state) == [.subscribed])
    }

    @Test func billingRetryEndsAccessAndGraceKeepsIt() async throws {
        await storefront.start()
        var events = storefront.events().makeAsyncIterator()
        try await storefront.purchase(Catalog.basic)
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.basic"])

        await store.force(.inBillingRetryPeriod, group: "pass")
        #expect(await next(.entitlementsChanged, from: &events))
        #expect(await until({ $0.purchasedProductIDs.isEmpty }, in: storefront, from: &events))
        #expect(storefront.snapshot.subscriptionGroup("pass")?.statuses.map(\.state) == [.inBillingRetryPeriod])

        await store.force(.inGracePeriod, group: "pass")
        #expect(await until({ $0.purchasedProductIDs == ["pass.basic"] }, in: storefront, from: &events))
    }

    @Test func upgradeTakesEffectAtOnce() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.basic)
        harness.testClock.advance(by: day * 10)
        try await storefront.purchase(Catalog.premium)
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.premium"])
        #expect(storefront.snapshot.subscriptionGroup("pass")?.currentProductID == "pass.premium")
    }

    @Test func downgradeTakesEffectAtTheNextRenewal() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.premium)
        let renewal = try #require(storefront.snapshot.entitlements.value?.transactions["pass.premium"]?.expirationDate)
        harness.testClock.advance(by: day * 10)
        try await storefront.purchase(Catalog.basic)
        let group = try #require(storefront.snapshot.subscriptionGroup("pass"))
        #expect(group.currentProductID == "pass.premium")
        #expect(group.autoRenewPreference == "pass.basic")

        harness.testClock.advance(by: .seconds(renewal.timeIntervalSince(harness.clock.now)) - .seconds(1))
        try await storefront.refreshEntitlements()
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.premium"])
        harness.testClock.advance(by: .seconds(1))
        try await storefront.refreshEntitlements()
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.basic"])
        #expect(storefront.snapshot.entitlements.value?.transactions["pass.basic"]?.purchaseDate == renewal)
    }

    @Test func crossgradeWithTheSamePeriodTakesEffectAtOnce() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.basic)
        harness.testClock.advance(by: day)
        try await storefront.purchase(Catalog.basicPlus)
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.basic.plus"])
    }

    @Test func crossgradeToAnotherPeriodWaitsForTheRenewal() async throws {
        await storefront.start()
        try await storefront.purchase(Catalog.basic)
        harness.testClock.advance(by: day)
        try await storefront.purchase(Catalog.basicYearly)
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.basic"])
        #expect(storefront.snapshot.subscriptionGroup("pass")?.autoRenewPreference == "pass.basic.yearly")
        harness.testClock.advance(by: day * 31)
        try await storefront.refreshEntitlements()
        #expect(storefront.snapshot.purchasedProductIDs == ["pass.basic.yearly"])
    }
}
