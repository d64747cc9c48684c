import Crypto
import Foundation
import LocalStore
import StorefrontModel

/// An app's server in the tests: an In-App Purchase key, registered with the store, that signs
/// promotional offers (legacy form) for the tests' app. `SignedOfferTests` in CommandLineTests
/// signs with Apple's own library instead.
/// Unchecked Sendable: the key is immutable once made, and swift-crypto keys are safe to share.
struct OfferSigner: @unchecked Sendable {
    static let bundleID = "com.example.tests"
    let keyID = "TESTKEY1"
    let issuerID = "issuer-tests"
    let key = P256.Signing.PrivateKey()

    /// `controls` with the app's bundle ID and this key registered.
    func controls(_ base: StoreControls = StoreControls()) throws -> StoreControls {
        var controls = base
        controls.bundleID = Self.bundleID
        controls.inAppPurchaseKeys = [try APIKey(issuerID: issuerID, keyID: keyID, publicKey: key.publicKey)]
        return controls
    }

    /// The legacy option for `offerID` of `productID`, signed at `date` with a new nonce.
    func legacy(_ offerID: String, of productID: String, at date: Date, appAccountToken: UUID? = nil) throws -> Product.PurchaseOption {
        let nonce = UUID()
        let timestamp = Int(date.timeIntervalSince1970 * 1000)
        let message = [
            Self.bundleID, keyID, productID, offerID, appAccountToken?.uuidString.lowercased() ?? "",
            nonce.uuidString.lowercased(), String(timestamp),
        ].joined(separator: "\u{2063}")
        let signature = try key.signature(for: Data(message.utf8)).derRepresentation
        return .promotionalOffer(offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp)
    }
}
