import Foundation
import LocalStore
import StoreCatalog
import StorefrontModel
import Testing

/// Offer codes: the catalog's subscription codes and a codes file, granted once, signed.
@Suite("Offer codes")
struct OfferCodeTests {
    static let grove = "com.example.backyardbirds.pass.grove.monthly"
    static let meadow = "com.example.backyardbirds.pass.meadow.monthly"
    static let feeder = "com.example.backyardbirds.feeder.copper"

    static func harness(codes: String? = nil) throws -> StoreHarness {
        let catalog = try Fixtures.bundled("BackyardBirds")
        var controls = StoreControls()
        if let codes { controls.offerCodes = try OfferCode.parseFile(codes, named: "codes.txt", catalog: catalog) }
        return try StoreHarness(catalog: catalog, controls: controls)
    }

    @Test("A catalog offer code, typed in any case, grants its free month as a signed transaction, once")
    func catalogCode() async throws {
        let harness = try Self.harness()
        let granted = try await harness.store.redeem(offerCode: " birdwatcher ")
        let transaction = try #require(granted.verifiedValue)
        #expect(transaction.productID == Self.grove)
        #expect(transaction.offer?.type == .code)
        #expect(transaction.offer?.id == "BIRDWATCHER")
        #expect(transaction.offer?.paymentMode == .freeTrial)
        let entry = try #require(try await harness.ledger.transaction(id: Int64(transaction.id)))
        #expect(entry.transaction.price == 0)
        #expect(try await harness.store.currentEntitlements().purchasedProductIDs == [Self.grove])

        await #expect(throws: OfferCodeError.alreadyRedeemed("BIRDWATCHER")) {
            try await harness.store.redeem(offerCode: "BIRDWATCHER")
        }
        #expect(try await harness.ledger.transactions().count == 1)
    }

    @Test("An unknown code is refused, naming it")
    func unknownCode() async throws {
        let harness = try Self.harness()
        await #expect(throws: OfferCodeError.unknownCode("NOPE")) { try await harness.store.redeem(offerCode: "nope") }
        #expect(OfferCodeError.unknownCode("NOPE").localizedDescription.contains("NOPE"))
        #expect(try await harness.ledger.transactions().isEmpty)
    }

    @Test("A code for new and lapsed subscribers is refused to a current one")
    func eligibility() async throws {
        let harness = try Self.harness()
        try await harness.buy(Self.meadow)
        await #expect(throws: OfferCodeError.notEligible("BIRDWATCHER", reason: .notForCurrentSubscribers)) {
            try await harness.store.redeem(offerCode: "BIRDWATCHER")
        }
    }

    @Test("A codes file: a code grants a non-consumable for nothing; one already owned is refused")
    func codesFile() async throws {
        let harness = try Self.harness(codes: """
            # code         product
            SPRING-FEEDER  \(Self.feeder)
            SECOND-FEEDER  \(Self.feeder)   # the same feeder again
            """)
        let granted = try #require(try await harness.store.redeem(offerCode: "spring-feeder").verifiedValue)
        #expect(granted.productID == Self.feeder)
        #expect(granted.offer?.id == "SPRING-FEEDER")
        await #expect(throws: OfferCodeError.notEligible("SECOND-FEEDER", reason: .alreadyOwned("Copper Tube Feeder"))) {
            try await harness.store.redeem(offerCode: "SECOND-FEEDER")
        }
    }

    @Test("A bad line of a codes file is named by file and line", arguments: [
        ("GIFT", "codes.txt:1: the code GIFT names no product"),
        ("GIFT com.example.nothing", "codes.txt:1: no product com.example.nothing in the catalog"),
        ("# gifts\nGIFT! \(feeder)", #"codes.txt:2: "GIFT!" is not a code: use letters, digits, - and _"#),
        ("GIFT \(grove) SUMMER", "codes.txt:1: \(grove) has no offer code named SUMMER"),
        ("A \(feeder)\na \(feeder)", "codes.txt:2: the code A is listed twice"),
        ("A \(feeder) x y", "codes.txt:1: expected CODE PRODUCT_ID [OFFER], found 4 words"),
    ])
    func badCodesFile(text: String, message: String) throws {
        let catalog = try Fixtures.bundled("BackyardBirds")
        #expect(throws: (any Error).self) { try OfferCode.parseFile(text, named: "codes.txt", catalog: catalog) }
        do {
            _ = try OfferCode.parseFile(text, named: "codes.txt", catalog: catalog)
        } catch {
            #expect(error.description == message)
        }
    }
}
