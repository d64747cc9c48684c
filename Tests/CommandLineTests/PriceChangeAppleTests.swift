import Foundation
import StorefrontTestSupport
import Testing

/// Price increases and a product removed from sale as a back office meets them
/// (`price_change_check.py`): `serve --http`'s notifications (PRICE_INCREASE PENDING and
/// ACCEPTED, EXPIRED PRICE_INCREASE and PRODUCT_NOT_FOR_SALE) and renewal info
/// (`priceIncreaseStatus`, `renewalPrice`, `expirationIntent`), each verified and decoded by
/// Apple's App Store Server Library; on SQLite and on PostgreSQL.
@Suite struct PriceChangeAppleTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibraryReadsPriceIncreasesAndRemovals(engine: String) async throws {
        let output = try await AppleClientScript.run("price_change_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: the renewal bills the new price, 12990 milliunits"))
        #expect(output.stdout.contains("ok: its renewal info: expirationIntent 4"))
    }
}
