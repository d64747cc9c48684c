import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// The catalogs we ship in Resources/Catalogs.
@Suite struct SampleCatalogTests {
    private func sample(_ name: String) throws -> Catalog {
        try CatalogLoader.load(contentsOf: PackagePaths.catalogs.appendingPathComponent(name))
    }

    @Test(arguments: ["BackyardBirds.storekit", "TipJar.storekit", "Cheers.storekit"])
    func samplesAreInXcodeLayoutWithoutWarnings(name: String) throws {
        let data = try Data(contentsOf: PackagePaths.catalogs.appendingPathComponent(name))
        let text = String(decoding: data, as: UTF8.self)
        #expect(try JSONReader.parse(Array(data)).xcodeJSON == text)
        #expect(text.contains("\"major\" : 4"))
        let catalog = try sample(name)
        #expect(catalog.warnings.isEmpty)
        #expect(catalog.products.allSatisfy { !$0.localizations.isEmpty && $0.localizations.allSatisfy { !$0.displayName.isEmpty && !$0.description.isEmpty } })
    }

    @Test func backyardBirds() throws {
        let catalog = try sample("BackyardBirds.storekit")
        #expect(catalog.storefront == .unitedStates)
        #expect(catalog.products.filter { $0.type == .consumable }.count == 4)
        #expect(catalog.products.filter { $0.type == .nonConsumable }.count == 3)
        #expect(catalog.products.filter { $0.type == .nonRenewable }.count == 1)
        #expect(Set(catalog.locales) == ["en_US", "ja", "zh_Hans"])

        let pass = try #require(catalog.subscriptionGroups.first)
        #expect(catalog.subscriptionGroups.count == 1)
        #expect(catalog.localizedText(for: pass, locale: nil).displayName == "Backyard Birds Pass")
        #expect(catalog.localizedText(for: pass, locale: "ja_JP").displayName == "裏庭の鳥パス")
        let plans = pass.productIDs.compactMap(catalog.product(id:)).compactMap(\.subscription)
        #expect(plans.count == 6)
        for level in 1...3 {
            let periods = plans.filter { $0.groupLevel == level }.map(\.subscriptionPeriod.iso8601)
            #expect(periods.sorted() == ["P1M", "P1Y"], "level \(level)")
        }
        let intros = plans.compactMap(\.introductoryOffer)
        #expect(Set(intros.map(\.paymentMode)) == [.freeTrial, .payAsYouGo, .payUpFront])
        #expect(intros.first { $0.paymentMode == .payAsYouGo }?.periodCount == 3)

        let pickerOrder = catalog.subscriptions(in: pass).map(\.id)
        #expect(pickerOrder == ["sanctuary.monthly", "sanctuary.yearly", "grove.monthly", "grove.yearly",
                                "meadow.monthly", "meadow.yearly"].map { "com.example.backyardbirds.pass." + $0 })

        let policies = catalog.appPolicies
        #expect(policies.eulaURL?.host == "example.com")
        #expect(policies.privacyPolicy(locale: "ja", fallbackLocale: catalog.settings.locale)?.url?.host == "example.com")
    }

    @Test func tipJarHasFiveNibsInAscendingPrice() throws {
        let catalog = try sample("TipJar.storekit")
        #expect(catalog.storefront.countryCode == "GBR")
        let names = catalog.products.map { catalog.localizedText(for: $0, locale: nil).displayName }
        #expect(names == ["Extra Fine Tip", "Fine Tip", "Medium Tip", "Broad Tip", "Stub Tip"])
        #expect(catalog.products.allSatisfy { $0.type == .consumable })
        let prices = catalog.products.map(\.price)
        #expect(prices == prices.sorted() && Set(prices).count == 5)
        #expect(catalog.products.first?.displayPrice == "£0.99")
    }

    @Test func cheersInYen() throws {
        let catalog = try sample("Cheers.storekit")
        #expect(catalog.storefront.currencyCode == "JPY")
        #expect(catalog.products.map(\.price) == [500, 1000, 3000, 5000, 10000, 30000, 50000])
        #expect(catalog.products.map(\.displayPrice) == ["¥500", "¥1,000", "¥3,000", "¥5,000", "¥10,000", "¥30,000", "¥50,000"])
        let first = try #require(catalog.products.first)
        #expect(catalog.localizedText(for: first, locale: nil).displayName == "線香花火の応援")
        #expect(catalog.localizedText(for: first, locale: "zh_CN").displayName == "仙女棒应援")
        #expect(catalog.localizedText(for: first, locale: "en_GB").displayName == "Sparkler Cheer")
    }
}

@Suite struct CatalogGeneratorTests {
    @Test(arguments: [0, 1, 7, 10, 95, 1_000])
    func generatedCatalogsLoadWithTheRequestedCount(count: Int) throws {
        let json = CatalogGenerator(productCount: count).storeKitJSON()
        let catalog = try Catalog(storeKitData: Data(json.utf8), file: "Generated.storekit")
        #expect(catalog.products.count == count)
        #expect(catalog.warnings.isEmpty)
        #expect(Set(catalog.products.map(\.id)).count == count)
        // Xcode's layout: writing the parsed file again changes nothing.
        #expect(try JSONReader.parse(Array(json.utf8)).xcodeJSON == json)
    }

    @Test func mixesTypesGroupsLevelsAndOffers() throws {
        let json = CatalogGenerator(productCount: 1_000).storeKitJSON()
        let catalog = try Catalog(storeKitData: Data(json.utf8), file: "Generated.storekit")
        var counts: [CatalogProduct.ProductType: Int] = [:]
        for product in catalog.products { counts[product.type, default: 0] += 1 }
        #expect(counts == [.consumable: 400, .nonConsumable: 200, .nonRenewable: 100, .autoRenewable: 300])
        #expect(catalog.subscriptionGroups.count == 8)
        let subscriptions = catalog.products.compactMap(\.subscription)
        #expect(Set(subscriptions.map(\.groupLevel)) == [1, 2, 3])
        #expect(Set(subscriptions.compactMap(\.introductoryOffer?.paymentMode)) == [.freeTrial, .payAsYouGo])
        // File order: products, then non-renewing, then each group's subscriptions.
        let order = catalog.products.map(\.type)
        #expect(order == order.sorted { rank($0) < rank($1) })
    }

    @Test func sameInputSameBytes() {
        #expect(CatalogGenerator(productCount: 50).storeKitJSON() == CatalogGenerator(productCount: 50).storeKitJSON())
    }

    @Test func yenCatalogsUseWholePrices() throws {
        let json = CatalogGenerator(productCount: 30, storefront: StorefrontCountry(countryCode: "JPN")!).storeKitJSON()
        let catalog = try Catalog(storeKitData: Data(json.utf8), file: "Yen.storekit")
        #expect(catalog.storefront.currencyCode == "JPY")
        #expect(catalog.warnings.isEmpty)
        #expect(catalog.products.first?.displayPrice == "¥120")
    }

    private func rank(_ type: CatalogProduct.ProductType) -> Int {
        switch type {
        case .consumable, .nonConsumable: 0
        case .nonRenewable: 1
        case .autoRenewable: 2
        }
    }
}
