import Foundation
import StorefrontModel

/// Why the store refused a signed promotional offer or a signed intro-offer eligibility:
/// one reason, in the words the purchase fails with.
///
/// ```swift
/// do {
///     try await store.buy("pass.silver.monthly", options: [.promotionalOffer(winter, compactJWS: jws)])
/// } catch let error as SignedOfferError {
///     print(error.localizedDescription)  // the promotional offer's nonce 3f0c… was used before
///     print(error.purchaseError)         // StoreKit's kind: .invalidOfferSignature
/// }
/// ```
public struct SignedOfferError: Error, Hashable, Sendable {
    /// What was signed.
    public enum Signed: String, Hashable, Sendable {
        case promotionalOffer = "promotional offer"
        case introductoryOfferEligibility = "introductory offer eligibility"
    }

    public enum Reason: Hashable, Sendable {
        /// The store was given no bundle ID to check the signature against.
        case noBundleID
        /// Not an ES256 compact JWS with the claims it needs, or a signature that is not ECDSA.
        case malformed(String)
        /// The JWS is for another use (`aud`).
        case otherAudience(String)
        /// No registered key has this key ID.
        case unknownKey(keyID: String)
        /// The key's issuer is not the JWS's `iss`.
        case otherIssuer(String, keyID: String)
        /// The key did not sign this (for the legacy form: these values).
        case badSignature(keyID: String)
        case otherBundleID(String, expected: String)
        case otherProduct(String, expected: String)
        case otherOffer(String, expected: String)
        /// The transaction the JWS names is not one of this customer's.
        case otherCustomersTransaction(String)
        /// Signed more than 24 hours before, or later than, the store's time.
        case stale(signedAt: Date, storeTime: Date)
        case nonceUsed(String)
        /// The customer never subscribed in the group: promotional offers are for current
        /// and lapsed subscribers.
        case notASubscriber(groupID: String)
        /// Another offer already waits for the subscription's next renewal.
        case offerWaiting(offerID: String)
    }

    public let signed: Signed
    public let reason: Reason

    public init(_ signed: Signed, _ reason: Reason) {
        self.signed = signed
        self.reason = reason
    }

    /// The error StoreKit reports for this refusal.
    public var purchaseError: Product.PurchaseError {
        switch reason {
        case .noBundleID, .malformed: .missingOfferParameters
        case .otherOffer: .invalidOfferIdentifier
        case .notASubscriber, .otherCustomersTransaction, .offerWaiting: .ineligibleForOffer
        default: .invalidOfferSignature
        }
    }
}

extension SignedOfferError: LocalizedError {
    public var errorDescription: String? {
        let what = "the \(signed.rawValue)"
        return switch reason {
        case .noBundleID: "\(what) cannot be checked: the store runs as no app (give it the app's --bundle-id)"
        case .malformed(let problem): "\(what) cannot be read: \(problem)"
        case .otherAudience(let audience): "\(what)'s JWS is for \(audience), not \(Self.audience(signed))"
        case .unknownKey(let keyID): "\(what) is signed with key \(keyID), which is not registered (storefront serve api-keys add)"
        case .otherIssuer(let issuer, let keyID): "\(what) names issuer \(issuer), but key \(keyID) is another issuer's"
        case .badSignature(let keyID): "\(what)'s signature is not key \(keyID)'s over what was asked for"
        case .otherBundleID(let bundleID, let expected): "\(what) is for app \(bundleID), not \(expected), the app the store runs as"
        case .otherProduct(let productID, let expected): "\(what) is for product \(productID), not \(expected)"
        case .otherOffer(let offerID, let expected): "\(what) is for offer \(offerID), not \(expected)"
        case .otherCustomersTransaction(let id): "\(what) names transaction \(id), which is not this customer's"
        case .stale(let signed, let now):
            signed > now
                ? "\(what) was signed at \(Self.time(signed)), after the store's time \(Self.time(now))"
                : "\(what) was signed at \(Self.time(signed)), over 24 hours before the store's time \(Self.time(now))"
        case .nonceUsed(let nonce): "\(what)'s nonce \(nonce) was used before"
        case .notASubscriber(let groupID):
            "\(what) is for current and lapsed subscribers of \(groupID), and this customer never subscribed there"
        case .offerWaiting(let offerID): "\(what) cannot apply: the offer \(offerID) already waits for the next renewal"
        }
    }

    /// The JWS audience each signed thing has.
    static func audience(_ signed: Signed) -> String {
        switch signed {
        case .promotionalOffer: "promotional-offer"
        case .introductoryOfferEligibility: "introductory-offer-eligibility"
        }
    }

    private static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
