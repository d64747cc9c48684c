import Foundation
import LocalStore
import StorefrontModel
import Testing

/// Approving a subscription request is a purchase made at approval: the group's
/// plan-change rules and intro offer eligibility apply as they stand then.
@Suite("Ask to Buy: approving subscriptions")
struct AskToBuySubscriptionTests {
    private static let day: Duration = .seconds(86_400)

    /// A store where every purchase waits for approval.
    private static let signer = OfferSigner()

    private static func askingHarness() throws -> StoreHarness {
        var controls = try signer.controls()
        controls.askToBuy = true
        return try StoreHarness(controls: controls)
    }

    /// Files a request for `productID` and returns it; the purchase must wait.
    private static func request(
        _ productID: String, in harness: StoreHarness, options: Set<Product.PurchaseOption> = []
    ) async throws -> AskToBuyRequest {
        let outcome = try await harness.store.buy(productID, options: options)
        guard case .pending(let request) = outcome else { throw FixtureError.notBought(productID, outcome.purchaseResult) }
        return request
    }

    private static func approve(_ productID: String, in harness: StoreHarness) async throws -> LedgerEntry {
        try await harness.store.approveAskToBuy(requestID: try await request(productID, in: harness).id)
    }

    private static func transactions(_ harness: StoreHarness) async throws -> [Transaction] {
        try await harness.store.allTransactions().compactMap(\.verifiedValue)
    }

    @Test("An approved upgrade replaces the plan in force in the same chain, with the offer and token asked for")
    func upgrade() async throws {
        let harness = try Self.askingHarness()
        let bronze = try await Self.approve("pass.bronze.monthly", in: harness)
        harness.clock.advance(by: Self.day * 10)
        let token = UUID()
        let winter = try Self.signer.legacy(
            "winter", of: "pass.silver.monthly", at: Fixtures.epoch + 10 * 86_400, appAccountToken: token
        )
        let request = try await Self.request("pass.silver.monthly", in: harness, options: [winter, .appAccountToken(token)])
        harness.clock.advance(by: Self.day)
        var updates = await harness.store.updates().makeAsyncIterator()

        let approved = try await harness.store.approveAskToBuy(requestID: request.id)
        let silver = try #require(await updates.nextTransaction()?.verifiedValue)
        #expect(silver.id == UInt64(approved.id))
        #expect(silver.originalID == UInt64(bronze.id))
        #expect(silver.purchaseDate == Fixtures.epoch + 11 * 86_400)
        #expect(silver.offer == Transaction.Offer(type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: .init(value: 2, unit: .month)))
        #expect(silver.appAccountToken == token)
        #expect(try await Self.transactions(harness).first { $0.id == UInt64(bronze.id) }?.isUpgraded == true)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.silver.monthly"])
        #expect(try await harness.status("pass").transaction.verifiedValue == silver)
    }

    @Test("An approved downgrade records no transaction and becomes the renewal preference")
    func downgrade() async throws {
        let harness = try Self.askingHarness()
        let gold = try await Self.approve("pass.gold.monthly", in: harness)
        let request = try await Self.request("pass.bronze.monthly", in: harness)
        var updates = await harness.store.updates().makeAsyncIterator()

        let approved = try await harness.store.approveAskToBuy(requestID: request.id)
        #expect(approved.id == gold.id)  // the plan in force
        #expect(await updates.next() == .subscriptionStatusChanged(groupID: "pass"))
        let renewal = try #require(try await harness.status("pass").renewalInfo.verifiedValue)
        #expect(renewal.currentProductID == "pass.gold.monthly")
        #expect(renewal.autoRenewPreference == "pass.bronze.monthly")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.gold.monthly"])

        // Approving again neither buys the plan as filed nor changes anything.
        #expect(try await harness.store.approveAskToBuy(requestID: request.id) == approved)
        await #expect(throws: LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .approved)) {
            try await harness.ledger.approveAskToBuy(requestID: request.id, at: Fixtures.epoch)
        }
        #expect(try await Self.transactions(harness).map(\.id) == [UInt64(gold.id)])
        #expect(try await harness.store.pendingRequests().isEmpty)
    }

    @Test("Approving a request twice, even from two stores at once, records one transaction")
    func approveTwice() async throws {
        let harness = try Self.askingHarness()
        let bronze = try await Self.approve("pass.bronze.monthly", in: harness)
        let request = try await Self.request("pass.gold.monthly", in: harness)
        // A second store on the same ledger, as `storefront approve` in another terminal.
        let other = LocalStore(
            catalog: Fixtures.catalog, ledger: harness.ledger, clock: StoreClock(harness.clock, startingAt: Fixtures.epoch)
        )

        async let first = harness.store.approveAskToBuy(requestID: request.id)
        async let second = other.approveAskToBuy(requestID: request.id)
        let (one, two) = try await (first, second)
        #expect(one == two)
        #expect(try await harness.store.approveAskToBuy(requestID: request.id) == one)
        let recorded = try await Self.transactions(harness)
        #expect(recorded.map(\.productID) == ["pass.bronze.monthly", "pass.gold.monthly"])
        #expect(Set(recorded.map(\.originalID)) == [UInt64(bronze.id)])
    }

    @Test("The intro offer is judged at approval: not granted once the customer subscribed in the group", arguments: Engine.allCases)
    func introOfferAtApproval(engine: Engine) async throws {
        let harness = try await StoreHarness(engine: engine)
        let ask: Set<Product.PurchaseOption> = [.simulatesAskToBuyInSandbox(true)]
        let request = try await Self.request("pass.silver.monthly", in: harness, options: ask)
        #expect(request.purchase.offerType == .introductory)  // eligible when asked
        let gold = try await harness.buy("pass.gold.monthly")
        try await harness.store.expireSubscription(productID: "pass.gold.monthly")
        harness.clock.advance(by: Self.day)

        let approved = try await harness.store.approveAskToBuy(requestID: request.id)
        let silver = try #require(approved.verificationResult.verifiedValue)
        #expect(silver.offer == nil)
        #expect(silver.originalID == gold.id)  // a new period in the group's chain
        #expect(silver.expirationDate == Fixtures.epoch + 32 * 86_400)  // approved 2 January: one month, no trial week
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == ["pass.silver.monthly"])
    }

    @Test("A declined subscription request cannot be approved and buys nothing")
    func declined() async throws {
        let harness = try Self.askingHarness()
        let request = try await Self.request("pass.gold.monthly", in: harness)
        try await harness.store.declineAskToBuy(requestID: request.id)
        await #expect(throws: LedgerError.askToBuyRequestAlreadyDecided(id: request.id, status: .declined)) {
            try await harness.store.approveAskToBuy(requestID: request.id)
        }
        #expect(try await harness.store.allTransactions().isEmpty)
    }
}
