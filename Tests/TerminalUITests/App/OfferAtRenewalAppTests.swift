import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing
import TerminalUI

/// An offer code a subscriber redeems in the app for a lower plan: as on the App Store, it
/// waits for the next renewal, and the app says from when.
@Suite("Offers redeemed for the next renewal, in the app")
struct OfferAtRenewalAppTests {
    /// Backyard Birds with GROVEFRIEND: Grove Monthly at $1.99 for three months, for subscribers.
    static func catalog() throws -> Catalog {
        let birds = try BackyardBirds.catalog()
        let products = birds.products.map { product in
            guard product.id == BackyardBirds.groveMonthly, var subscription = product.subscription else { return product }
            subscription.codeOffers = [CatalogOffer(
                type: .code, referenceName: "GROVEFRIEND", paymentMode: .payAsYouGo,
                period: StoreCatalog.SubscriptionPeriod(iso8601: "P1M") ?? subscription.subscriptionPeriod, periodCount: 3,
                price: Decimal(string: "1.99") ?? 0, displayPrice: "$1.99", eligibility: [.existing]
            )]
            var changed = product
            changed.subscription = subscription
            return changed
        }
        var catalog = Catalog(identifier: birds.identifier, settings: birds.settings, products: products, subscriptionGroups: birds.subscriptionGroups)
        catalog.appPolicies = birds.appPolicies
        return catalog
    }

    /// The screen's words in one line, without the alert's borders: a sentence however it wraps.
    static func alertText(_ screen: String) -> String {
        screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("A Sanctuary subscriber redeems GROVEFRIEND: the offer applies from the next renewal date; Sanctuary stays until then")
    func redeemForTheNextRenewal() async throws {
        let harness = try await AppHarness.make(catalog: try Self.catalog())
        _ = try await harness.store.buy(BackyardBirds.sanctuaryMonthly)  // until 1 February
        for key in StoreButtonActionTests.openRedeemSheet { await harness.app.press(key) }
        await harness.app.type("grovefriend")
        await harness.app.press(.enter)
        #expect(await harness.shows("Code redeemed"))
        let screen = Self.alertText(await harness.text)
        #expect(screen.contains("GROVEFRIEND: the offer applies from your next renewal date, Feb 1, 2026. Until then"), "\(screen)")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.sanctuaryMonthly])
        let group = try await harness.store.currentEntitlements().subscriptionGroup("B1D5A2C7")
        #expect(group.renewalInfo?.offer?.id == "GROVEFRIEND" && group.autoRenewPreference == BackyardBirds.groveMonthly)
    }

    @Test("A Sanctuary Monthly subscriber picks Sanctuary Yearly with the signed offer: it starts, with the offer, at the next renewal")
    func promotionalOfferAtTheNextRenewal() async throws {
        let (jws, controls) = try SubscriptionPromotionalOfferTests.signed()
        let pass = SubscriptionStoreView(groupID: "B1D5A2C7")
            .subscriptionPromotionalOffer(offer: { _, subscription in subscription.promotionalOffers.first }, compactJWS: { _, _, _ in jws })
        let harness = try await AppHarness.make(controls: controls, options: AppOptions(shopViews: ["pass": .subscriptions(pass)]))
        _ = try await harness.store.buy(BackyardBirds.sanctuaryMonthly)  // until 1 February
        await harness.app.press(.enter)  // the pass
        await harness.app.press(.home, .down, .enter)  // Sanctuary Yearly: another period, from the renewal
        await harness.app.press(.char("y"))
        let screen = Self.alertText(await harness.text)
        #expect(screen.contains("Offer redeemed"), "\(screen)")
        #expect(screen.contains("Your offer applies from your next renewal date, Feb 1, 2026: Sanctuary Yearly at its offer price."), "\(screen)")
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [BackyardBirds.sanctuaryMonthly])
    }

    @Test("The alert in every language the app ships in names the code and the date", arguments: ["en", "ja", "zh-Hans", "de", "fr", "es"])
    func alertInEveryLanguage(language: String) throws {
        let plan = Transaction(
            id: 1, originalID: 1, productID: BackyardBirds.sanctuaryMonthly, productType: .autoRenewable,
            purchaseDate: HeadlessApp.defaultEpoch, originalPurchaseDate: HeadlessApp.defaultEpoch,
            expirationDate: HeadlessApp.defaultEpoch + 31 * 86_400
        )
        let alert = Alert.offerAtNextRenewal(
            code: "GROVEFRIEND", product: nil, plan: plan, timeZone: .gmt, language: InterfaceLanguage(matching: language)
        )
        #expect(alert.message.contains("GROVEFRIEND") && alert.message.contains("2026"), "\(alert.message)")
        #expect(language == "en" || !alert.message.contains("next renewal"), "translated: \(alert.message)")
    }
}
