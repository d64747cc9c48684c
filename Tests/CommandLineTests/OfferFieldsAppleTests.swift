import Foundation
import StorefrontTestSupport
import Testing

/// The transaction fields of 2024–25 and `OFFER_REDEEMED`, as a back office meets them
/// (`offer_fields_check.py`): the CLI's --json, then `serve --http`'s signed transactions,
/// renewal info and notifications, each verified and decoded by Apple's App Store Server
/// Library; on SQLite and on PostgreSQL.
@Suite struct OfferFieldsAppleTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibraryReadsTheOfferFieldsAndOfferRedeemed(engine: String) async throws {
        let output = try await AppleClientScript.run("offer_fields_check.py", try await AppleClientScript.storeArguments(engine))
        #expect(output.stdout.contains("ok: status found by a renewal's transaction ID"))
        #expect(output.stdout.contains("ok: a lapsed subscriber's code: OFFER_REDEEMED RESUBSCRIBE"))
    }
}
