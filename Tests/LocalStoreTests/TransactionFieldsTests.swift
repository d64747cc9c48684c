import Foundation
import LocalStore
import StorefrontModel
import Testing

private let day: Duration = .seconds(86_400)

/// Extras monthly with a two-month pay-as-you-go introductory offer at $0.99.
private let twoCheapMonths = Fixtures.catalog(changing: "extras.monthly") { subscription in
    subscription.introductoryOffer = Fixtures.offer(.introductory, .payAsYouGo, "P1M", count: 2, price: "0.99")
}

/// The transaction fields StoreKit added in 2024–25, as an app reads them through the
/// local store and a `Storefront`: the offer's period, price and currency, the app
/// transaction ID, the renewal info's token, price and offer, and the lookups by product and
/// by any transaction of a subscription.
@Suite("Transaction fields of 2024–25")
struct TransactionFieldsTests {
    @Test("A transaction carries its offer's type, payment mode and whole period, its price and currency")
    func offerOnTheTransaction() async throws {
        let harness = try StoreHarness(catalog: twoCheapMonths)
        let extras = try await harness.buy("extras.monthly")
        let offer = try #require(extras.offer)
        #expect(offer.type == .introductory && offer.id == nil && offer.paymentMode == .payAsYouGo)
        #expect(offer.period == Product.SubscriptionPeriod(value: 2, unit: .month), "two monthly periods: P2M")
        #expect(offer.period?.iso8601 == "P2M")
        #expect(extras.price == Decimal(string: "0.99") && extras.currency?.identifier == "USD")
        let trial = try await harness.buy("pass.silver.monthly")
        #expect(trial.offer?.paymentMode == .freeTrial && trial.offer?.period?.iso8601 == "P1W" && trial.price == 0)
        let coins = try await harness.buy("coins")
        #expect(coins.offer == nil && coins.price == Decimal(string: "0.99"))
    }

    @Test("One app transaction ID per customer: on every transaction, renewal info and the app transaction")
    func appTransactionID() async throws {
        let shared = try await TestLedger(.sqlite)
        let alice = try await StoreHarness(on: shared, account: try CustomerAccount("alice"))
        let bob = try await StoreHarness(on: shared, account: try CustomerAccount("bob"))
        let coins = try await alice.buy("coins")
        let pass = try await alice.buy("pass.bronze.monthly")
        alice.clock.advance(by: day * 31)
        let status = try await alice.status("pass")
        let renewed = try #require(status.transaction.verifiedValue)
        #expect(renewed.id != pass.id, "the pass renewed")
        let app = try #require(try await alice.store.appTransaction().verifiedValue)
        let ids = [coins.appTransactionID, pass.appTransactionID, renewed.appTransactionID,
                   status.renewalInfo.verifiedValue?.appTransactionID, app.appTransactionID]
        #expect(Set(ids).count == 1 && UInt64(coins.appTransactionID) != nil, "\(ids)")
        let bobs = try await bob.buy("coins")
        #expect(bobs.appTransactionID != coins.appTransactionID, "another customer, another app transaction")
        #expect(app.originalPlatform == .iOS)
    }

    @Test("The renewal info carries the app account token, the renewal's price and the offer it keeps; renewals keep the token")
    func renewalInfo() async throws {
        let harness = try StoreHarness(catalog: twoCheapMonths)
        let token = UUID()
        _ = try await harness.buy("extras.monthly", options: [.appAccountToken(token)])
        var renewal = try #require(try await harness.status("extras").renewalInfo.verifiedValue)
        #expect(renewal.appAccountToken == token)
        #expect(renewal.offer?.type == .introductory && renewal.offer?.period?.iso8601 == "P2M", "the second month is still to come")
        #expect(renewal.renewalPrice == Decimal(string: "0.99") && renewal.currency?.identifier == "USD")
        harness.clock.advance(by: day * 31)
        let status = try await harness.status("extras")
        #expect(status.transaction.verifiedValue?.appAccountToken == token, "the renewal keeps the token")
        renewal = try #require(status.renewalInfo.verifiedValue)
        #expect(renewal.offer == nil && renewal.renewalPrice == Decimal(string: "1.99"), "the offer is used up: the list price next")
        #expect(renewal.appAccountToken == token)
    }

    @Test("A Storefront finds a subscription's status by any transaction of its chain, and a product's current entitlements")
    func lookups() async throws {
        let harness = try StoreHarness()
        let storefront = Storefront(backend: harness.store, clock: harness.store.clock)
        let first = try await harness.buy("pass.bronze.monthly")
        harness.clock.advance(by: day * 31)
        let upgrade = try await harness.buy("pass.gold.monthly")
        let lifetime = try await harness.buy("lifetime")
        for id in [first.id, upgrade.id] {
            let status = try #require(try await storefront.subscriptionStatus(transactionID: id))
            #expect(status.state == .subscribed && status.transaction.verifiedValue?.id == upgrade.id)
        }
        #expect(try await storefront.subscriptionStatus(transactionID: lifetime.id) == nil, "not a subscription")
        #expect(try await storefront.subscriptionStatus(transactionID: 999_999) == nil, "not the customer's")
        #expect(try await storefront.currentEntitlements(for: "pass.gold.monthly").map(\.verifiedValue?.id) == [upgrade.id])
        #expect(try await storefront.currentEntitlements(for: "pass.bronze.monthly").isEmpty, "upgraded away")
        #expect(try await storefront.currentEntitlements(for: "lifetime").map(\.verifiedValue?.id) == [lifetime.id])
        try await harness.store.refund(transactionID: Int64(lifetime.id))
        #expect(try await storefront.currentEntitlements(for: "lifetime").isEmpty, "refunded")
    }
}
