import Foundation
import StorefrontModel
import TerminalScripting
import TerminalUI

/// A tape's signed offers: the app the store runs as, its registered keys, and the
/// promotional offer the app's server signed, which the app applies as
/// `.subscriptionPromotionalOffer` would.
extension DemoStage {
    /// `--bundle-id` and `--api-keys` (a file beside the tape) for `Set bundle-id` and `Set api-keys`.
    func signedOfferArguments(_ setup: TapeSetup) throws(TapeError) -> [String] {
        var arguments: [String] = []
        if let bundleID = setup.bundleID { arguments += ["--bundle-id", bundleID.text] }
        if let keys = setup.apiKeys {
            let beside = URL(fileURLWithPath: keys.file).deletingLastPathComponent().appendingPathComponent(keys.text).path
            let path = keys.text.hasPrefix("/") ? keys.text : beside
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw TapeError(file: keys.file, line: keys.line, message: "no keys file \"\(keys.text)\" beside the tape")
            }
            arguments += ["--api-keys", path]
        }
        return arguments
    }

    /// Applies `jws` to a purchase of the product its claims name, with the offer they name;
    /// the store checks the signature.
    static func applying(_ jws: String) -> PurchaseActions.OptionsAction {
        let named = SignedClaims(jws)
        return PurchaseActions.promotionalOfferOptions { product, subscription in
            guard product.id == named?.productId else { return nil }
            return subscription.promotionalOffers.first { $0.id == named?.offerIdentifier }
        } compactJWS: { _, _, _ in
            jws
        }
    }

    /// The product and offer a JWS's claims name, read without checking (the store checks).
    private struct SignedClaims: Decodable {
        let productId: String
        let offerIdentifier: String

        init?(_ jws: String) {
            let parts = jws.split(separator: ".")
            guard parts.count == 3 else { return nil }
            var text = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard let data = Data(base64Encoded: text), let claims = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
            self = claims
        }
    }
}
