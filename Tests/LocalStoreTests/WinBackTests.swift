import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

private let dayLength: Duration = .seconds(86_400)

/// The fixtures with gold monthly's win-back offers under terms: `comeback` (any churned
/// subscriber), `loyal` (HIGH priority: 3 paid months, ended 1 to 6 months ago) and `off`
/// (StoreKit Testing's switch off); silver monthly's `silverback` (any churned subscriber,
/// $1.99 a month for two months).
/// The group's offers are listed together, the last plan's first.
private let catalog: Catalog = {
    let base = Fixtures.catalog
    func offer(_ id: String, terms: WinBackTerms = .anyChurnedSubscriber, isEligible: Bool? = nil) -> CatalogOffer {
        CatalogOffer(
            type: .winBack, id: id, paymentMode: .payUpFront,
            period: StoreCatalog.SubscriptionPeriod(iso8601: "P3M") ?? StoreCatalog.SubscriptionPeriod(iso8601: "P1M")!,
            price: Decimal(string: "9.99") ?? 0, displayPrice: "$9.99", isEligible: isEligible, winBackTerms: terms
        )
    }
    let loyal = WinBackTerms(paidSubscriptionDurationInMonths: 3, timeSinceLastSubscribedInMonths: (1, 6), priority: .high)
    let products = base.products.map { product in
        var product = product
        if product.id == "pass.gold.monthly" {
            product.subscription?.winBackOffers = [offer("comeback"), offer("loyal", terms: loyal), offer("off", isEligible: false)]
        } else if product.id == "pass.silver.monthly" {
            product.subscription?.winBackOffers = [CatalogOffer(
                type: .winBack, id: "silverback", paymentMode: .payAsYouGo,
                period: StoreCatalog.SubscriptionPeriod(iso8601: "P1M") ?? StoreCatalog.SubscriptionPeriod(iso8601: "P3M")!,
                periodCount: 2, price: Decimal(string: "1.99") ?? 0, displayPrice: "$1.99"
            )]
        }
        return product
    }
    return Catalog(identifier: "winback", settings: base.settings, products: products, subscriptionGroups: base.subscriptionGroups)
}()

@Suite("Win-back offers: who the store lists them for, and buying with one")
struct WinBackTests {
    private func eligibleIDs(_ harness: StoreHarness) async throws -> [String] {
        try await harness.status("pass").renewalInfo.verifiedValue?.eligibleWinBackOfferIDs ?? []
    }

    private func refusal(_ harness: StoreHarness, _ productID: String, offer offerID: String) async throws -> Product.PurchaseError? {
        let offers = try await harness.store.products(for: ["pass.gold.monthly", "pass.silver.monthly"])
            .flatMap { $0.subscription?.winBackOffers ?? [] }
        let offer = try #require(offers.first { $0.id == offerID })
        do {
            _ = try await harness.buy(productID, options: [.winBackOffer(offer)])
            return nil
        } catch let error as Product.PurchaseError {
            return error
        }
    }

    @Test("The product lists its win-back offers apart from the promotional ones")
    func productsListWinBackOffers() async throws {
        let harness = try StoreHarness(catalog: catalog)
        let gold = try #require(try await harness.product("pass.gold.monthly").subscription)
        #expect(gold.winBackOffers.map(\.id) == ["comeback", "loyal", "off"])
        #expect(gold.winBackOffers.allSatisfy { $0.type == .winBack })
        #expect(gold.promotionalOffers.isEmpty)
    }

    @Test("Never subscribed: no renewal info lists an offer, and buying with one is refused")
    func neverSubscribed() async throws {
        let harness = try StoreHarness(catalog: catalog)
        #expect(try await harness.store.subscriptionStatuses(for: "pass").isEmpty)
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "comeback") == .ineligibleForOffer)
        #expect(try await harness.store.allTransactions().isEmpty)
    }

    @Test("Subscribed: nothing is listed, and a win-back offer is refused")
    func active() async throws {
        let harness = try StoreHarness(catalog: catalog)
        try await harness.buy("pass.silver.monthly")
        #expect(try await harness.status("pass").state == .subscribed)
        #expect(try await eligibleIDs(harness).isEmpty)
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "comeback") == .ineligibleForOffer)
    }

    @Test("In a grace period or billing retry: nothing is listed")
    func graceAndRetry() async throws {
        var controls = StoreControls()
        controls.billingRetryOnRenewal = true
        controls.billingGracePeriod = true
        let harness = try StoreHarness(catalog: catalog, controls: controls)
        try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 32)
        #expect(try await harness.status("pass").state == .inGracePeriod)
        #expect(try await eligibleIDs(harness).isEmpty)
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "comeback") == .ineligibleForOffer)
        harness.clock.advance(by: dayLength * 20)
        #expect(try await harness.status("pass").state == .inBillingRetryPeriod)
        #expect(try await eligibleIDs(harness).isEmpty)
    }

    @Test("Expired after 3 paid months: the open offer at once; the HIGH one from a month on, first, until 6 months")
    func expiredMeetingTerms() async throws {
        let harness = try StoreHarness(catalog: catalog)
        try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 95)  // 6 April: January to April paid
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        #expect(try await harness.status("pass").state == .expired)
        #expect(try await eligibleIDs(harness) == ["comeback", "silverback"])
        harness.clock.advance(by: dayLength * 31)
        #expect(try await eligibleIDs(harness) == ["loyal", "comeback", "silverback"])
        harness.clock.advance(by: dayLength * 160)
        #expect(try await eligibleIDs(harness) == ["comeback", "silverback"])
    }

    @Test("Expired after ten days: too short for the loyal offer; the switched-off one never shows; the last plan's offers first")
    func expiredNotMeetingTerms() async throws {
        let harness = try StoreHarness(catalog: catalog)
        try await harness.buy("pass.gold.monthly")
        harness.clock.advance(by: dayLength * 10)
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        harness.clock.advance(by: dayLength * 40)
        #expect(try await eligibleIDs(harness) == ["comeback", "silverback"])
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "loyal") == .ineligibleForOffer)
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "off") == .ineligibleForOffer)
        // Had silver last: silver's offer comes first.
        let silver = try StoreHarness(catalog: catalog)
        try await silver.buy("pass.silver.monthly")
        try await silver.store.expireSubscription(productID: "pass.silver.monthly")
        #expect(try await eligibleIDs(silver) == ["silverback", "comeback"])
    }

    @Test("Bought with the offer: type win-back (4) and its ID, its price and period; then nothing is listed")
    func purchaseWithOffer() async throws {
        let harness = try StoreHarness(catalog: catalog)
        try await harness.buy("pass.gold.monthly")
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        harness.clock.advance(by: dayLength * 3)
        #expect(try await refusal(harness, "pass.gold.monthly", offer: "silverback") == .invalidOfferIdentifier)
        let comeback = try #require(try await harness.product("pass.gold.monthly").subscription?.winBackOffers.first)
        let start = try await harness.store.storeNow()
        let bought = try await harness.buy("pass.gold.monthly", options: [.winBackOffer(comeback)])
        #expect(bought.offer == Transaction.Offer(type: .winBack, id: "comeback", paymentMode: .payUpFront, period: .init(value: 3, unit: .month)))
        #expect(bought.expirationDate == Calendar(identifier: .gregorian).date(byAdding: .month, value: 3, to: start))
        let row = try #require(try await harness.ledger.transaction(id: Int64(bought.id)))
        #expect(row.transaction.offerType?.rawValue == 4)
        #expect(row.transaction.offerID == "comeback")
        #expect(row.transaction.price == Decimal(string: "9.99"))
        #expect(try await harness.status("pass").state == .subscribed)
        #expect(try await eligibleIDs(harness).isEmpty)
    }

    @Test("A pay-as-you-go win-back offer carries into its renewals for its periods, then the regular price")
    func payAsYouGoRenewals() async throws {
        let harness = try StoreHarness(catalog: catalog)
        try await harness.buy("pass.silver.monthly")
        try await harness.store.expireSubscription(productID: "pass.silver.monthly")
        let silverback = try #require(try await harness.product("pass.silver.monthly").subscription?.winBackOffers.first)
        let first = try await harness.buy("pass.silver.monthly", options: [.winBackOffer(silverback)])
        harness.clock.advance(by: dayLength * 62)
        let chain = try await harness.store.allTransactions().compactMap(\.verifiedValue).filter { $0.originalID == first.originalID }
        let afterOffer = chain.drop { $0.id != first.id }
        #expect(afterOffer.map { $0.offer?.id } == ["silverback", "silverback", nil])
        let rows = try await harness.ledger.transactions().filter { row in afterOffer.contains { $0.id == UInt64(row.id) } }
        #expect(rows.map(\.transaction.price) == ["1.99", "1.99", "4.99"].map { Decimal(string: $0) })
    }

    @Test("Wait between offers: after taking one, no win-back offer until its months have passed")
    func waitBetweenOffers() async throws {
        let products = Fixtures.catalog.products.map { product in
            var product = product
            if product.id == "pass.gold.monthly" {
                product.subscription?.winBackOffers = [CatalogOffer(
                    type: .winBack, id: "patient", paymentMode: .freeTrial,
                    period: StoreCatalog.SubscriptionPeriod(iso8601: "P1W") ?? StoreCatalog.SubscriptionPeriod(iso8601: "P1M")!,
                    price: 0, displayPrice: "$0.00", winBackTerms: WinBackTerms(waitBetweenOffersInMonths: 2)
                )]
            }
            return product
        }
        let patient = Catalog(
            identifier: "patient", settings: Fixtures.catalog.settings, products: products,
            subscriptionGroups: Fixtures.catalog.subscriptionGroups
        )
        let harness = try StoreHarness(catalog: patient)
        try await harness.buy("pass.gold.monthly")
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        #expect(try await eligibleIDs(harness) == ["patient"])
        let offer = try #require(try await harness.product("pass.gold.monthly").subscription?.winBackOffers.first)
        try await harness.buy("pass.gold.monthly", options: [.winBackOffer(offer)])
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        #expect(try await harness.status("pass").state == .expired)
        #expect(try await eligibleIDs(harness).isEmpty)
        harness.clock.advance(by: dayLength * 62)
        #expect(try await eligibleIDs(harness) == ["patient"])
    }
}
