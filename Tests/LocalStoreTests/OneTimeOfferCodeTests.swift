import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

/// Offer codes of products that do not renew (Almanac.storekit), with the one-time payment mode.
@Suite("Offer codes for consumables, non-consumables and non-renewing subscriptions")
struct OneTimeOfferCodeTests {
    static func harness(codes: String? = nil) throws -> StoreHarness {
        let catalog = try Fixtures.bundled("Almanac")
        var controls = StoreControls()
        if let codes { controls.offerCodes = try OfferCode.parseFile(codes, named: "codes.txt", catalog: catalog) }
        return try StoreHarness(catalog: catalog, controls: controls)
    }

    @Test("Each kind of product is granted at its code's price, offer type code and payment mode one-time", arguments: [
        ("halfseeds", "com.example.almanac.seeds", "0.99"),
        ("FreeAtlas", "com.example.almanac.atlas", "0"),
        ("SEASONHALF", "com.example.almanac.season", "2.99"),
    ])
    func granted(code: String, productID: String, price: String) async throws {
        let harness = try Self.harness()
        let transaction = try #require(try await harness.store.redeem(offerCode: code).verifiedValue)
        #expect(transaction.productID == productID)
        #expect(transaction.offer?.type == .code)
        #expect(transaction.offer?.id == code.uppercased())
        #expect(transaction.offer?.paymentMode == .oneTime)
        let entry = try #require(try await harness.ledger.transaction(id: Int64(transaction.id)))
        #expect(entry.transaction.price == Decimal(string: price))
        #expect(entry.transaction.offerPaymentMode == .oneTime)
        #expect(entry.transaction.offerType == .code)
        await #expect(throws: OfferCodeError.alreadyRedeemed(code.uppercased())) {
            try await harness.store.redeem(offerCode: code)
        }
    }

    @Test("A codes file may name a one-time product's offer code; its price applies")
    func codesFile() async throws {
        let harness = try Self.harness(codes: "SPRING-SEEDS com.example.almanac.seeds HALFSEEDS\n")
        let transaction = try #require(try await harness.store.redeem(offerCode: "spring-seeds").verifiedValue)
        #expect(transaction.offer?.paymentMode == .oneTime)
        let entry = try #require(try await harness.ledger.transaction(id: Int64(transaction.id)))
        #expect(entry.transaction.price == Decimal(string: "0.99"))
    }
}
