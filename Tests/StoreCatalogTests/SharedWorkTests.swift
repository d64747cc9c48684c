import Foundation
import Testing
@testable import StoreCatalog

/// Large catalogs are built in shares on every core: what a user sees is what one thread
/// building them in file order gives (the order of products, the first error, the warnings).
@Suite struct SharedWorkTests {
    private let count = CatalogDecoder.sharedWorkThreshold + 5

    private func product(_ index: Int, type: String = "Consumable", locale: String = #""en_US""#) -> String {
        #"{"displayPrice": "0.99", "productID": "p\#(index)", "type": "\#(type)", "localizations": [{"locale": \#(locale), "displayName": "P\#(index)", "description": ""}]}"#
    }

    /// `count` products (the ones in `bad` with a number for a locale), two non-renewing
    /// subscriptions and a group of one subscription, whose own group ID is `declaredGroup`.
    private func json(bad: Set<Int> = [], badNonRenewing: Bool = false, declaredGroup: String = "G") -> String {
        let products = (0..<count).map { product($0, locale: bad.contains($0) ? "7" : #""en_US""#) }
        let nonRenewing = [product(count, type: "NonRenewingSubscription"),
                           product(count + 1, type: "NonRenewingSubscription", locale: badNonRenewing ? "7" : #""en_US""#)]
        let subscription = #"{"displayPrice": "1.99", "productID": "s1", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M", "subscriptionGroupID": "\#(declaredGroup)", "localizations": [{"locale": "en_US", "displayName": "S", "description": ""}]}"#
        return #"{"nonRenewingSubscriptions": [\#(nonRenewing.joined(separator: ","))], "products": [\#(products.joined(separator: ","))], "subscriptionGroups": [{"id": "G", "name": "Plans", "subscriptions": [\#(subscription)]}]}"#
    }

    @Test func productsKeepFileOrderAndEachIsFoundByID() throws {
        let catalog = try decode(json(declaredGroup: "H"))
        let expected = (0..<count + 2).map { "p\($0)" } + ["s1"]
        #expect(catalog.products.map(\.id) == expected)
        #expect(catalog.products.last?.subscription?.subscriptionGroupID == "G")
        #expect(catalog.product(id: "p\(count - 1)")?.localizations.first?.displayName == "P\(count - 1)")
        #expect(catalog.warnings == [.subscriptionGroupMismatch(productID: "s1", declared: "H", actual: "G")])
    }

    @Test func theFirstErrorInFileOrderIsReported() {
        for (bad, badNonRenewing, path) in [
            ([count - 2], false, "products[\(count - 2)]"),
            ([count - 2, 40], true, "products[40]"),
            ([], true, "nonRenewingSubscriptions[1]"),
        ] as [(Set<Int>, Bool, String)] {
            #expect(throws: CatalogError.malformed(
                file: "Big.storekit", path: "\(path).localizations[0].locale", message: "expected a string, found a number"
            )) { try decode(json(bad: bad, badNonRenewing: badNonRenewing), file: "Big.storekit") }
        }
    }
}
