import Foundation
import StorefrontTestSupport
import Testing

/// Signed offers as an app's server makes them (`signed_offer_check.py`): Apple's App Store
/// Server Library signs promotional offers (the compact JWS and the legacy signature) and
/// intro-offer eligibility with a key registered by `serve api-keys add`; `storefront buy
/// --bundle-id …` applies each, and refuses an unknown key, a bad signature, another product,
/// offer or app, a stale signature, a used nonce, another customer's transaction and a customer
/// who never subscribed, each with its reason on one line and exit 1, buying nothing.
@Suite struct SignedOfferTests {
    @Test(arguments: ["sqlite", "postgres"])
    func applesLibrarySignsWhatBuyApplies(engine: String) async throws {
        var arguments: [String] = []
        if engine == "postgres" {
            let store = try await PostgresCluster.database()
            let migrated = try await StorefrontCommand.run(["store", "migrate", "--store", store])
            try #require(migrated.status == 0, "\(migrated.stderr)")
            arguments = [store]
        }
        let output = try await AppleClientScript.run("signed_offer_check.py", arguments)
        #expect(output.stdout.contains("ok: a lapsed subscriber buys the yearly pass with the signed returning offer"))
        #expect(output.stdout.contains("ok: the same JWS again is refused: its nonce was used"))
        #expect(output.stdout.contains("ok: a returning subscriber the server allows gets the free week"))
    }
}
