import LocalStore
import StorefrontModel
import Testing
import TerminalUI

/// An offer shop driven by keys: a returning member offered a promotional price, Enter
/// buying at it, and d running the app's detail action.
@Suite("Offer shop, by keys")
struct OfferScreenTests {
    actor Calls {
        private(set) var count = 0
        func record() { count += 1 }
    }

    static let sanctuaryYearly = "com.example.backyardbirds.pass.sanctuary.yearly"
    static let returning = "com.example.backyardbirds.pass.sanctuary.yearly.returning"

    /// The Backyard Birds layout with an offer shop after Migration Season; the store
    /// list: Pass, Bird Food, Feeders & Gear, Migration Season, the offer, Your Purchases.
    static func harness(
        _ view: SubscriptionOfferView, controls: StoreControls = StoreControls(), width: Int = 80, height: Int = 24
    ) async throws -> AppHarness {
        var layout = try BackyardBirds.layout()
        let passIDs = try #require(layout.shop(id: "pass")).productIDs
        layout.shops.append(StoreLayout.Shop(id: "back", title: "Welcome Back", kind: .offer, productIDs: passIDs, groupID: "B1D5A2C7"))
        var options = AppOptions()
        options.shopViews["back"] = .offer(view)
        return try await AppHarness.make(width: width, height: height, controls: controls, layout: layout, options: options)
    }

    /// Subscribes to Sanctuary Yearly from the pass (its second plan) and lets it lapse.
    static func lapseSanctuaryYearly(_ harness: AppHarness) async throws {
        await harness.app.press(.enter, .down, .enter, .char("y"))
        #expect(await harness.shows("You're subscribed"))
        await harness.app.press(.enter, .esc)
        try await harness.store.expireSubscription(productID: sanctuaryYearly)
    }

    /// The offer view with the app's promotional offer, signed as the promotional-offer
    /// tape signs it, and the store that knows the signing key.
    static func returningOffer() throws -> (view: SubscriptionOfferView, controls: StoreControls) {
        let (jws, controls) = try SubscriptionPromotionalOfferTests.signed()
        let view = SubscriptionOfferView(groupID: "B1D5A2C7").subscriptionPromotionalOffer { product, _ in
            product.subscription?.promotionalOffers.first { $0.type == .promotional }
        } compactJWS: { _, _, _ in jws }
        return (view, controls)
    }

    @Test("A lapsed member sees the plan they left at the app's promotional price; Enter buys it with the offer applied")
    func returningMemberBuysAtTheOffer() async throws {
        let (view, controls) = try Self.returningOffer()
        let harness = try await Self.harness(view, controls: controls)
        try await Self.lapseSanctuaryYearly(harness)
        await harness.app.press(.end, .up, .enter)  // the offer shop
        let screen = await harness.text
        #expect(screen.contains("Sanctuary Yearly"))
        #expect(screen.contains("Special offer: $79.99 for 1 year, then $99.99/year"))
        #expect(screen.contains("enter subscribe"))
        await harness.app.press(.enter)
        #expect(await harness.shows("Confirm Purchase"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("You're subscribed"))
        let transactions = try await harness.store.allTransactions().compactMap(\.verifiedValue)
        let bought = try #require(transactions.max { $0.purchaseDate < $1.purchaseDate || ($0.purchaseDate == $1.purchaseDate && $0.id < $1.id) })
        #expect(bought.productID == Self.sanctuaryYearly)
        #expect(bought.offer?.type == .promotional)
        #expect(bought.offer?.id == Self.returning)
    }

    @Test("A new customer sees the group's first plan; with no offer for them it is plain Subscribe")
    func newCustomer() async throws {
        let (view, controls) = try Self.returningOffer()
        let harness = try await Self.harness(view, controls: controls)
        await harness.app.press(.end, .up, .enter)  // the offer shop
        let screen = await harness.text
        #expect(screen.contains("Sanctuary Monthly"))
        #expect(!screen.contains("Special offer"))
        #expect(screen.contains("[ Subscribe ]"))
    }

    @Test("d runs the view's detail action, once per press; the help bar names it")
    func detailAction() async throws {
        let calls = Calls()
        let harness = try await Self.harness(SubscriptionOfferView(groupID: "B1D5A2C7").subscriptionOfferViewDetailAction { await calls.record() })
        await harness.app.press(.end, .up, .enter)  // the offer shop
        #expect(await harness.shows("d details"))
        await harness.app.press(.char("d"))
        await harness.app.press(.char("d"))
        #expect(await calls.count == 2)
    }

    @Test("Without a detail action d does nothing and the help bar does not offer it")
    func noDetailAction() async throws {
        let harness = try await Self.harness(SubscriptionOfferView(groupID: "B1D5A2C7"))
        await harness.app.press(.end, .up, .enter)  // the offer shop
        #expect(!(await harness.shows("details")))
        let before = await harness.text
        await harness.app.press(.char("d"))
        #expect(await harness.text == before)
    }
}
