import Foundation
import StorefrontTestSupport
import Testing
@testable import StoreCatalog

/// Bad input never crashes: it fails with the file, the JSON path and what was wrong.
@Suite struct CatalogErrorTests {
    private func malformedMessage(_ json: String) -> String? {
        do {
            _ = try decode(json, file: "Shop.storekit")
            return nil
        } catch {
            guard case .malformed = error else { return "not malformed: \(error)" }
            return error.description
        }
    }

    private let goodProduct = #"{"displayPrice": "0.99", "productID": "p1", "referenceName": "P", "type": "Consumable", "localizations": [{"locale": "en_US", "displayName": "P", "description": ""}]}"#

    @Test(arguments: [
        (#"{"products": [GOOD, GOOD, GOOD, {"displayPrice": "1", "productID": "p4", "type": "Consumable", "localizations": [{"locale": 7}]}]}"#,
         "Shop.storekit: products[3].localizations[0].locale: expected a string, found a number"),
        (#"{"products": [{"productID": "x", "type": "Consumable"}]}"#,
         "Shop.storekit: products[0].displayPrice: missing (expected a value here)"),
        (#"{"products": [{"productID": "x", "type": "Consumable", "displayPrice": "free"}]}"#,
         #"Shop.storekit: products[0].displayPrice: expected a price such as "0.99" or "2,99", found "free""#),
        (#"{"products": [{"productID": "x", "type": "Gadget", "displayPrice": "1"}]}"#,
         #"Shop.storekit: products[0].type: unknown product type "Gadget" (expected Consumable or NonConsumable)"#),
        (#"{"products": [{"productID": "", "type": "Consumable", "displayPrice": "1"}]}"#,
         "Shop.storekit: products[0].productID: expected a product ID, found an empty string"),
        (#"{"products": {"productID": "x"}}"#,
         "Shop.storekit: products: expected an array, found an object"),
        (#"{"products": [GOOD, "oops"]}"#,
         "Shop.storekit: products[1]: expected an object, found a string"),
        (#"{"products": [{"productID": "x", "type": "Consumable", "displayPrice": "1", "familyShareable": "yes"}]}"#,
         "Shop.storekit: products[0].familyShareable: expected a boolean, found a string"),
        (#"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "1", "groupNumber": 1, "recurringSubscriptionPeriod": "monthly"}]}]}"#,
         #"Shop.storekit: subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: expected an ISO 8601 period such as P1W, P1M or P1Y, found "monthly""#),
        (#"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "1", "groupNumber": 1.5, "recurringSubscriptionPeriod": "P1M"}]}]}"#,
         "Shop.storekit: subscriptionGroups[0].subscriptions[0].groupNumber: expected an integer, found 1.5"),
        (#"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "introductoryOffer": {"paymentMode": "sometimes", "subscriptionPeriod": "P1W"}}]}]}"#,
         #"Shop.storekit: subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode: unknown payment mode "sometimes" (expected free, payAsYouGo, payUpFront or none)"#),
        (#"{"subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "adHocOffers": [{"paymentMode": "payUpFront", "subscriptionPeriod": "P1M", "displayPrice": "0.5"}]}]}]}"#,
         "Shop.storekit: subscriptionGroups[0].subscriptions[0].adHocOffers[0].offerID: missing (expected a value here)"),
        (#"{"settings": {"_storeKitErrors": [{"name": "Purchase", "enabled": true, "current": {"type": "generic"}}]}}"#,
         "Shop.storekit: settings._storeKitErrors[0].current.index: missing (expected a value here)"),
        (#"["products"]"#,
         "Shop.storekit: expected a JSON object at the top level, found an array"),
        ("{\n  \"products\" : [\n    {\"productID\": \"x\",}\n  ]\n}",
         "Shop.storekit: not valid JSON: line 3, column 23: expected a quoted key, found '}'"),
        ("", "Shop.storekit: the file is empty"),
        // The groups are built before the products (to size the list once), but a product's
        // error is still the one reported, as the file lists products first.
        (#"{"subscriptionGroups": [{"id": 5}], "products": [GOOD, {"productID": "x", "type": "Consumable"}]}"#,
         "Shop.storekit: products[1].displayPrice: missing (expected a value here)"),
    ])
    func messagesNameTheFileAndThePath(json: String, expected: String) {
        #expect(malformedMessage(json.replacingOccurrences(of: "GOOD", with: goodProduct)) == expected)
    }

    @Test func garbageBytesAreMalformedNotACrash() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: CatalogError.self) { try Catalog(storeKitData: Data(bytes), file: "noise.storekit") }
        }
        let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])  // a PNG header
        #expect(throws: CatalogError.malformed(
            file: "image.storekit", path: "", message: "not a StoreKit configuration: expected JSON or a property list"
        )) { try Catalog(storeKitData: binary, file: "image.storekit") }
    }

    @Test func brokenPropertyListIsMalformed() {
        let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>products</key><array>"#
        #expect {
            try Catalog(storeKitData: Data(text.utf8), file: "Broken.storekit")
        } throws: { error in
            guard let error = error as? CatalogError, case .malformed(let file, _, let message) = error else { return false }
            return file == "Broken.storekit" && message.hasPrefix("not a valid property list")
        }
    }

    /// Found by libFuzzer: Foundation's XML reader traps on such an `<integer>`, so the bytes
    /// are checked first and the customer is told where the damage is.
    @Test func propertyListThatIsNotUTF8IsMalformedNotACrash() {
        var bytes = Array(#"<?xml version="1.0" encoding="UTF-8"?>\#n<plist version="1.0"><dict>\#n<key>version</key><integer>"#.utf8)
        bytes += [0xFF, 0xFF, 0xFF, 0xFF, 0x08, 0xBA, 0x31]
        bytes += Array("</integer></dict></plist>".utf8)
        #expect(throws: CatalogError.malformed(
            file: "Damaged.storekit", path: "", message: "not valid UTF-8 at line 3 (byte 95)"
        )) { try Catalog(storeKitData: Data(bytes), file: "Damaged.storekit") }
    }

    @Test func propertyListTypesAreCheckedToo() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>products</key><array><dict>
            <key>productID</key><string>x</string><key>type</key><string>Consumable</string>
            <key>displayPrice</key><real>0.99</real>
            </dict></array></dict></plist>
            """
        #expect(throws: CatalogError.malformed(
            file: "List.storekit", path: "products[0].displayPrice", message: "expected a string, found a number"
        )) { try Catalog(storeKitData: Data(text.utf8), file: "List.storekit") }
    }

    @Test func missingFileAndEmptyPackageFolderAreNotFound() throws {
        let temporary = try TemporaryDirectory()
        let missing = temporary.url.appendingPathComponent("Nowhere.storekit")
        #expect(throws: CatalogError.notFound(file: missing.relativePath)) {
            try CatalogLoader.load(contentsOf: missing)
        }
        let package = temporary.url.appendingPathComponent("Empty.storekit")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: false)
        #expect(throws: CatalogError.notFound(file: package.appendingPathComponent("Configuration.storekit").relativePath)) {
            try CatalogLoader.load(contentsOf: package)
        }
        #expect(CatalogError.notFound(file: "X.storekit").description == "X.storekit: no such StoreKit configuration file")
    }

    @Test func unknownKeysAndFutureVersionsAreIgnored() throws {
        let catalog = try decode("""
            {"version": {"major": 9, "minor": 1}, "hologramProducts": [{"x": 1}],
             "subscriptionSuiteGroups": [], "products": [\(goodProduct)],
             "settings": {"_futureSetting": {"nested": true}, "_compatibilityTimeRate": {"3": 6}}}
            """)
        #expect(catalog.version == .init(major: 9, minor: 1))
        #expect(catalog.products.map(\.id) == ["p1"])
    }

    @Test func warningsForDuplicatesEmptyNamesStorefrontAndPrecision() throws {
        let catalog = try decode("""
            {"settings": {"_storefront": "ATL"},
             "products": [\(goodProduct), \(goodProduct),
               {"productID": "bare", "type": "NonConsumable", "displayPrice": "1.999", "localizations": []},
               {"productID": "blank", "type": "NonConsumable", "displayPrice": "1", "localizations": [{"locale": "en_US"}]}],
             "subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "s", "displayPrice": "1",
               "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "subscriptionGroupID": "OTHER",
               "localizations": [{"locale": "en_US", "displayName": "S"}]}]},
               {"id": "G"}]}
            """)
        #expect(catalog.storefront == .unitedStates)
        #expect(catalog.warnings == [
            .unknownStorefront("ATL"),
            .subscriptionGroupMismatch(productID: "s", declared: "OTHER", actual: "G"),
            .duplicateProductID("p1"),
            .noLocalizations(productID: "bare"),
            .pricePrecision(productID: "bare", price: "1.999", currencyCode: "USD"),
            .emptyDisplayNames(productID: "blank"),
            .duplicateSubscriptionGroupID("G"),
        ])
        #expect(catalog.product(id: "s")?.subscription?.subscriptionGroupID == "G")
        // A repeated ID finds its first product; an unknown one nothing.
        #expect(catalog.productPosition(id: "p1") == 0)
        #expect(catalog.products.filter { $0.id == "p1" }.count == 2)
        #expect(catalog.productPosition(id: "s") == catalog.products.count - 1)
        #expect(catalog.productPosition(id: "nowhere") == nil)
    }
}
