import Foundation
import Testing
@testable import StoreCatalog

/// A catalog's repeated text is held once: what 100,000 products cost in memory depends on it.
@Suite struct SharedTextTests {
    /// Where a string's bytes are; the same for two strings that share one storage. Only
    /// for strings longer than 15 bytes (shorter ones are held inline, with no storage).
    private func storage(_ text: String) -> UInt {
        var text = text
        return text.withUTF8 { UInt(bitPattern: $0.baseAddress) }
    }

    private func japanese(_ product: CatalogProduct) -> CatalogLocalization? {
        product.localizations.first { $0.locale == "ja" }
    }

    @Test func aDescriptionRepeatedByManyProductsIsOneString() throws {
        let catalog = try Catalog(storeKitData: Data(CatalogGenerator(productCount: 2_000).storeKitJSON().utf8), file: "Generated.storekit")
        let descriptions = catalog.products.compactMap { japanese($0)?.description }
        #expect(descriptions.count == 1_000)
        #expect(Set(descriptions) == ["自動生成された商品です。"])
        // Subscriptions are built apart from the other products (on another core in a
        // large catalog), so each kind holds the text once.
        for subscriptions in [false, true] {
            let kind = catalog.products.filter { ($0.type == .autoRenewable) == subscriptions }
            #expect(Set(kind.compactMap { japanese($0)?.description }.map(storage)).count == 1)
        }
        // Text that differs is its own, as the file wrote it.
        let english = catalog.products.compactMap { $0.localizations.first { $0.locale == "en_US" }?.description }
        #expect(Set(english).count == 2_000)
    }

    @Test func aNameThatIsTheReferenceNameSharesIt() throws {
        let catalog = try Catalog(storeKitData: Data(CatalogGenerator(productCount: 20).storeKitJSON().utf8), file: "Generated.storekit")
        let pass = try #require(catalog.products.first { $0.type == .nonRenewable })
        #expect(pass.referenceName == "Season Pass 7")
        let name = try #require(pass.localizations.first { $0.locale == "en_US" }?.displayName)
        #expect(name == pass.referenceName)
        // "Season Pass 7" is inline; a longer one shows the sharing.
        let long = try Self.catalog(products: [("com.example.a", "A reference name longer than fifteen", ["A reference name longer than fifteen"])])
        let product = try #require(long.products.first)
        #expect(storage(product.localizations[0].displayName) == storage(product.referenceName))
    }

    @Test func canonicallyEquivalentTextIsKeptAsWritten() throws {
        // "é" written precomposed, then as "e" and a combining accent: equal as Swift
        // strings, different bytes. Each product keeps the bytes its file gave.
        let precomposed = "Caf\u{E9} gift card for the whole family", decomposed = "Cafe\u{301} gift card for the whole family"
        let catalog = try Self.catalog(products: [("com.example.a", "a", [precomposed]), ("com.example.b", "b", [decomposed])])
        #expect(Array(catalog.products[0].localizations[0].description.utf8) == Array(precomposed.utf8))
        #expect(Array(catalog.products[1].localizations[0].description.utf8) == Array(decomposed.utf8))
    }

    /// A catalog of consumables, each with an `en_US` localization of the given descriptions
    /// (its display name the first description).
    private static func catalog(products: [(id: String, referenceName: String, descriptions: [String])]) throws -> Catalog {
        let items = products.map { product in
            let text = product.descriptions.first ?? ""
            return """
                {"displayPrice":"0.99","familyShareable":false,"internalID":"1",\
                "localizations":[{"description":"\(text)","displayName":"\(text)","locale":"en_US"}],\
                "productID":"\(product.id)","referenceName":"\(product.referenceName)","type":"Consumable"}
                """
        }
        let json = """
            {"identifier":"1","nonRenewingSubscriptions":[],"products":[\(items.joined(separator: ","))],\
            "settings":{"_locale":"en_US","_storefront":"USA"},"subscriptionGroups":[],"version":{"major":4,"minor":0}}
            """
        return try Catalog(storeKitData: Data(json.utf8), file: "Test.storekit")
    }
}
