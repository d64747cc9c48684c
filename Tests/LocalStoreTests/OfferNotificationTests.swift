import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

/// Silver and bronze monthly each with an offer code anyone may redeem: a free month.
private let codes = Fixtures.catalog(changing: "pass.silver.monthly") { subscription in
    subscription.codeOffers = [Fixtures.offer(.code, .freeTrial, "P1M", referenceName: "SILVERMONTH")]
}

private let bothCodes = Fixtures.catalog(from: codes, changing: "pass.bronze.monthly") { subscription in
    subscription.codeOffers = [Fixtures.offer(.code, .freeTrial, "P1M", referenceName: "BRONZEMONTH")]
}

/// `OFFER_REDEEMED` as Apple sends it, decided from the ledger's transaction and its chain,
/// on both engines: an offer code (or a promotional offer) redeemed by a new, current or
/// lapsed subscriber, renewals that start or keep an offer, and a win-back offer's
/// resubscription. (An offer on the plan the customer has, or a lower one, waits for the
/// renewal: `OfferAtRenewalTests`.)
@Suite("Notifications for offers")
struct OfferNotificationTests {
    private func kinds(_ harness: StoreHarness) async throws -> [String] {
        try await harness.notificationKinds()
    }

    /// A period of `productID` with `offer`, from `start` for `days` days, as another path (a
    /// signed promotional offer, a win-back offer) would record it in the ledger.
    private func period(
        _ productID: String, days start: Double, to end: Double, offer: (LedgerTransaction.OfferType, String),
        mode: LedgerTransaction.OfferPaymentMode, price: String, length: String
    ) -> LedgerPurchase {
        var purchase = LedgerPurchase(
            productID: productID, productType: .autoRenewable, purchaseDate: Fixtures.epoch + start * 86_400,
            expirationDate: Fixtures.epoch + end * 86_400, offerType: offer.0, offerID: offer.1, offerPaymentMode: mode,
            storefront: "USA", price: Decimal(string: price), currency: "USD", subscriptionGroupID: "pass"
        )
        purchase.offerPeriod = length
        return purchase
    }

    @Test("An offer code redeemed by a new subscriber, a current one (an upgrade) and a lapsed one", arguments: Engine.allCases)
    func offerCodes(engine: Engine) async throws {
        let newcomer = try await StoreHarness(engine: engine, catalog: bothCodes)
        _ = try await newcomer.store.redeem(offerCode: "SILVERMONTH")
        #expect(try await kinds(newcomer) == ["OFFER_REDEEMED INITIAL_BUY"])

        let current = try await StoreHarness(engine: engine, catalog: bothCodes)
        _ = try await current.buy("pass.bronze.monthly")
        let upgrade = try #require(try await current.store.redeem(offerCode: "SILVERMONTH").verifiedValue)
        #expect(upgrade.productID == "pass.silver.monthly" && upgrade.offer?.type == .code)
        #expect(try await kinds(current) == ["SUBSCRIBED INITIAL_BUY", "OFFER_REDEEMED UPGRADE"])

        let lapsed = try await StoreHarness(engine: engine, catalog: bothCodes)
        let first = try await lapsed.buy("pass.bronze.monthly")
        try await lapsed.store.setAutoRenew(false, forTransaction: Int64(first.id))
        lapsed.clock.advance(by: day * 40)
        let back = try #require(try await lapsed.store.redeem(offerCode: "BRONZEMONTH").verifiedValue)
        #expect(back.originalID == first.id, "the chain taken up again")
        #expect(try await kinds(lapsed) == [
            "SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "OFFER_REDEEMED RESUBSCRIBE",
        ])
    }

    @Test("A renewal that starts an offer, or keeps it, is DID_RENEW: the offer was told when it was redeemed", arguments: Engine.allCases)
    func renewalsCarryingAnOffer(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let silver = try await harness.buy("pass.silver.monthly")  // the free week, to 8 January
        let winter = (LedgerTransaction.OfferType.promotional, "winter")
        let offered = period("pass.silver.monthly", days: 7, to: 38, offer: winter, mode: .payAsYouGo, price: "1.99", length: "P2M")
        let applied = try await harness.ledger.recordSubscriptionTransaction(offered, continuing: Int64(silver.id), attemptID: UUID())
        let next = period("pass.silver.monthly", days: 38, to: 66, offer: winter, mode: .payAsYouGo, price: "1.99", length: "P2M")
        _ = try await harness.ledger.recordSubscriptionTransaction(next, continuing: applied.id, attemptID: UUID())
        #expect(try await kinds(harness) == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW", "DID_RENEW"])
    }

    @Test("A win-back offer taken by a churned subscriber is SUBSCRIBED RESUBSCRIBE, its transaction offer type 4", arguments: Engine.allCases)
    func winBack(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let gold = try await harness.buy("pass.gold.monthly")
        try await harness.store.setAutoRenew(false, forTransaction: Int64(gold.id))
        harness.clock.advance(by: day * 60)
        let comeback = period("pass.gold.monthly", days: 60, to: 150, offer: (.winBack, "comeback"), mode: .payUpFront, price: "9.99", length: "P3M")
        let back = try await harness.ledger.recordSubscriptionTransaction(comeback, continuing: Int64(gold.id), attemptID: UUID())
        #expect(back.transaction.offerType == .winBack && back.transaction.offerType?.rawValue == 4)
        #expect(try await kinds(harness) == [
            "SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "SUBSCRIBED RESUBSCRIBE",
        ])
    }
}
