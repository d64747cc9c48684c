import Foundation
import StorefrontModel
import Testing

@Suite struct ProductValueTests {
    @Test func displayPriceFollowsTheStorefrontCurrencyAndLocale() {
        #expect(Catalog.basic.displayPrice == "£4.99")
        let yen = Decimal.FormatStyle.Currency(code: "JPY", locale: Locale(identifier: "ja_JP"))
        #expect(Catalog.product("cheer", .consumable, "480", style: yen).displayPrice == "¥480")
        let euro = Decimal.FormatStyle.Currency(code: "EUR", locale: Locale(identifier: "de_DE"))
        #expect(Catalog.product("tip", .consumable, "4.99", style: euro).displayPrice == "4,99\u{A0}€")
    }

    @Test func productsAtOnePriceKeepTheirOwnPriceText() {
        // Products at one price share its text: a text given for one must not become another's.
        let pounds = Decimal.FormatStyle.Currency(code: "GBP", locale: Locale(identifier: "en_GB"))
        let price = Decimal(string: "0.99")!
        let formatted = Product(id: "a", type: .consumable, displayName: "A", description: "", price: price, priceFormatStyle: pounds)
        let given = Product(id: "b", type: .consumable, displayName: "B", description: "", price: price, displayPrice: "99p", priceFormatStyle: pounds)
        let again = Product(id: "c", type: .consumable, displayName: "C", description: "", price: price, priceFormatStyle: pounds)
        #expect([formatted.displayPrice, given.displayPrice, again.displayPrice] == ["£0.99", "99p", "£0.99"])
        #expect(given.price == price && again.price == price)
    }

    @Test func offerPriceIsFormattedLikeItsProduct() {
        #expect(Catalog.trial.displayPrice == "£0.00")
    }

    @Test func collectionStateGivesEachProductItsOwnState() {
        let loaded = Product.CollectionTaskState.success([Catalog.tip], unavailable: ["gone"])
        guard case .success(let tip) = loaded.taskState(for: "tip.small") else {
            Issue.record("tip should be loaded")
            return
        }
        #expect(tip == Catalog.tip)
        guard case .unavailable = loaded.taskState(for: "gone") else {
            Issue.record("gone should be unavailable")
            return
        }
        guard case .failure(let error) = Product.CollectionTaskState.failure(TestError(name: "down")).taskState(for: "tip.small") else {
            Issue.record("a failed collection fails each product")
            return
        }
        #expect(error as? TestError == TestError(name: "down"))
    }

    @Test func periodEndsByCalendarArithmetic() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let endOfJanuary = calendar.date(from: DateComponents(year: 2025, month: 1, day: 31))!
        let end = Catalog.month.end(startingAt: endOfJanuary, in: calendar)
        #expect(calendar.dateComponents([.month, .day], from: end) == DateComponents(month: 2, day: 28))
        let week = Product.SubscriptionPeriod(value: 2, unit: .week).end(startingAt: endOfJanuary, in: calendar)
        #expect(week.timeIntervalSince(endOfJanuary) == 14 * 24 * 3600)
    }

    @Test func errorsExplainThemselves() {
        #expect(Product.PurchaseError.ineligibleForOffer.localizedDescription == "You are not eligible for this offer.")
        #expect(StoreKitError.notAvailableInStorefront.localizedDescription == "This item is not sold in your country or region.")
        #expect(StorefrontError.purchaseInProgress.localizedDescription == "Another purchase is still in progress.")
    }
}

@Suite struct AppVersionTests {
    @Test func comparesPartsAsNumbers() throws {
        let versions = try ["2.10.0", "2.1.1", "2.2.0", "10", "2"].map { try #require(AppVersion($0)) }
        #expect(versions.sorted().map(\.description) == ["2", "2.1.1", "2.2.0", "2.10.0", "10"])
    }

    @Test func trailingZerosDoNotCount() throws {
        let short = try #require(AppVersion("2.1"))
        let long = try #require(AppVersion("2.1.0"))
        #expect(short == long)
        #expect(!(short < long) && !(long < short))
        #expect(Set([short, long]).count == 1)
    }

    @Test(arguments: ["", "2.", ".2", "2..1", "2.x", "-1", " 2.0", "2.0 ", "v2", "٣.٠", "99999999999999999999"])
    func rejectsWhatIsNotAVersion(text: String) {
        #expect(AppVersion(text) == nil)
    }

    @Test func decodesFromAStringAndNamesTheBadValue() throws {
        let decoded = try JSONDecoder().decode([AppVersion].self, from: Data(#"["2.10.0"]"#.utf8))
        #expect(decoded == [AppVersion("2.10")!])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["2.10.0"]"#)
        do {
            _ = try JSONDecoder().decode([AppVersion].self, from: Data(#"["two"]"#.utf8))
            Issue.record("\"two\" should not decode")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("\"two\""))
        }
    }
}

@Suite struct NamedEntitlementTests {
    let pro = NamedEntitlement(name: "pro", productIDs: ["pro.lifetime", "pass.premium"], freemiumSince: AppVersion("2.2.0"))

    @Test func activeWhenAnyOfItsProductsEntitles() {
        #expect(pro.isActive(purchasedProductIDs: ["pass.premium"], originalAppVersion: AppVersion("3.0")))
        #expect(!pro.isActive(purchasedProductIDs: ["tip.small"], originalAppVersion: AppVersion("3.0")))
    }

    @Test func activeForCustomersWhoBoughtThePaidApp() {
        #expect(pro.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("2.1.1")))
        #expect(!pro.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("2.2")))
        #expect(!pro.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("2.10.0")))
        #expect(!pro.isActive(purchasedProductIDs: [], originalAppVersion: nil))
        let alwaysFree = NamedEntitlement(name: "pro", productIDs: ["pro.lifetime"])
        #expect(!alwaysFree.isActive(purchasedProductIDs: [], originalAppVersion: AppVersion("1.0")))
    }

    @Test func decodesFromALayoutFile() throws {
        let json = #"{"name":"pro","productIDs":["pro.lifetime","pass.premium"],"freemiumSince":"2.2.0"}"#
        #expect(try JSONDecoder().decode(NamedEntitlement.self, from: Data(json.utf8)) == pro)
    }
}

@Suite struct SubscriptionRelationshipTests {
    @Test func levelOneIsTheHighestTier() {
        #expect(Product.SubscriptionRelationship(from: Catalog.basic, to: Catalog.premium) == .upgrade)
        #expect(Product.SubscriptionRelationship(from: Catalog.premium, to: Catalog.basic) == .downgrade)
        #expect(Product.SubscriptionRelationship(from: Catalog.basic, to: Catalog.basicYearly) == .crossgrade)
        #expect(Product.SubscriptionRelationship(from: Catalog.basic, to: Catalog.basic) == .current)
    }

    @Test func onlySubscriptionsOfOneGroupAreRelated() {
        let other = Product(
            id: "other", type: .autoRenewable, displayName: "Other", description: "", price: 1,
            priceFormatStyle: Catalog.style,
            subscription: .init(subscriptionGroupID: "other", groupLevel: 1, subscriptionPeriod: Catalog.month)
        )
        #expect(Product.SubscriptionRelationship(from: Catalog.basic, to: other) == nil)
        #expect(Product.SubscriptionRelationship(from: Catalog.basic, to: Catalog.lifetime) == nil)
    }

    @Test func filtersAsAnOptionSet() {
        let shown: Product.SubscriptionRelationship = [.upgrade, .current]
        let plans = Catalog.all.filter { candidate in
            Product.SubscriptionRelationship(from: Catalog.basic, to: candidate).map(shown.contains) ?? false
        }
        #expect(plans.map(\.id) == ["pass.premium", "pass.basic"])
        #expect(Product.SubscriptionRelationship.all.contains(.crossgrade))
    }
}
