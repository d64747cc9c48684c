import Foundation
import StorefrontTestSupport
import Testing

/// The transaction fields of 2024–25 and `OFFER_REDEEMED`, as a back office meets them: the
/// CLI's --json, then `serve --http`'s signed transactions, renewal info and notifications, each
/// verified and decoded by Apple's App Store Server Library; on SQLite and on PostgreSQL.
/// `offer_fields_check.py`: the offer fields, and codes redeemed by new and lapsed subscribers.
/// `offer_redeemed_check.py`: offers redeemed for the next renewal (`OFFER_REDEEMED` with no
/// subtype or `DOWNGRADE`, the renewal info showing the offer waiting, then `DID_RENEW` carrying it).
@Suite struct OfferFieldsAppleTests {
    static let scripts: [(script: String, says: [String])] = [
        ("offer_fields_check.py", [
            "ok: status found by a renewal's transaction ID", "ok: a lapsed subscriber's code: OFFER_REDEEMED RESUBSCRIBE",
        ]),
        ("offer_redeemed_check.py", [
            "ok: a promotional offer on the current plan: OFFER_REDEEMED with no subtype",
            "ok: an offer code for a lower plan: OFFER_REDEEMED DOWNGRADE", "ok: DID_RENEW: Grove Monthly with the code's offer, $1.99",
        ]),
    ]

    @Test(arguments: scripts.map(\.script), ["sqlite", "postgres"])
    func applesLibraryReadsTheOfferFieldsAndOfferRedeemed(script: String, engine: String) async throws {
        let output = try await AppleClientScript.run(script, try await AppleClientScript.storeArguments(engine))
        for line in Self.scripts.first(where: { $0.script == script })?.says ?? [] {
            #expect(output.stdout.contains(line), "missing \(line)")
        }
    }
}
