import Foundation
import LocalStore
import StorefrontModel
import StorefrontTestSupport
import Testing
import TerminalUI

/// `.subscriptionPromotionalOffer(offer:compactJWS:)` on a subscription store: what the customer
/// picks is bought with the signed offer, which the store checks. The JWS is the one Apple's
/// library signed for the promotional-offer tape, at the headless clock's start
/// (`Tests/AppleClient/sign_demo_offer.py`), with the key in that tape's api-keys file.
@Suite("A picker purchase with a signed promotional offer")
struct SubscriptionPromotionalOfferTests {
    static let sanctuaryYearly = "com.example.backyardbirds.pass.sanctuary.yearly"

    /// The tape's JWS and the keys it registers, as an app's server and App Store Connect hold them.
    static func signed() throws -> (jws: String, controls: StoreControls) {
        let tape = try String(contentsOf: PackagePaths.demos.appendingPathComponent("promotional-offer.tape"), encoding: .utf8)
        let line = try #require(tape.split(separator: "\n").first { $0.hasPrefix("Set promotional-offer ") })
        var controls = StoreControls()
        controls.bundleID = "com.example.backyardbirds"
        controls.inAppPurchaseKeys = try APIKeyFile.load(from: PackagePaths.demos.appendingPathComponent("promotional-offer.api-keys"))
        return (String(line.dropFirst("Set promotional-offer ".count)), controls)
    }

    /// A Meadow subscriber's pass shop, its view offering the first promotional offer with `compactJWS`.
    static func harness(
        controls: StoreControls, compactJWS: @escaping @Sendable (Product, Product.SubscriptionInfo, Product.SubscriptionOffer) async throws -> String
    ) async throws -> AppHarness {
        let pass = SubscriptionStoreView(groupID: "B1D5A2C7")
            .subscriptionPromotionalOffer(offer: { _, subscription in subscription.promotionalOffers.first }, compactJWS: compactJWS)
        let harness = try await AppHarness.make(controls: controls, options: AppOptions(shopViews: ["pass": .subscriptions(pass)]))
        _ = try await harness.store.buy(BackyardBirds.meadowMonthly)
        await harness.app.press(.enter)  // the pass
        await harness.app.press(.home, .down, .enter)  // Sanctuary Yearly: an upgrade
        #expect(await harness.shows("[ Upgrade ]"))
        await harness.app.press(.char("y"))
        return harness
    }

    @Test("The signed offer applies to the plan picked: the transaction is promotional, the alert says so")
    func appliesTheSignedOffer() async throws {
        let (jws, controls) = try Self.signed()
        let harness = try await Self.harness(controls: controls) { _, _, _ in jws }
        #expect(await harness.shows("at its promotional price until"))
        let yearly = try #require(try await harness.store.allTransactions().compactMap(\.verifiedValue).last)
        #expect(yearly.productID == Self.sanctuaryYearly)
        #expect(yearly.offer?.type == .promotional)
        #expect(yearly.offer?.id == "com.example.backyardbirds.pass.sanctuary.yearly.returning")
    }

    @Test("An offer the store refuses fails the purchase with its reason: here the app's server gave no JWS")
    func aServerThatFailsFailsThePurchase() async throws {
        struct ServerDown: Error {}
        let (_, controls) = try Self.signed()
        let harness = try await Self.harness(controls: controls) { _, _, _ in throw ServerDown() }
        #expect(await harness.shows("Purchase failed"))
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.meadowMonthly])
    }
}
