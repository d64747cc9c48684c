import Foundation
import LocalStore
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

/// A subscription's price raised for its existing subscribers, on both engines: what the
/// renewal info says, what the next renewal bills, and what the server is told.
@Suite("Price increases")
struct PriceIncreaseTests {
    private func renewal(_ harness: StoreHarness) async throws -> Product.SubscriptionInfo.RenewalInfo {
        guard case .verified(let renewal) = try await harness.status("pass").renewalInfo else { throw FixtureError.missing("renewal info") }
        return renewal
    }

    @Test("Consent required: PENDING, then ACCEPTED; the next renewal bills the new price", arguments: Engine.allCases)
    func consented(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let first = try await harness.buy("pass.bronze.monthly")
        let raised = try await harness.store.increasePrice(of: "pass.bronze.monthly", to: Decimal(string: "3.99")!)
        #expect(raised.map(\.originalID) == [Int64(first.id)] && raised.first?.status == .pending)
        var info = try await renewal(harness)
        #expect(info.priceIncreaseStatus == .pending && info.renewalPrice == Decimal(string: "3.99") && info.willAutoRenew)

        try await harness.store.consentToPriceIncrease(transactionID: Int64(first.id))
        info = try await renewal(harness)
        #expect(info.priceIncreaseStatus == .agreed && info.renewalPrice == Decimal(string: "3.99"))

        harness.clock.advance(by: day * 31)
        let status = try await harness.status("pass")
        guard case .verified(let renewed) = status.transaction else { throw FixtureError.missing("renewal") }
        #expect(status.state == .subscribed && renewed.id != first.id && renewed.price == Decimal(string: "3.99"))
        info = try await renewal(harness)
        #expect(info.priceIncreaseStatus == .noIncreasePending, "in effect: no increase ahead any more")
        harness.clock.advance(by: day * 31)
        guard case .verified(let again) = try await harness.status("pass").transaction else { throw FixtureError.missing("renewal") }
        #expect(again.id != renewed.id && again.price == Decimal(string: "3.99"), "the renewals after keep the new price")
        #expect(try await harness.notificationKinds() == [
            "SUBSCRIBED INITIAL_BUY", "PRICE_INCREASE PENDING", "PRICE_INCREASE ACCEPTED", "DID_RENEW", "DID_RENEW",
        ])
    }

    @Test("Ignored until the renewal date: no renewal, EXPIRED PRICE_INCREASE", arguments: Engine.allCases)
    func ignored(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let first = try await harness.buy("pass.bronze.monthly")
        try await harness.store.increasePrice(of: "pass.bronze.monthly", to: Decimal(string: "3.99")!)
        harness.clock.advance(by: day * 32)
        _ = try await harness.store.recordDueNotifications()
        let status = try await harness.status("pass")
        guard case .verified(let current) = status.transaction else { throw FixtureError.missing("transaction") }
        #expect(status.state == .expired && current.id == first.id, "nothing renewed at the old or the new price")
        let lapsed = try await renewal(harness)
        #expect(lapsed.expirationReason == .didNotConsentToPriceIncrease && !lapsed.willAutoRenew)
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "PRICE_INCREASE PENDING", "EXPIRED PRICE_INCREASE"])
    }

    @Test("Declined: auto-renew off at once, EXPIRED PRICE_INCREASE at the renewal date", arguments: Engine.allCases)
    func declined(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let first = try await harness.buy("pass.bronze.monthly")
        try await harness.store.increasePrice(of: "pass.bronze.monthly", to: Decimal(string: "3.99")!)
        try await harness.store.declinePriceIncrease(transactionID: Int64(first.id))
        let info = try await renewal(harness)
        #expect(!info.willAutoRenew && info.priceIncreaseStatus == .pending)
        harness.clock.advance(by: day * 32)
        _ = try await harness.store.recordDueNotifications()
        #expect(try await harness.status("pass").state == .expired)
        #expect(try await renewal(harness).expirationReason == .didNotConsentToPriceIncrease)
        #expect(try await harness.notificationKinds() == [
            "SUBSCRIBED INITIAL_BUY", "PRICE_INCREASE PENDING", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "EXPIRED PRICE_INCREASE",
        ])
        await #expect(throws: PriceChangeError.noPendingIncrease(transactionID: Int64(first.id))) {
            try await harness.store.consentToPriceIncrease(transactionID: Int64(first.id))
        }
    }

    @Test("No consent needed: ACCEPTED at once, and the renewal bills it", arguments: Engine.allCases)
    func withoutConsent(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        _ = try await harness.buy("pass.bronze.monthly")
        try await harness.store.increasePrice(of: "pass.bronze.monthly", to: Decimal(string: "3.49")!, requiresConsent: false)
        #expect(try await renewal(harness).priceIncreaseStatus == .agreed)
        harness.clock.advance(by: day * 31)
        guard case .verified(let renewed) = try await harness.status("pass").transaction else { throw FixtureError.missing("renewal") }
        #expect(renewed.price == Decimal(string: "3.49"))
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "PRICE_INCREASE ACCEPTED", "DID_RENEW"])
    }

    @Test("A renewal that keeps its offer bills the offer price after an increase, and says so; the new price comes after the offer", arguments: Engine.allCases)
    func offerKeptThroughAnIncrease(engine: Engine) async throws {
        // Three months at $0.99, then $1.99.
        let catalog = Fixtures.catalog(changing: "extras.monthly") { subscription in
            subscription.introductoryOffer = Fixtures.offer(.introductory, .payAsYouGo, "P1M", count: 3, price: "0.99")
        }
        let harness = try await StoreHarness(engine: engine, catalog: catalog)
        _ = try await harness.buy("extras.monthly")
        try await harness.store.increasePrice(of: "extras.monthly", to: Decimal(string: "2.49")!, requiresConsent: false)
        func next() async throws -> (price: Decimal?, offer: Bool, status: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus) {
            let renewal = try #require(try await harness.status("extras").renewalInfo.verifiedValue)
            return (renewal.renewalPrice, renewal.offer != nil, renewal.priceIncreaseStatus)
        }
        func billed() async throws -> Decimal? { try await harness.status("extras").transaction.verifiedValue?.price }
        var upcoming = try await next()
        #expect(upcoming.price == Decimal(string: "0.99") && upcoming.offer && upcoming.status == .agreed, "Apple: renewalPrice reflects the offer")
        harness.clock.advance(by: day * 31)  // 1 February
        #expect(try await billed() == Decimal(string: "0.99"))
        harness.clock.advance(by: day * 28)  // 1 March: the offer's last month
        #expect(try await billed() == Decimal(string: "0.99"))
        upcoming = try await next()
        #expect(upcoming.price == Decimal(string: "2.49") && !upcoming.offer, "the offer used up, the raised price bills next")
        harness.clock.advance(by: day * 31)  // 1 April
        #expect(try await billed() == Decimal(string: "2.49"))
    }

    @Test("Another process's price increase reaches a watching store as a status change", .timeLimit(.minutes(1)), arguments: Engine.allCases)
    func seenByAWatcher(engine: Engine) async throws {
        let shared = try await TestLedger(engine)
        let watching = try await StoreHarness(on: shared), other = try await StoreHarness(on: shared)
        _ = try await watching.buy("pass.bronze.monthly")
        var updates = await watching.store.updates().makeAsyncIterator()
        let watcher = try await watching.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        try await other.store.increasePrice(of: "pass.bronze.monthly", to: Decimal(string: "3.99")!)
        await watching.watcherLooks(after: .seconds(1))
        var changed: String?
        while changed == nil, let update = await updates.next() {
            if case .subscriptionStatusChanged(let groupID) = update { changed = groupID }
        }
        #expect(changed == "pass")
    }

    @Test("Refused: a lower price, a product nobody subscribes to, one that is not a subscription")
    func refusals() async throws {
        let harness = try await StoreHarness(engine: .sqlite)
        _ = try await harness.buy("pass.bronze.monthly")
        await #expect(throws: PriceChangeError.notAnIncrease(productID: "pass.bronze.monthly", price: 1, current: Decimal(string: "2.99")!)) {
            try await harness.store.increasePrice(of: "pass.bronze.monthly", to: 1)
        }
        await #expect(throws: PriceChangeError.noSubscribers(productID: "pass.gold.monthly")) {
            try await harness.store.increasePrice(of: "pass.gold.monthly", to: 20)
        }
        await #expect(throws: PriceChangeError.notASubscription(productID: "coins")) {
            try await harness.store.increasePrice(of: "coins", to: 2)
        }
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY"])
    }
}

/// A product removed from sale, on both engines: nobody can buy it, its subscribers lapse
/// at their renewal, and put back on sale it sells again.
@Suite("Removed from sale")
struct RemovedFromSaleTests {
    @Test("Unavailable to new customers; subscribers lapse with EXPIRED PRODUCT_NOT_FOR_SALE; back on sale it sells", arguments: Engine.allCases)
    func removed(engine: Engine) async throws {
        let shared = try await TestLedger(engine)
        let subscriber = try await StoreHarness(on: shared)
        let newcomer = try await StoreHarness(on: shared, account: try CustomerAccount("newcomer"))
        _ = try await subscriber.buy("pass.bronze.monthly")
        try await subscriber.store.setRemovedFromSale(true, productID: "pass.bronze.monthly")

        #expect(try await newcomer.store.products(for: ["pass.bronze.monthly", "coins"]).map(\.id) == ["coins"])
        await #expect(throws: Product.PurchaseError.productUnavailable) {
            _ = try await newcomer.store.buy("pass.bronze.monthly")
        }
        #expect(try await subscriber.status("pass").state == .subscribed, "the period paid for stays")

        subscriber.clock.advance(by: day * 32)
        _ = try await subscriber.store.recordDueNotifications()
        let status = try await subscriber.status("pass")
        guard case .verified(let renewal) = status.renewalInfo else { throw FixtureError.missing("renewal info") }
        #expect(status.state == .expired && renewal.expirationReason == .productUnavailable)
        #expect(try await subscriber.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "EXPIRED PRODUCT_NOT_FOR_SALE"])

        try await subscriber.store.setRemovedFromSale(false, productID: "pass.bronze.monthly")
        #expect(try await newcomer.store.products(for: ["pass.bronze.monthly"]).map(\.id) == ["pass.bronze.monthly"])
        _ = try await newcomer.buy("pass.bronze.monthly")
    }
}
