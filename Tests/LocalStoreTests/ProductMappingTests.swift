import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import Testing

@Suite("Catalog products as the store sells them")
struct ProductMappingTests {
    @Test("Known IDs come back in the order asked, once; unknown IDs are simply absent")
    func knownAndUnknown() async throws {
        let harness = try StoreHarness()
        let products = try await harness.store.products(for: ["lifetime", "nope", "coins", "lifetime"])
        #expect(products.map(\.id) == ["lifetime", "coins"])
        #expect(products.map(\.type) == [.nonConsumable, .consumable])
        #expect(products[0].isFamilyShareable)
        #expect(!products[1].isFamilyShareable)
    }

    @Test("Names follow the locale, falling back to the catalog's")
    func localizedNames() async throws {
        let japanese = try await StoreHarness(locale: "ja_JP").product("coins")
        #expect(japanese.displayName == "コイン")
        #expect(japanese.description == "コインひとつかみ")
        let french = try await StoreHarness(locale: "fr_FR").product("coins")
        #expect(french.displayName == "Coins")
        let unnamed = try await StoreHarness(locale: "ja").product("lifetime")
        #expect(unnamed.displayName == "lifetime")  // no localization: the reference name
    }

    @Test("Prices are exact decimals formatted for the catalog's storefront")
    func catalogPrices() async throws {
        let coins = try await StoreHarness().product("coins")
        #expect(coins.price == Decimal(string: "0.99"))
        #expect(coins.displayPrice == "$0.99")
        #expect(try await StoreHarness().store.storefront() == StorefrontInfo(id: "USA", countryCode: "USA"))
    }

    @Test("Another storefront re-prices in its currency: pounds keep pence, yen round to whole yen")
    func storefrontOverride() async throws {
        let uk = try StoreHarness(storefront: StorefrontCountry(countryCode: "GBR"))
        let ukPass = try await uk.product("pass.gold.yearly")
        #expect(ukPass.price == Decimal(string: "99.99"))
        #expect(ukPass.displayPrice == "£99.99")
        #expect(try await uk.store.storefront().countryCode == "GBR")

        let japan = try StoreHarness(storefront: StorefrontCountry(countryCode: "JPN"))
        let yen = try await japan.product("pass.gold.yearly")
        #expect(yen.price == Decimal(100))
        #expect(yen.displayPrice == "¥100")
        let coins = try await japan.product("coins")
        #expect(coins.displayPrice == "¥1")
        let bought = try await japan.buy("coins")
        let entry = try #require(try await japan.ledger.transaction(id: Int64(bought.id)))
        #expect(entry.transaction.currency == "JPY")
        #expect(entry.transaction.storefront == "JPN")
        #expect(entry.transaction.price == Decimal(1))
    }

    @Test("A subscription carries its group, level, period and offers, priced like the product")
    func subscriptionInfo() async throws {
        let silver = try await StoreHarness(storefront: StorefrontCountry(countryCode: "GBR")).product("pass.silver.monthly")
        let info = try #require(silver.subscription)
        #expect(info.subscriptionGroupID == "pass")
        #expect(info.groupLevel == 2)
        #expect(info.subscriptionPeriod == Product.SubscriptionPeriod(value: 1, unit: .month))
        let intro = try #require(info.introductoryOffer)
        #expect(intro.type == .introductory)
        #expect(intro.paymentMode == .freeTrial)
        #expect(intro.period == Product.SubscriptionPeriod(value: 1, unit: .week))
        #expect(intro.displayPrice == "£0.00")
        let winter = try #require(info.promotionalOffers.first)
        #expect(winter.id == "winter")
        #expect(winter.paymentMode == .payAsYouGo)
        #expect(winter.periodCount == 2)
        #expect(winter.displayPrice == "£1.99")
        #expect(info.isEligibleForIntroOffer)
    }

    @Test("Win-back offers are listed as StoreKit lists them, apart from the promotional ones")
    func winBackOffers() async throws {
        let gold = try await StoreHarness().product("pass.gold.monthly")
        #expect(gold.subscription?.promotionalOffers.isEmpty == true)
        let offers = try #require(gold.subscription?.winBackOffers)
        #expect(offers.map(\.type) == [.winBack])
        #expect(offers.first?.id == "comeback")
        #expect(offers.first?.displayPrice == "$9.99")
    }

    @Test("The bundled Backyard Birds catalog maps every product")
    func bundledCatalog() async throws {
        let catalog = try Fixtures.bundled("BackyardBirds")
        let harness = try StoreHarness(catalog: catalog)
        let products = try await harness.store.products(for: catalog.products.map(\.id))
        #expect(products.count == catalog.products.count)
        let yearly = try #require(products.first { $0.id == "com.example.backyardbirds.pass.sanctuary.yearly" })
        #expect(yearly.subscription?.introductoryOffer?.paymentMode == .payUpFront)
        #expect(yearly.subscription?.introductoryOffer?.displayPrice == "$19.99")
        #expect(yearly.subscription?.promotionalOffers.count == 1)
    }

    @Test(
        "Products read from the catalog (a store's answer) are the products made field by field",
        arguments: PackagePaths.corpusFileNames
    )
    func readInPlace(_ name: String) throws {
        let catalog = try CatalogLoader.load(contentsOf: PackagePaths.corpusFile(name))
        // Re-priced in yen (rounded) and named in Japanese where the file has it.
        let japan = CatalogStorefront(catalog: catalog, storefront: StorefrontCountry(countryCode: "JPN"), locale: "ja")
        let read = japan.products(for: catalog.products.map(\.id))
        let made = catalog.products.uniqued(by: \.id).map(japan.product)
        #expect(read.count == made.count)
        for (answer, expected) in zip(read, made) {
            #expect(answer == expected, "\(name): \(answer.id)")
            #expect(answer.hashValue == expected.hashValue, "\(name): \(answer.id)")
            #expect(
                (answer.displayName, answer.description, answer.displayPrice, answer.subscription)
                    == (expected.displayName, expected.description, expected.displayPrice, expected.subscription),
                "\(name): \(answer.id)"
            )
        }
        // One product alone answers the same, and a change to one leaves the answer as it was.
        if let first = read.first {
            #expect(japan.product(id: first.id) == first)
            var changed = first
            changed.subscription = first.subscription.map { info in
                var info = info
                info.isEligibleForIntroOffer.toggle()
                return info
            }
            #expect(changed.id == first.id && changed.displayPrice == first.displayPrice)
            #expect((changed == first) == (first.subscription == nil))
        }
    }
}
