import Crypto
import Foundation

/// What a signed promotional offer or intro-offer eligibility says, once its key, signature,
/// app, product, offer and time are checked; the customer and the nonce are the store's to check.
struct SignedOffer: Sendable, Equatable {
    let keyID: String
    /// The one-time value, lower case.
    let nonce: String
    /// The promotional offer signed for.
    let offerID: String?
    /// A transaction of the customer's that the app's server named.
    let transactionID: String?
    /// The app server's word on the intro offer.
    let allowsIntroductoryOffer: Bool?
}

/// Checks signatures as App Store Connect's In-App Purchase keys make them, against the
/// registered keys and the app the store runs as, at the store's time.
struct SignedOfferCheck {
    /// How long a signature stays good (Apple: 24 hours).
    static let lifetime: TimeInterval = 24 * 3600
    /// How far ahead of the store's clock a server's clock may be.
    static let clockSkew: TimeInterval = 300

    let keys: [String: APIKey]
    let bundleID: String?
    let now: Date

    init(controls: StoreControls, now: Date) {
        keys = Dictionary(controls.inAppPurchaseKeys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
        bundleID = controls.bundleID
        self.now = now
    }

    private struct Claims: Decodable {
        let iss: String
        let bid: String
        let aud: CompactJWS.Audience
        let iat: Double
        let nonce: String
        let productId: String
        let offerIdentifier: String?
        let transactionId: String?
        let allowIntroductoryOffer: Bool?
    }

    /// A compact JWS (`promotional-offer` or `introductory-offer-eligibility`) for `productID`;
    /// `offerID` is the offer asked for, nil to take the JWS's.
    func compactJWS(
        _ text: String, _ signed: SignedOfferError.Signed, productID: String, offerID: String? = nil
    ) throws(SignedOfferError) -> SignedOffer {
        func refuse(_ reason: SignedOfferError.Reason) -> SignedOfferError { SignedOfferError(signed, reason) }
        guard let bundleID else { throw refuse(.noBundleID) }
        guard !text.isEmpty else { throw refuse(.malformed("the app's server gave no JWS")) }
        let jws: CompactJWS
        switch CompactJWS.read(Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))) {
        case .success(let read): jws = read
        case .failure(let malformed): throw refuse(.malformed(malformed.description))
        }
        guard let key = keys[jws.keyID] else { throw refuse(.unknownKey(keyID: jws.keyID)) }
        guard jws.isSigned(by: key.publicKey) else { throw refuse(.badSignature(keyID: key.keyID)) }
        let audience = SignedOfferError.audience(signed)
        guard let claims = try? JSONDecoder().decode(Claims.self, from: jws.claims) else {
            throw refuse(.malformed("the claims lack iss, bid, aud, iat, nonce or productId"))
        }
        guard claims.aud.names.contains(audience) else { throw refuse(.otherAudience(claims.aud.names.joined(separator: ", "))) }
        guard claims.iss == key.issuerID else { throw refuse(.otherIssuer(claims.iss, keyID: key.keyID)) }
        guard claims.bid == bundleID else { throw refuse(.otherBundleID(claims.bid, expected: bundleID)) }
        guard claims.productId == productID else { throw refuse(.otherProduct(claims.productId, expected: productID)) }
        switch signed {
        case .promotionalOffer:
            guard let signedOffer = claims.offerIdentifier else { throw refuse(.malformed("the claims lack offerIdentifier")) }
            if let offerID, offerID != signedOffer { throw refuse(.otherOffer(signedOffer, expected: offerID)) }
        case .introductoryOfferEligibility:
            guard claims.allowIntroductoryOffer != nil else { throw refuse(.malformed("the claims lack allowIntroductoryOffer")) }
        }
        try checkTime(Date(timeIntervalSince1970: claims.iat), signed)
        return SignedOffer(
            keyID: key.keyID, nonce: claims.nonce.lowercased(), offerID: claims.offerIdentifier,
            transactionID: claims.transactionId, allowsIntroductoryOffer: claims.allowIntroductoryOffer
        )
    }

    /// The legacy signature: ECDSA (SHA-256) over the bundle ID, key ID, product, offer, app
    /// account token (lower case, empty without one), nonce (lower case) and timestamp in
    /// milliseconds, joined with U+2063 INVISIBLE SEPARATOR.
    func legacy(
        offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int,
        productID: String, appAccountToken: UUID?
    ) throws(SignedOfferError) -> SignedOffer {
        func refuse(_ reason: SignedOfferError.Reason) -> SignedOfferError { SignedOfferError(.promotionalOffer, reason) }
        guard let bundleID else { throw refuse(.noBundleID) }
        guard let key = keys[keyID] else { throw refuse(.unknownKey(keyID: keyID)) }
        let parts = [
            bundleID, keyID, productID, offerID, appAccountToken?.uuidString.lowercased() ?? "",
            nonce.uuidString.lowercased(), String(timestamp),
        ]
        let message = Data(parts.joined(separator: "\u{2063}").utf8)
        let decoded = (try? P256.Signing.ECDSASignature(derRepresentation: signature))
            ?? (try? P256.Signing.ECDSASignature(rawRepresentation: signature))
        guard let decoded else { throw refuse(.malformed("the signature is not an ECDSA signature (DER)")) }
        guard key.publicKey.isValidSignature(decoded, for: message) else { throw refuse(.badSignature(keyID: keyID)) }
        try checkTime(Date(timeIntervalSince1970: Double(timestamp) / 1000), .promotionalOffer)
        return SignedOffer(
            keyID: keyID, nonce: nonce.uuidString.lowercased(), offerID: offerID,
            transactionID: nil, allowsIntroductoryOffer: nil
        )
    }

    private func checkTime(_ signedAt: Date, _ signed: SignedOfferError.Signed) throws(SignedOfferError) {
        let age = now.timeIntervalSince(signedAt)
        guard age <= Self.lifetime, age >= -Self.clockSkew else {
            throw SignedOfferError(signed, .stale(signedAt: signedAt, storeTime: now))
        }
    }
}
