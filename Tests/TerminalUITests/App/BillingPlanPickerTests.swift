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
/// "or $5.99/month for 12 months" under the yearly price, as StoreKit's pickers show it.
@Suite("Billing plans in the picker")
struct BillingPlanPickerTests {
    static func catalog() throws -> Catalog {
        try CatalogLoader.load(contentsOf: PackagePaths.catalogs.appendingPathComponent("Almanac.storekit"))
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
