import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Dates in the fixtures' UTC calendar, from `Fixtures.epoch` (1 January 2026).
private func day(_ month: Int, _ day: Int, year: Int = 2026) -> Date {
    Calendar(identifier: .gregorian).date(from: DateComponents(
        timeZone: .gmt, year: year, month: month, day: day
    )) ?? .distantPast
}

private let dayLength: Duration = .seconds(86_400)

@Suite("Subscriptions: renewals, plan changes, offers and billing")
struct SubscriptionRenewalTests {
    @Test("Renewals are recorded for each elapsed period, in the same chain, and sent to updates", arguments: Engine.allCases)
    func renewals(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        var updates = await harness.store.updates().makeAsyncIterator()
        let first = try await harness.buy("pass.gold.monthly")
        #expect(first.expirationDate == day(2, 1))

        harness.clock.advance(by: dayLength * 31)  // 1 February
        let renewed = try await harness.status("pass")
        #expect(renewed.state == .subscribed)
        let renewal = try #require(renewed.transaction.verifiedValue)
        #expect(renewal.id != first.id)
        #expect(renewal.originalID == first.id)
        #expect(renewal.purchaseDate == day(2, 1))
        #expect(renewal.expirationDate == day(3, 1))
        #expect(await updates.nextTransaction()?.verifiedValue == renewal)

        harness.clock.advance(by: dayLength * 60)  // 2 April: March and April renewed
        let chain = try await harness.store.allTransactions().compactMap(\.verifiedValue)
        #expect(chain.map(\.purchaseDate) == [Fixtures.epoch, day(2, 1), day(3, 1), day(4, 1)])
        #expect(Set(chain.map(\.originalID)) == [first.id])
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])
    }

    @Test("An upgrade starts at once in the same chain and marks the old plan upgraded", arguments: Engine.allCases)
    func upgrade(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let bronze = try await harness.buy("pass.bronze.monthly")
        harness.clock.advance(by: dayLength * 10)
        let gold = try await harness.buy("pass.gold.monthly")
        #expect(gold.originalID == bronze.id)
        #expect(gold.purchaseDate == day(1, 11))
        #expect(gold.expirationDate == day(2, 11))
        let old = try await harness.store.allTransactions().compactMap(\.verifiedValue).first { $0.id == bronze.id }
        #expect(old?.isUpgraded == true)
        let status = try await harness.status("pass")
        #expect(status.transaction.verifiedValue?.productID == "pass.gold.monthly")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])
    }

    @Test("A downgrade waits for the renewal as the renewal preference", arguments: Engine.allCases)
    func downgrade(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 5)
        let kept = try await harness.buy("pass.bronze.monthly")
        #expect(kept == gold)  // the plan in force, unchanged
        let before = try await harness.status("pass")
        #expect(before.renewalInfo.verifiedValue?.autoRenewPreference == "pass.bronze.monthly")
        #expect(before.renewalInfo.verifiedValue?.currentProductID == "pass.gold.monthly")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])

        harness.clock.advance(by: dayLength * 27)  // 2 February
        let after = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(after.productID == "pass.bronze.monthly")
        #expect(after.originalID == gold.id)
        #expect(after.purchaseDate == day(2, 1))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.bronze.monthly"])
        #expect(try await harness.store.allTransactions().allSatisfy { $0.verifiedValue?.isUpgraded == false })
    }

    @Test("A crossgrade with the same period is immediate; to another period it waits for the renewal", arguments: Engine.allCases)
    func crossgrades(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let bronze = try await harness.buy("pass.bronze.monthly")
        let copper = try await harness.buy("pass.copper.monthly")
        #expect(copper.id != bronze.id)
        #expect(copper.originalID == bronze.id)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.copper.monthly"])

        let other = try await StoreHarness(engine: engine)
        let monthly = try await other.buy("pass.gold.monthly")
        #expect(try await other.buy("pass.gold.yearly") == monthly)
        other.clock.advance(by: dayLength * 31)
        let yearly = try #require(try await other.status("pass").transaction.verifiedValue)
        #expect(yearly.productID == "pass.gold.yearly")
        #expect(yearly.expirationDate == day(2, 1, year: 2027))
    }

    @Test("Buying the current plan again turns auto-renew back on without charging", arguments: Engine.allCases)
    func resubscribe(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        try await harness.store.setAutoRenew(false, forTransaction: Int64(gold.id))
        #expect(try await harness.status("pass").renewalInfo.verifiedValue?.willAutoRenew == false)
        #expect(try await harness.buy("pass.gold.monthly") == gold)
        #expect(try await harness.status("pass").renewalInfo.verifiedValue?.willAutoRenew == true)
        #expect(try await harness.store.allTransactions().count == 1)
    }

    @Test("The intro offer is once per group, and its period is the first expiration", arguments: Engine.allCases)
    func introOffer(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let trial = try await harness.buy("pass.silver.monthly")
        #expect(trial.offer == Transaction.Offer(type: .introductory, id: nil, paymentMode: .freeTrial, period: .init(value: 1, unit: .week)))
        #expect(trial.expirationDate == day(1, 8))
        let eligibility = try await harness.store.products(for: ["pass.gold.monthly", "extras.monthly"])
            .map { $0.subscription?.isEligibleForIntroOffer }
        #expect(eligibility == [false, true])

        harness.clock.advance(by: dayLength * 7)  // the trial ends and renews at full price
        let renewal = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(renewal.offer == nil)
        #expect(renewal.expirationDate == day(2, 8))

        try await harness.store.expireSubscription(productID: "pass.silver.monthly")
        #expect(try await harness.status("pass").state == .expired)
        harness.clock.advance(by: dayLength)
        let again = try await harness.buy("pass.silver.monthly")
        #expect(again.offer == nil)
        #expect(again.originalID == trial.id)
        #expect(try await harness.buy("extras.monthly").offer?.type == .introductory)
    }

    @Test("A pay-as-you-go offer lasts its number of periods, then the full price applies", arguments: Engine.allCases)
    func promotionalOffer(engine: Engine) async throws {
        let signer = OfferSigner()
        let harness = try await StoreHarness(engine: engine, controls: try signer.controls())
        try await harness.buy("pass.bronze.monthly")  // promotional offers are for subscribers
        let winter = try signer.legacy("winter", of: "pass.silver.monthly", at: Fixtures.epoch)
        let first = try await harness.buy("pass.silver.monthly", options: [winter])
        #expect(first.offer?.type == .promotional)
        #expect(first.offer?.id == "winter")
        #expect(first.expirationDate == day(2, 1))
        harness.clock.advance(by: dayLength * 60)  // 2 March: two renewals
        let entries = try await harness.store.entries()
        #expect(entries.map(\.transaction.offerID) == [nil, "winter", "winter", nil])
        #expect(entries.map(\.transaction.price) == [
            Decimal(string: "2.99"), Decimal(string: "1.99"), Decimal(string: "1.99"), Decimal(string: "4.99"),
        ])
    }

    @Test("With billing issues a lapsed subscription has a grace period, then billing retry, then expires", arguments: Engine.allCases)
    func billingRetryAndGrace(engine: Engine) async throws {
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriod = true
        let harness = try await StoreHarness(engine: engine, controls: controls)
        try await harness.buy("pass.gold.monthly")

        harness.clock.advance(by: dayLength * 32)  // 2 February
        let grace = try await harness.status("pass")
        #expect(grace.state == .inGracePeriod)
        #expect(grace.renewalInfo.verifiedValue?.isInBillingRetry == true)
        #expect(grace.renewalInfo.verifiedValue?.gracePeriodExpirationDate == day(2, 17))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])

        harness.clock.advance(by: dayLength * 18)  // 20 February
        #expect(try await harness.status("pass").state == .inBillingRetryPeriod)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)

        harness.clock.advance(by: dayLength * 50)  // 11 April
        let expired = try await harness.status("pass")
        #expect(expired.state == .expired)
        #expect(expired.renewalInfo.verifiedValue?.expirationReason == .billingError)
        #expect(try await harness.store.allTransactions().count == 1)
    }

    @Test("Expiring ends the period now and nothing renews after it", arguments: Engine.allCases)
    func expire(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 3)
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        harness.clock.advance(by: dayLength * 90)
        let status = try await harness.status("pass")
        #expect(status.state == .expired)
        #expect(status.transaction.verifiedValue?.expirationDate == day(1, 4))
        #expect(status.renewalInfo.verifiedValue?.expirationReason == .autoRenewDisabled)
        #expect(try await harness.store.allTransactions().count == 1)
        await #expect(throws: Product.PurchaseError.productUnavailable) {
            try await harness.store.expireSubscription(productID: "pass.silver.monthly")
        }
    }

    @Test("A refunded subscription is revoked and does not renew", arguments: Engine.allCases)
    func refundedSubscription(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        try await harness.store.refund(transactionID: Int64(gold.id))
        harness.clock.advance(by: dayLength * 40)
        #expect(try await harness.status("pass").state == .revoked)
        #expect(try await harness.store.allTransactions().count == 1)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs.isEmpty)
    }

    @Test("A time rate shortens periods: monthly renewal every 30 seconds", arguments: Engine.allCases)
    func timeRate(engine: Engine) async throws {
        var controls = StoreControls()
        controls.timeRate = try #require(TimeRate(xcodeCode: 15))
        let harness = try await StoreHarness(engine: engine, controls: controls)
        let first = try await harness.buy("pass.gold.monthly")
        #expect(first.expirationDate == Fixtures.epoch + 30)
        harness.clock.advance(by: .seconds(95))
        let latest = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(latest.expirationDate == Fixtures.epoch + 120)
        #expect(try await harness.store.allTransactions().count == 4)
    }

    @Test("Advancing store time is shared through the ledger and renews for every process")
    func advanceStoreTime() async throws {
        let folder = try LedgerFolder()
        let first = try StoreHarness(ledger: .path(folder.database))
        let gold = try await first.buy("pass.gold.monthly")
        let now = try await first.store.advanceStoreTime(by: try #require(StoreTimeStep("1mo")))
        #expect(now == day(2, 1))

        let second = try StoreHarness(ledger: .path(folder.database))
        #expect(try await second.store.storeNow() == day(2, 1))
        let status = try await second.status("pass")
        #expect(status.transaction.verifiedValue?.originalID == gold.id)
        #expect(status.transaction.verifiedValue?.purchaseDate == day(2, 1))
        #expect(try await second.store.allTransactions().count == 2)
    }

    @Test("Two stores renewing one ledger at once record each renewal once")
    func concurrentRenewals() async throws {
        let folder = try LedgerFolder()
        let stores = try (0..<4).map { _ in try StoreHarness(ledger: .path(folder.database)) }
        try await stores[0].buy("pass.gold.monthly")
        for harness in stores { harness.clock.advance(by: dayLength * 365) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for harness in stores {
                group.addTask { _ = try await harness.store.subscriptionStatuses(for: "pass") }
            }
            try await group.waitForAll()
        }
        let dates = try await stores[1].ledger.transactions().map(\.transaction.purchaseDate)
        #expect(dates.count == 13)
        #expect(Set(dates).count == 13)
    }
}
