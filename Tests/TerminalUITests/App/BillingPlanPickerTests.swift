import CatalogLayouts
import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import StorefrontTestSupport
import TerminalScripting
import TerminalUI
import Testing

/// The subscription picker of a yearly plan with a monthly billing plan (Almanac.storekit):
/// "or $5.99/month for 12 months" under the yearly price, as StoreKit's pickers show it;
/// b pays it monthly, with a 12-month commitment, and the purchase is made so.
@Suite("Billing plans in the picker")
struct BillingPlanPickerTests {
    static let yearly = "com.example.almanac.pro.yearly"

    static func catalog() throws -> Catalog {
        try CatalogLoader.load(contentsOf: PackagePaths.catalogs.appendingPathComponent("Almanac.storekit"))
    }

    /// The Almanac store in `language`, its plans in `style`, opened on the picker with
    /// the yearly plan chosen.
    static func yearlyChosen(
        width: Int = 80, height: Int = 24, language: String = "en", style: StoreLayout.Shop.Style? = nil
    ) async throws -> AppHarness {
        let catalog = try catalog()
        let interface = InterfaceLanguage(matching: language)
        var layout = StoreLayout(catalog: catalog, title: "Almanac", locale: "en_US", language: interface)
        if let style { layout.shops[0].style = style }
        let harness = try await AppHarness.make(
            width: width, height: height, catalog: catalog, layout: layout,
            options: AppOptions(render: RenderOptions(language: interface), policies: PolicyLinks(catalog.appPolicies, locale: "en_US"))
        )
        await harness.app.press(.enter, .down)  // Almanac Pro; the yearly plan after the monthly one
        return harness
    }

    /// The last transaction the store recorded.
    static func lastTransaction(_ harness: AppHarness) async throws -> Transaction {
        try #require(try await harness.store.allTransactions().compactMap(\.verifiedValue).max { $0.id < $1.id })
    }

    @Test("b pays the yearly plan monthly: the row, the key hint, the sheet's terms, then the ledger's transaction and the customer's plan")
    func chooseMonthly() async throws {
        let harness = try await Self.yearlyChosen()
        #expect(await harness.shows("b pay monthly"))
        await harness.app.press(.char("b"))
        #expect(await harness.shows("$5.99 / month"))
        #expect(await harness.shows("Paid monthly for 12 months, $71.88 in all"))
        #expect(await harness.shows("b pay upfront"))
        assertScreen(await harness.app.render(), named: "almanac-monthly-80x24")
        await harness.app.press(.enter)
        #expect(await harness.shows("$5.99/month for 12 months, then renews for another"))
        #expect(await harness.shows("$71.88 in all."))
        assertScreen(await harness.app.render(), named: "almanac-monthly-sheet-80x24")
        await harness.app.press(.char("y"))
        #expect(await harness.shows("You're subscribed"))
        // The next payment is the month's, not the yearly price ("renews on … at $59.99 / year").
        #expect(!(await harness.shows("$59.99")))
        let bought = try await Self.lastTransaction(harness)
        #expect(bought.productID == Self.yearly)
        #expect(bought.billingPlanType == .monthly)
        #expect(bought.price == Decimal(string: "5.99"))
        let commitment = try #require(bought.commitmentInfo)
        #expect(commitment.billingPeriodNumber == 1)
        #expect(commitment.totalBillingPeriods == 12)
        #expect(commitment.price == Decimal(string: "71.88"))
        // The picker shows the customer's plan as they pay it, and when the commitment ends.
        await harness.app.press(.enter)  // the alert
        #expect(await harness.shows("Current plan"))
        #expect(await harness.shows("Paid monthly, commitment ends Jan 1, 2027"))
        #expect(!(await harness.shows("pay upfront")), "the plan that renews next is not for sale")
        assertScreen(await harness.app.render(), named: "almanac-current-80x24")
        // Your Purchases: the payment's place in the commitment.
        await harness.app.press(.esc, .end, .enter)
        #expect(await harness.shows("payment 1 of 12, commitment ends Jan 1, 2027"))
    }

    @Test("b works in every picker style, and the purchase is paid monthly", arguments: [
        StoreLayout.Shop.Style.picker, .prominentPicker, .buttons, .compactPicker, .pagedPicker, .pagedProminentPicker,
    ])
    func everyStyle(style: StoreLayout.Shop.Style) async throws {
        let harness = try await Self.yearlyChosen(style: style)
        if style == .pagedPicker || style == .pagedProminentPicker {
            await harness.app.press(.end)  // the yearly plan's page
        }
        await harness.app.press(.char("b"))
        #expect(await harness.shows("b pay upfront"))
        #expect(await harness.shows("$5.99"))
        await harness.app.press(.enter)
        #expect(await harness.shows("then renews for another"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("You're subscribed"))
        let bought = try await Self.lastTransaction(harness)
        #expect(bought.productID == Self.yearly)
        #expect(bought.billingPlanType == .monthly)
        #expect(bought.commitmentInfo?.totalBillingPeriods == 12)
    }

    @Test("A product list's row of the yearly plan: b there too, and the purchase is paid monthly", arguments: [
        StoreLayout.Shop.Style.regular, .large, .compact,
    ])
    func storeRow(style: StoreLayout.Shop.Style) async throws {
        let catalog = try Self.catalog()
        let shop = StoreLayout.Shop(id: "pro", title: "Pro", kind: .store, productIDs: [Self.yearly], style: style)
        let harness = try await AppHarness.make(catalog: catalog, layout: StoreLayout(title: "Almanac", shops: [shop]))
        await harness.app.press(.enter)
        #expect(await harness.shows("$59.99/year"))
        #expect(await harness.shows("b pay monthly"))
        await harness.app.press(.char("b"))
        #expect(await harness.shows("$5.99/month"))
        if style != .compact {
            #expect(await harness.shows("Paid monthly for 12 months, $71.88 in all"))
        }
        await harness.app.press(.enter)
        #expect(await harness.shows("$5.99/month for 12 months, then renews for another"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("You're subscribed"))
        let bought = try await Self.lastTransaction(harness)
        #expect(bought.billingPlanType == .monthly)
        #expect(bought.commitmentInfo?.billingPeriodNumber == 1)
    }

    @Test("Without b the yearly plan is paid up front, and b twice turns it back")
    func upFront() async throws {
        let harness = try await Self.yearlyChosen()
        await harness.app.press(.char("b"), .char("b"))
        #expect(await harness.shows("or $5.99/month for 12 months"))
        await harness.app.press(.enter)
        #expect(await harness.shows("Paid up front"))
        await harness.app.press(.char("y"))
        #expect(await harness.shows("You're subscribed"))
        let bought = try await Self.lastTransaction(harness)
        #expect(bought.billingPlanType == .upFront)
        #expect(bought.commitmentInfo == nil)
        #expect(bought.price == Decimal(string: "59.99"))
    }

    @Test("A plan with one way to pay has no b", arguments: [80, 40])
    func noBillingPlan(width: Int) async throws {
        let harness = try await Self.yearlyChosen(width: width, height: width == 80 ? 24 : 12)
        await harness.app.press(.up)  // the monthly plan
        #expect(!(await harness.shows("pay monthly")))
        await harness.app.press(.char("b"))
        #expect(!(await harness.shows("Paid monthly")))
    }

    @Test("Monthly chosen, at 80x24 and 40x12, in English and Japanese", arguments: ["en", "ja"], [(80, 24), (40, 12)])
    func snapshots(language: String, size: (Int, Int)) async throws {
        let harness = try await Self.yearlyChosen(width: size.0, height: size.1, language: language)
        await harness.app.press(.char("b"))
        let picker = await harness.app.render()
        assertScreen(picker, named: "\(language)-monthly-\(size.0)x\(size.1)")
        #expect(picker.textLines().allSatisfy { displayWidth(of: $0) == size.0 })
        await harness.app.press(.enter)
        assertScreen(await harness.app.render(), named: "\(language)-monthly-sheet-\(size.0)x\(size.1)")
    }

    @Test("preferredSubscriptionPricingTerms shows the monthly plan first; b still turns it to up front")
    func preferredPricingTerms() throws {
        let catalog = try Self.catalog()
        let products = CatalogStorefront(catalog: catalog).products(for: ["com.example.almanac.pro.monthly", Self.yearly])
        let view = SubscriptionStoreView(groupID: "A1A1A1A1").preferredSubscriptionPricingTerms { _, info in
            info.pricingTerms.first { $0.billingPlanType == .monthly }
        }
        let content = view.content(for: .success(products, unavailable: []), standing: .neverSubscribed)
        let yearly = try #require(content.options.first { $0.id == Self.yearly })
        #expect(yearly.billingPlan == .monthly)
        #expect(yearly.purchaseOptions == [.billingPlanType(.monthly)])
        #expect(content.options.first { $0.id != Self.yearly }?.billingPlan == nil)
        let upFront = try #require(content.billed(by: SubscriptionStoreState(billingPlans: [Self.yearly: .upFront])).options.first { $0.id == Self.yearly })
        #expect(upFront.billingPlan == .upFront)
        #expect(upFront.purchaseOptions.isEmpty)
    }

    @Test("At 80x24 the yearly plan shows its monthly plan under its price")
    func picker() async throws {
        let catalog = try Self.catalog()
        let harness = try await AppHarness.make(
            catalog: catalog, layout: StoreLayout(catalog: catalog, title: "Almanac", locale: "en_US")
        )
        await harness.app.run(try KeyScript("enter"))
        #expect(await harness.shows("$59.99"))
        #expect(await harness.shows("or $5.99/month for 12 months"))
        assertScreen(await harness.app.render(), named: "almanac-picker-80x24")
    }

    @Test("The monthly plan's words in every language of the String Catalog", arguments: [
        ("en", "or $5.99/month for 12 months"),
        ("de", "oder $5.99/Monat für 12 Monate"),
        ("es", "o $5.99/mes durante 12 meses"),
        ("fr", "ou $5.99/mois pendant 12 mois"),
        ("ja", "または $5.99/月（12か月の契約）"),
        ("zh-Hans", "或 $5.99/月，承诺 12 个月"),
    ])
    func everyLanguage(code: String, words: String) throws {
        let style = Decimal.FormatStyle.Currency(code: "USD", locale: Locale(identifier: "en_US"))
        let product = Product(
            id: "yearly", type: .autoRenewable, displayName: "Yearly", description: "", price: 59.99, displayPrice: "$59.99",
            priceFormatStyle: style, isFamilyShareable: false,
            subscription: {
                var info = Product.SubscriptionInfo(subscriptionGroupID: "G", groupLevel: 1, subscriptionPeriod: .init(value: 1, unit: .year))
                info.pricingTerms = [.init(
                    billingPlanType: .monthly, billingPrice: 5.99, billingDisplayPrice: "$5.99",
                    billingPeriod: .init(value: 1, unit: .month),
                    commitmentInfo: .init(price: 71.88, displayPrice: "$71.88", period: .init(value: 1, unit: .year))
                )]
                return info
            }()
        )
        #expect(product.monthlyPlanTerms(language: InterfaceLanguage(matching: code)) == words)
    }
}
