import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// `billingPlans` (5.0) and the offer codes of products that do not renew, as read from a file.
@Suite struct BillingPlanCatalogTests {
    @Test func almanacHasAMonthlyPlanAndOneTimeCodes() throws {
        let catalog = try CatalogLoader.load(contentsOf: PackagePaths.catalogs.appendingPathComponent("Almanac.storekit"))
        #expect(catalog.warnings.isEmpty)
        let yearly = try #require(catalog.product(id: "com.example.almanac.pro.yearly")?.subscription)
        #expect(yearly.billingPlans.map(\.type) == [.billedUpfront, .monthly])
        let monthly = try #require(yearly.billingPlans.last)
        #expect(monthly.displayPrice == "$5.99")
        #expect(monthly.commitmentDisplayPrice == "$71.88")
        #expect(monthly.billingPeriods == 12)

        let codes = ["com.example.almanac.seeds", "com.example.almanac.atlas", "com.example.almanac.season"]
            .map { catalog.product(id: $0)?.oneTimeCodeOffers.first }
        #expect(codes.map { $0?.referenceName } == ["HALFSEEDS", "FREEATLAS", "SEASONHALF"])
        #expect(codes.map { $0?.displayPrice } == ["$0.99", "$0.00", "$2.99"])
    }

    @Test func corpusFilesKeepTheirPlans() throws {
        let catalog = try CatalogLoader.load(
            contentsOf: PackagePaths.corpus.appendingPathComponent("olivierpicard__sleeping-bird.com__InAppPurchases.storekit")
        )
        let yearly = try #require(catalog.product(id: "com.alizetech.arperbird.premium.yearly")?.subscription)
        #expect(yearly.billingPlans.map(\.type) == [.billedUpfront, .monthly])
        #expect(yearly.billingPlans.map(\.isEnabled) == [true, false])
    }

    private func malformedMessage(_ json: String) -> String? {
        do {
            _ = try Catalog(storeKitData: Data(json.utf8), file: "Shop.storekit")
            return nil
        } catch {
            return error.description
        }
    }

    static func yearly(_ plans: String, period: String = "P1Y") -> String {
        #"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "59.99", "groupNumber": 1, "recurringSubscriptionPeriod": "\#(period)", "billingPlans": [\#(plans)]}]}]}"#
    }

    @Test(arguments: [
        (yearly(#"{"billingPlanType": "WEEKLY", "displayPrice": "1"}"#),
         #"Shop.storekit: subscriptionGroups[0].subscriptions[0].billingPlans[0].billingPlanType: unknown billing plan type "WEEKLY" (expected BILLED_UPFRONT or MONTHLY)"#),
        (yearly(#"{"billingPlanType": "MONTHLY", "displayPrice": "4.99"}"#, period: "P1M"),
         "Shop.storekit: subscriptionGroups[0].subscriptions[0].billingPlans[0].billingPlanType: a MONTHLY billing plan needs a yearly subscription (P1Y), found P1M"),
        (yearly(#"{"billingPlanType": "MONTHLY", "displayPrice": "cheap"}"#),
         #"Shop.storekit: subscriptionGroups[0].subscriptions[0].billingPlans[0].displayPrice: expected a price such as "0.99" or "2,99", found "cheap""#),
        (#"{"products": [{"productID": "x", "type": "Consumable", "displayPrice": "1", "codeOffers": [{"referenceName": "C", "paymentMode": "payAsYouGo"}]}]}"#,
         #"Shop.storekit: products[0].codeOffers[0].paymentMode: unknown payment mode "payAsYouGo" for an offer code of a product that does not renew (expected oneTime or free)"#),
        (#"{"products": [{"productID": "x", "type": "Consumable", "displayPrice": "1", "codeOffers": [{"paymentMode": "free"}]}]}"#,
         "Shop.storekit: products[0].codeOffers[0].referenceName: missing (expected a value here)"),
    ])
    func badValuesNameFileAndField(json: String, message: String) {
        #expect(malformedMessage(json) == message)
    }
}
