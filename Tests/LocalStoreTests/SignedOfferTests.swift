import Foundation
import LocalStore
import StorefrontModel
import Testing

/// A promotional offer's legacy signature, checked by the store as StoreKit's server does:
/// each refusal has its one reason and records nothing. (Apple's library signs the compact
/// JWS, the legacy form and intro eligibility in CommandLineTests' `SignedOfferTests`.)
@Suite("Signed promotional offers")
struct SignedOfferTests {
    private let signer = OfferSigner()
    private static let silver = "pass.silver.monthly"

    /// A subscriber of the `pass` group (bronze), whom promotional offers are for.
    private func subscriber(engine: Engine = .sqlite, controls: StoreControls? = nil) async throws -> StoreHarness {
        let harness = try await StoreHarness(engine: engine, controls: try controls ?? signer.controls())
        try await harness.buy("pass.bronze.monthly")
        return harness
    }

    private func refusal(_ harness: StoreHarness, _ option: Product.PurchaseOption) async throws -> SignedOfferError? {
        let before = try await harness.store.allTransactions().count
        do {
            try await harness.buy(Self.silver, options: [option])
            return nil
        } catch let error as SignedOfferError {
            #expect(try await harness.store.allTransactions().count == before)
            return error
        }
    }

    @Test("A signature by a registered key for this app, product and offer applies the offer; its nonce then is spent",
          arguments: Engine.allCases)
    func appliesOnceThenNonceIsUsed(engine: Engine) async throws {
        let harness = try await subscriber(engine: engine)
        let winter = try signer.legacy("winter", of: Self.silver, at: Fixtures.epoch)
        let bought = try await harness.buy(Self.silver, options: [winter])
        #expect(bought.offer == Transaction.Offer(type: .promotional, id: "winter", paymentMode: .payAsYouGo, period: .init(value: 2, unit: .month)))
        let again = try await refusal(harness, winter)
        #expect(again?.reason == .nonceUsed(Self.nonce(of: winter)))
        #expect(again?.localizedDescription.contains("was used before") == true)
    }

    @Test("Refused: an unknown key, another key's signature, another app account token, no bundle ID")
    func signatureRefusals() async throws {
        let harness = try await subscriber()
        let stranger = OfferSigner()
        var unknown = try stranger.legacy("winter", of: Self.silver, at: Fixtures.epoch)
        if case .promotionalOffer(let offer, _, let nonce, let signature, let timestamp) = unknown {
            unknown = .promotionalOffer(offerID: offer, keyID: "NOTREGISTERED", nonce: nonce, signature: signature, timestamp: timestamp)
        }
        #expect(try await refusal(harness, unknown)?.reason == .unknownKey(keyID: "NOTREGISTERED"))
        // The stranger's signature under the registered key ID.
        let forged = try stranger.legacy("winter", of: Self.silver, at: Fixtures.epoch)
        #expect(try await refusal(harness, forged)?.reason == .badSignature(keyID: signer.keyID))
        let otherToken = try signer.legacy("winter", of: Self.silver, at: Fixtures.epoch, appAccountToken: UUID())
        #expect(try await refusal(harness, otherToken)?.reason == .badSignature(keyID: signer.keyID))

        var noApp = try signer.controls()
        noApp.bundleID = nil
        await harness.store.setControls(noApp)
        let error = try await refusal(harness, try signer.legacy("winter", of: Self.silver, at: Fixtures.epoch))
        #expect(error?.reason == .noBundleID)
        #expect(error?.purchaseError == .missingOfferParameters)
    }

    @Test("Refused: signed over 24 hours before the store's time, or a customer who never subscribed")
    func staleAndNotASubscriber() async throws {
        let harness = try await subscriber()
        let old = try signer.legacy("winter", of: Self.silver, at: Fixtures.epoch - 24 * 3600 - 1)
        guard case .stale? = try await refusal(harness, old)?.reason else { Issue.record("not refused as stale"); return }
        let newcomer = try await StoreHarness(engine: .sqlite, controls: try signer.controls())
        let error = try await refusal(newcomer, try signer.legacy("winter", of: Self.silver, at: Fixtures.epoch))
        #expect(error?.reason == .notASubscriber(groupID: "pass"))
        #expect(error?.purchaseError == .ineligibleForOffer)
    }

    private static func nonce(of option: Product.PurchaseOption) -> String {
        if case .promotionalOffer(_, _, let nonce, _, _) = option { return nonce.uuidString.lowercased() }
        return ""
    }
}
