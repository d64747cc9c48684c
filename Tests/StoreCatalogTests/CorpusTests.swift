import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// Real files from public repositories (../shared/storekit-corpus), with values read from them.
@Suite struct CorpusTests {
    @Test func theCorpusIsThere() {
        #expect(PackagePaths.corpusFileNames.count == 23)
    }

    @Test(arguments: PackagePaths.corpusFileNames)
    func everyCorpusFileLoads(name: String) throws {
        let catalog = try loadCorpus(name)
        // Every auto-renewable sits in exactly one group, and only auto-renewables do.
        let grouped = catalog.subscriptionGroups.flatMap(\.productIDs)
        #expect(grouped == catalog.products.filter { $0.type == .autoRenewable }.map(\.id))
        #expect(catalog.products.allSatisfy { ($0.subscription != nil) == ($0.type == .autoRenewable) })
    }

    @Test func storeHelperVersion2() throws {
        let catalog = try loadCorpus("russell-archer__StoreHelper__SampleProducts.storekit")
        #expect(catalog.version == .init(major: 2, minor: 0))
        #expect(catalog.identifier == "2B418075")
        #expect(catalog.products.count == 11)
        #expect(catalog.products.filter { $0.type == .nonConsumable }.count == 4)
        #expect(catalog.products.filter { $0.type == .consumable }.map(\.id) == ["com.rarcher.consumable.plant.installation"])
        #expect(catalog.subscriptionGroups.map(\.productIDs.count) == [3, 3])

        let gold = try #require(catalog.product(id: "com.rarcher.subscription.vip.gold"))
        #expect(gold.price == Decimal(string: "19.99"))
        #expect(gold.displayPrice == "$19.99")
        let info = try #require(gold.subscription)
        #expect(info.groupLevel == 1)
        #expect(info.subscriptionPeriod.iso8601 == "P1M")
        let intro = try #require(info.introductoryOffer)
        #expect(intro.paymentMode == .payAsYouGo)
        #expect(intro.periodCount == 3)
        #expect(intro.price == Decimal(string: "1.99"))
        #expect(intro.displayPrice == "$1.99")
        #expect(info.promotionalOffers.count == 2)
        #expect(info.promotionalOffers.allSatisfy { $0.paymentMode == .payUpFront && $0.id != nil })
        #expect(info.codeOffers.count == 1)

        let silver = try #require(catalog.product(id: "com.rarcher.subscription.vip.silver")?.subscription)
        #expect(silver.groupLevel == 2)
        #expect(silver.introductoryOffer == nil)

        #expect(catalog.settings.legacyStoreKitError == 0)
        #expect(catalog.hasSigningKey)
        #expect(catalog.warnings.contains(.containsSigningKey))
        #expect(catalog.products.contains { $0.isFamilyShareable })
    }

    @Test func theSigningKeyIsNeverKept() throws {
        for name in ["russell-archer__StoreHelper__SampleProducts.storekit",
                     "olivierpicard__sleeping-bird.com__InAppPurchases.storekit"] {
            let text = try String(contentsOf: PackagePaths.corpusFile(name), encoding: .utf8)
            let keyLine = try #require(text.split(separator: "\n").first { $0.contains("\"privateKey\"") })
            let key = keyLine.split(separator: "\"")[3]
            let catalog = try loadCorpus(name)
            var dumped = ""
            dump(catalog, to: &dumped)
            let printed = [String(describing: catalog), String(reflecting: catalog), dumped,
                           catalog.warnings.map(\.description).joined()]
            for rendering in printed {
                #expect(!rendering.contains(key.prefix(24)), "\(name): the private key leaked")
            }
            #expect(catalog.hasSigningKey)
            #expect(catalog.signingKeyID?.count == 8)
        }
    }

    @Test func chineseStorefrontAndTheNoneIntroOffer() throws {
        let catalog = try loadCorpus("CofficLab__Cisum_SwiftUI__Products.storekit")
        #expect(catalog.storefront.currencyCode == "CNY")
        #expect(catalog.settings.locale == "zh_CN")
        #expect(catalog.products.map(\.type).filter { $0 == .nonRenewable }.count == 3)
        let annual = try #require(catalog.product(id: "com.yueyi.cisum.pro.annual"))
        #expect(annual.price == 20)
        #expect(annual.subscription?.introductoryOffer == nil)  // paymentMode "none"
        #expect(annual.subscription?.subscriptionPeriod.unit == .year)
        let monthly = try #require(catalog.product(id: "com.yueyi.cisum.pro.monthly"))
        #expect(catalog.localizedText(for: monthly, locale: nil).displayName == "专业版按月订阅")
        #expect(catalog.localizedText(for: monthly, locale: "zh_Hans").displayName == "专业版按月订阅")
        #expect(catalog.localizedText(for: monthly, locale: "en_US").displayName == "Pro Annual")
    }

    @Test func arabicAndSpanishSubscriptionNames() throws {
        let catalog = try loadCorpus("RevenueCat__purchases-ios__Products.storekit")
        let monthly = try #require(catalog.product(id: "com.revenuecat.simpleapp.monthly"))
        #expect(catalog.localizedText(for: monthly, locale: "ar").displayName == "اشتراك شهري")
        #expect(catalog.localizedText(for: monthly, locale: "ar_SA").displayName == "اشتراك شهري")
        // es_ES has a name but no description: the description falls back to en_US.
        let spanish = catalog.localizedText(for: monthly, locale: "es_ES")
        #expect(spanish == LocalizedText(displayName: "Subscripción Mensual", description: "Monthly Subscription"))
        let intro = try #require(monthly.subscription?.introductoryOffer)
        #expect(intro.paymentMode == .freeTrial)
        #expect(intro.period == SubscriptionPeriod(value: 1, unit: .week))
        #expect(intro.price == 0)
        #expect(monthly.subscription?.promotionalOffers.count == 2)
        // The weekly plan has only en_US: Arabic readers get English.
        let weekly = try #require(catalog.product(id: "com.revenuecat.simpleapp.weekly"))
        #expect(catalog.localizedText(for: weekly, locale: "ar").displayName == "Weekly")
    }

    @Test func russianTip() throws {
        let catalog = try loadCorpus("Kanunnikoff__Kamyal-iOS__Store.storekit")
        #expect(catalog.storefront.countryCode == "RUS")
        #expect(catalog.storefront.currencyCode == "RUB")
        let tip = try #require(catalog.products.first)
        #expect(tip.type == .consumable)
        #expect(catalog.localizedText(for: tip, locale: nil).displayName == "Чаевые")
        #expect(catalog.localizedText(for: tip, locale: "ru_RU").displayName == "Чаевые")
        #expect(tip.displayPrice == "0,99\u{A0}₽")
        #expect(catalog.settings.storeKitErrors.count == 9)
        #expect(catalog.settings.storeKitErrors.allSatisfy { $0.error == nil && !$0.isEnabled })
    }

    @Test func packageFolderWithConfigurationInside() throws {
        let temporary = try TemporaryDirectory()
        let package = temporary.url.appendingPathComponent("Products.storekit")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: PackagePaths.corpusFile("tyamada__MihirakiPDFViewer__Products.storekit_Configuration.storekit"),
            to: package.appendingPathComponent("Configuration.storekit")
        )
        let catalog = try CatalogLoader.load(contentsOf: package)
        #expect(catalog.version == .init(major: 5, minor: 0))
        #expect(catalog.storefront.currencyCode == "JPY")
        #expect(catalog.products.map(\.id) == ["tip_100", "tip_500", "tip_1000"])
        #expect(catalog.products.map(\.displayPrice) == ["¥100", "¥500", "¥1,000"])
        #expect(catalog.products.allSatisfy { $0.promotionalImageID?.count == 8 })
        let tip = catalog.products[1]
        #expect(catalog.localizedText(for: tip, locale: nil).displayName == "投げ銭 500円")
        #expect(catalog.localizedText(for: tip, locale: "ko_KR").displayName == "던전 500엔")
        #expect(catalog.localizedText(for: tip, locale: "zh_Hans").displayName == "小费：500日元")
        #expect(catalog.localizedText(for: tip, locale: "zh_CN").displayName == "小费：500日元")
        #expect(catalog.localizedText(for: tip, locale: "pt_BR").displayName == "Dica: 500 ienes")
        #expect(Set(catalog.locales) == ["en_US", "ja", "ko", "zh_Hans", "de", "fr", "pt_BR", "es_MX"])
    }

    @Test func xmlPropertyList() throws {
        let catalog = try loadCorpus("Jannik-1403__Garten-Simulation__Purchases.storekit")
        #expect(catalog.identifier == "76D0E9A9")
        #expect(catalog.products.allSatisfy { $0.type == .consumable })
        let small = try #require(catalog.product(id: "com.gartenapp.coins.pack_small"))
        #expect(small.price == Decimal(string: "0.99"))
        #expect(small.isFamilyShareable == false)
        #expect(catalog.localizedText(for: small, locale: "de_DE").displayName == "Kleines Münzpaket")
        #expect(catalog.localizedText(for: small, locale: "en").displayName == "Small Coin Pack")
        #expect(catalog.product(id: "com.gartenapp.coins.pack_medium")?.price == Decimal(string: "2.99"))
    }

    @Test func colombianPesosWithEmptyNames() throws {
        let catalog = try loadCorpus("chemsims__chemistry__ColombiaConfig.storekit")
        #expect(catalog.storefront.currencyCode == "COP")
        #expect(catalog.settings.locale == "es_MX")
        #expect(catalog.products.count == 8)
        let largest = try #require(catalog.product(id: "tip_4"))
        #expect(largest.price == 29900)
        #expect(largest.displayPrice == "$\u{A0}29.900")
        // Every name is empty and referenceName is null: the product ID is shown.
        #expect(catalog.localizedText(for: largest, locale: nil).displayName == "tip_4")
        #expect(catalog.warnings.contains(.emptyDisplayNames(productID: "tip_4")))
    }

    @Test func decimalCommaAndStoreKitErrors() throws {
        let catalog = try loadCorpus("olivierpicard__sleeping-bird.com__InAppPurchases.storekit")
        let monthly = try #require(catalog.product(id: "com.alizetech.arperbird.premium.monthly"))
        #expect(monthly.price == Decimal(string: "2.99"))
        #expect(monthly.displayPrice == "$2.99")
        #expect(catalog.localizedText(for: monthly, locale: "fr_FR").displayName == "Premium mensuel")
        #expect(catalog.settings.renewalBillingIssuesEnabled)
        let errors = catalog.settings
        #expect(errors.storeKitErrors.map(\.api) == StoreKitErrorSetting.API.allCases)
        #expect(errors.storeKitError(for: .verification)?.error == .init(type: "verification", index: 0))
        #expect(errors.storeKitError(for: .refundRequestSheet)?.error == .init(type: "refund request", index: 0))
        #expect(errors.storeKitError(for: .purchase)?.error == .init(type: "generic", index: 5))
    }

    @Test func version6WithOnlyTheIntroductoryOfferList() throws {
        let catalog = try loadCorpus("xmliszt__joodle__Store.storekit")
        #expect(catalog.version == .init(major: 6, minor: 3))
        #expect(catalog.storefront.currencyCode == "SGD")
        #expect(catalog.products.filter { $0.type == .autoRenewable }.allSatisfy { $0.subscription?.introductoryOffer == nil })
        let yearly = try #require(catalog.product(id: "dev.liyuxuan.joodle.pro.yearly")?.subscription)
        #expect(yearly.codeOffers.count == 3)
        #expect(yearly.codeOffers.allSatisfy { $0.id == nil && $0.referenceName != nil })
        let group = try #require(catalog.subscriptionGroups.first)
        #expect(catalog.localizedText(for: group, locale: "en_US").displayName == "Joodle Pro")
        let lifetime = try #require(catalog.product(id: "dev.liyuxuan.joodle.pro.lifetime"))
        #expect(catalog.localizedText(for: lifetime, locale: "zh_Hant_TW").displayName == "Joodle Pro 終身版")
        #expect(catalog.localizedText(for: lifetime, locale: "zh_Hans").displayName == "Joodle Pro 终身版")
    }

    @Test func payUpFrontIntroFromTheVersion5List() throws {
        let catalog = try loadCorpus("tiktok__tiktok-business-ios-sdk__StoreKitConfig.storekit")
        #expect(Set(catalog.products.map(\.type)) == Set(CatalogProduct.ProductType.allCases))
        let subscription = try #require(catalog.products.first { $0.type == .autoRenewable }?.subscription)
        let intro = try #require(subscription.introductoryOffer)
        #expect(intro.paymentMode == .payUpFront)
        #expect(intro.period.iso8601 == "P3M")
        #expect(intro.price == Decimal(string: "0.99"))
        #expect(subscription.promotionalOffers.count == 1)
        #expect(subscription.codeOffers.count == 1)
    }

    @Test func winBackOffers() throws {
        let catalog = try loadCorpus("comexbackkid__LeftPocket__StoreKitConfiguration.storekit")
        let winBacks = catalog.products.compactMap(\.subscription).flatMap(\.winBackOffers)
        let offer = try #require(winBacks.first { $0.id == "winbackoffer_399_1m" })
        #expect(offer.type == .winBack)
        #expect(offer.paymentMode == .payAsYouGo)
        #expect(offer.periodCount == 12)
        #expect(offer.price == Decimal(string: "3.99"))
        #expect(offer.isEligible == true)
        #expect(catalog.products.compactMap(\.subscription).map(\.groupLevel).max() == 5)
    }

    @Test func serviceLevelTiesInOneGroup() throws {
        let catalog = try loadCorpus("circles-project__circles-ios__CirclesSubscriptions.storekit")
        let group = try #require(catalog.subscriptionGroups.first)
        #expect(group.productIDs.count == 9)
        let levels = group.productIDs.compactMap { catalog.product(id: $0)?.subscription?.groupLevel }
        #expect(Set(levels) == [1, 2])
        let periods = Set(group.productIDs.compactMap { catalog.product(id: $0)?.subscription?.subscriptionPeriod.iso8601 })
        #expect(periods == ["P1M", "P2M", "P3M", "P6M", "P1Y"])
        // The picker order: level 1 before level 2, shorter periods first within a level.
        let ordered = catalog.subscriptions(in: group).compactMap(\.subscription)
        #expect(ordered.map(\.groupLevel) == ordered.map(\.groupLevel).sorted())
        for level in [1, 2] {
            let days = ordered.filter { $0.groupLevel == level }.map(\.subscriptionPeriod.approximateDays)
            #expect(days == days.sorted())
        }
        #expect(catalog.settings.timeRate == 5)
    }

    @Test func oldestAndOddestFiles() throws {
        let oldest = try loadCorpus("akihisasengoku__storekit-test__Demo.storekit")
        #expect(oldest.identifier == nil)
        #expect(oldest.version == .init(major: 1, minor: 0))
        #expect(oldest.products.contains { $0.price == 10 })

        let empty = try loadCorpus("karirin__osimono__StoreKit.storekit")
        #expect(empty.products.isEmpty)
        #expect(empty.storefront == .unitedStates)

        let onlyNonRenewing = try loadCorpus("MPL14__Kaalm__Configuration.storekit")
        #expect(onlyNonRenewing.products.map(\.type) == [.nonRenewable])

        let noGroupsKey = try loadCorpus("yok1012__quick-memo-app__Configuration.storekit")
        #expect(noGroupsKey.identifier == "configuration")
        #expect(noGroupsKey.subscriptionGroups.isEmpty)
        #expect(noGroupsKey.products.count == 1)
    }

    @Test func syncedFileWithEmptyLocalizations() throws {
        let catalog = try loadCorpus("RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit")
        #expect(catalog.subscriptionGroups.count == 6)
        #expect(catalog.products.filter { $0.type == .autoRenewable }.count == 13)
        let bare = catalog.products.filter(\.localizations.isEmpty)
        #expect(bare.count == 5)
        for product in bare {
            #expect(catalog.warnings.contains(.noLocalizations(productID: product.id)))
            #expect(catalog.localizedText(for: product, locale: nil).displayName == product.referenceName)
        }
    }

    @Test func euroStorefrontAndPolicyLinks() throws {
        let catalog = try loadCorpus("anonaddy__addy-ios__StoreKitConfiguration.storekit")
        #expect(catalog.storefront.currencyCode == "EUR")
        #expect(catalog.products.map(\.price).sorted() == ["1.99", "4.49", "13.90", "41.50"].map { Decimal(string: $0)! })
        #expect(catalog.products.map(\.displayPrice).contains("€\u{A0}1,99"))
        #expect(catalog.appPolicies.privacyPolicy(locale: nil, fallbackLocale: nil)?.url?.absoluteString
                == "https://addy.io/privacy")
        #expect(catalog.settings.billingGracePeriodEnabled)
    }
}
