import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

/// Bronze monthly with an offer code any customer may redeem: two months at $0.99.
private let bronzeDeal = Fixtures.catalog(changing: "pass.bronze.monthly") { subscription in
    subscription.codeOffers = [Fixtures.offer(.code, .payAsYouGo, "P1M", count: 2, price: "0.99", referenceName: "BRONZEDEAL")]
}

/// An offer a subscriber redeems for the plan they have, or a lower one, as the App Store
/// applies it: it waits for the next renewal (`OFFER_REDEEMED`, with `DOWNGRADE` for a lower
/// plan), the renewal info shows it, the renewal carries it (`DID_RENEW`) and later renewals
/// keep it for its periods; it lives in the ledger, so a restart keeps it and two stores apply
/// it once. On both engines.
@Suite("Offers redeemed for the next renewal")
struct OfferAtRenewalTests {
    private let signer = OfferSigner()

    /// The chain's renewals (every transaction after the first), as "product offer price".
    private func renewals(_ harness: StoreHarness) async throws -> [String] {
        try await harness.store.allTransactions().compactMap(\.verifiedValue).dropFirst().map { renewal in
            "\(renewal.productID) \(renewal.offer?.id ?? "-") \(renewal.price.map { "\($0)" } ?? "?")"
        }
    }

    @Test("A promotional offer on the current plan: OFFER_REDEEMED now, the renewal carries it, two periods at its price", arguments: Engine.allCases)
    func promotionalOfferOnTheCurrentPlan(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine, controls: try signer.controls())
        let trial = try await harness.buy("pass.silver.monthly")  // the free week, to 8 January
        let answer = try await harness.buy("pass.silver.monthly", options: [try signer.legacy("winter", of: "pass.silver.monthly", at: Fixtures.epoch)])
        #expect(answer.id == trial.id, "the plan in force stays; nothing is charged now")
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "OFFER_REDEEMED"])

        let renewal = try #require(try await harness.status("pass").renewalInfo.verifiedValue)
        #expect(renewal.offer == Transaction.Offer(type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: .init(value: 2, unit: .month)))
        #expect(renewal.renewalPrice == Decimal(string: "1.99") && renewal.autoRenewPreference == "pass.silver.monthly")

        harness.clock.advance(by: day * 7)  // 8 January: the renewal starts the offer
        let first = try #require(try await harness.status("pass").transaction.verifiedValue)
        #expect(first.offer == Transaction.Offer(type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: .init(value: 2, unit: .month)))
        #expect(first.purchaseDate == trial.expirationDate && first.price == Decimal(string: "1.99"))
        #expect(try await harness.ledger.pendingOffers().isEmpty, "applied, it no longer waits")

        harness.clock.advance(by: day * 62)  // two more renewals: the offer's second month, then full price
        _ = try await harness.status("pass")
        #expect(try await renewals(harness) == [
            "pass.silver.monthly winter 1.99", "pass.silver.monthly winter 1.99", "pass.silver.monthly - 4.99",
        ])
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "OFFER_REDEEMED", "DID_RENEW", "DID_RENEW", "DID_RENEW"])
    }

    @Test("An offer code on a lower plan: OFFER_REDEEMED DOWNGRADE; a restarted store renews into it once, with the offer", arguments: Engine.allCases)
    func offerCodeOnALowerPlanSurvivesARestart(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let harness = try await StoreHarness(on: ledger, catalog: bronzeDeal)
        let gold = try await harness.buy("pass.gold.monthly")  // to 1 February
        let answer = try #require(try await harness.store.redeem(offerCode: "bronzedeal").verifiedValue)
        #expect(answer.id == gold.id && answer.offer == nil, "gold stays until the renewal")
        #expect(try await harness.notificationKinds() == ["SUBSCRIBED INITIAL_BUY", "OFFER_REDEEMED DOWNGRADE"])
        let renewal = try #require(try await harness.status("pass").renewalInfo.verifiedValue)
        #expect(renewal.autoRenewPreference == "pass.bronze.monthly" && renewal.renewalPrice == Decimal(string: "0.99"))
        #expect(renewal.offer == Transaction.Offer(type: .code, id: "BRONZEDEAL", paymentMode: .payAsYouGo, period: .init(value: 2, unit: .month)))
        await #expect(throws: OfferCodeError.alreadyRedeemed("BRONZEDEAL")) { try await harness.store.redeem(offerCode: "BRONZEDEAL") }

        // Two stores on the rows, one opened afresh (a restart), both past the renewal.
        let restarted = try await StoreHarness(on: ledger, catalog: bronzeDeal)
        harness.clock.advance(by: day * 31)
        restarted.clock.advance(by: day * 31)
        async let one = harness.store.subscriptionStatuses(for: "pass")
        async let other = restarted.store.subscriptionStatuses(for: "pass")
        _ = try await (one, other)
        #expect(try await renewals(restarted) == ["pass.bronze.monthly BRONZEDEAL 0.99"], "applied once")

        restarted.clock.advance(by: day * 59)  // 1 March and 1 April: the code's second month, then full price
        _ = try await restarted.status("pass")
        #expect(try await renewals(restarted) == [
            "pass.bronze.monthly BRONZEDEAL 0.99", "pass.bronze.monthly BRONZEDEAL 0.99", "pass.bronze.monthly - 2.99",
        ])
        #expect(try await restarted.notificationKinds() == [
            "SUBSCRIBED INITIAL_BUY", "OFFER_REDEEMED DOWNGRADE", "DID_RENEW", "DID_RENEW", "DID_RENEW",
        ])
    }

    @Test("An offer redeemed in another process reaches a watcher as a status change, its renewal info showing the offer",
          .timeLimit(.minutes(1)), arguments: Engine.allCases)
    func anotherProcessRedeems(engine: Engine) async throws {
        let ledger = try await TestLedger(engine)
        let watching = try await StoreHarness(on: ledger, catalog: bronzeDeal), redeeming = try await StoreHarness(on: ledger, catalog: bronzeDeal)
        try await redeeming.buy("pass.bronze.monthly")
        var updates = await watching.store.updates().makeAsyncIterator()
        let watcher = try await watching.store.watchLedger(every: .seconds(1))
        defer { watcher.cancel() }
        _ = try await redeeming.store.redeem(offerCode: "BRONZEDEAL")  // the plan in force: no transaction, no preference
        await watching.watcherLooks(after: .seconds(1))
        var update = await updates.next()
        while case .transaction? = update { update = await updates.next() }  // the bronze purchase, seen first
        #expect(update == .subscriptionStatusChanged(groupID: "pass"))
        #expect(try await watching.status("pass").renewalInfo.verifiedValue?.offer?.id == "BRONZEDEAL")
    }

    @Test("While an offer waits, another is refused naming it; choosing the current plan again withdraws it", arguments: Engine.allCases)
    func oneOfferWaitsAtATime(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine, catalog: bronzeDeal, controls: try signer.controls())
        try await harness.buy("pass.gold.monthly")
        _ = try await harness.store.redeem(offerCode: "BRONZEDEAL")
        let winter = try signer.legacy("winter", of: "pass.silver.monthly", at: Fixtures.epoch)
        await #expect(throws: SignedOfferError(.promotionalOffer, .offerWaiting(offerID: "BRONZEDEAL"))) {
            try await harness.buy("pass.silver.monthly", options: [winter])
        }
        #expect(try await harness.status("pass").renewalInfo.verifiedValue?.autoRenewPreference == "pass.bronze.monthly")

        try await harness.buy("pass.gold.monthly")  // back to renewing as gold
        #expect(try await harness.ledger.pendingOffers().isEmpty)
        harness.clock.advance(by: day * 31)
        _ = try await harness.status("pass")
        #expect(try await renewals(harness) == ["pass.gold.monthly - 9.99"])
    }
}
