import Crypto
import Foundation
import LocalStore

/// Checks an `Authorization: Bearer` token as the App Store Server API does: an ES256 JWT
/// whose header `kid` names a registered key that signed it, with `iss` that key's issuer,
/// `aud` "appstoreconnect-v1", `bid` the served app, and `exp` in the future but at most an
/// hour ahead (of `iat` when it is given, else of now).
///
/// ```swift
/// let gate = TokenGate(keys: keys, bundleID: "com.example.birds")
/// switch gate.check(authorization: header, now: Date()) {
/// case .success(let key): print("signed by", key.keyID)
/// case .failure(let reason): print("401:", reason)
/// }
/// ```
public struct TokenGate: Sendable {
    public static let audience = "appstoreconnect-v1"
    /// The longest a token may live.
    public static let maximumLifetime: TimeInterval = 3600
    /// Clocks of client and server may differ by this much.
    public static let clockSkew: TimeInterval = 60

    private let keys: [String: APIKey]
    public let bundleID: String
    /// Tokens whose signature was checked, with their key and claims: a client that reuses a
    /// token for its lifetime is not verified again. Time claims are checked every time.
    private let checked = BoundedCache<Substring, (key: APIKey, claims: Claims)>(capacity: 10_000)

    public init(keys: [APIKey], bundleID: String) {
        self.keys = Dictionary(keys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
        self.bundleID = bundleID
    }

    /// Why a token was refused: for the server's log, never for the caller.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    fileprivate struct Claims: Decodable {
        let iss: String
        let aud: CompactJWS.Audience
        let bid: String
        let exp: Double
        let iat: Double?
    }

    /// The key that signed the token in `authorization`, or why it is refused.
    public func check(authorization: String?, now: Date) -> Result<APIKey, Refusal> {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return refuse("no Bearer token") }
        let token = authorization.dropFirst("Bearer ".count)
        let signed: (key: APIKey, claims: Claims)
        if let known = checked.value(for: token) {
            signed = known
        } else {
            switch verify(token) {
            case .success(let verified): signed = verified
            case .failure(let refusal): return .failure(refusal)
            }
            checked.keep(signed, for: token)
        }
        return check(signed.claims, of: signed.key, now: now)
    }

    /// The token's key and claims when its signature is a registered key's.
    private func verify(_ token: Substring) -> Result<(key: APIKey, claims: Claims), Refusal> {
        let jws: CompactJWS
        switch CompactJWS.read(token) {
        case .success(let read): jws = read
        case .failure(let malformed): return .failure(Refusal(reason: malformed.description))
        }
        guard let key = keys[jws.keyID] else { return .failure(Refusal(reason: "kid \(jws.keyID) is not a registered key")) }
        guard jws.isSigned(by: key.publicKey) else { return .failure(Refusal(reason: "the signature is not \(key.keyID)'s")) }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: jws.claims) else {
            return .failure(Refusal(reason: "the claims lack iss, aud, bid or exp"))
        }
        return .success((key, claims))
    }

    private func check(_ claims: Claims, of key: APIKey, now: Date) -> Result<APIKey, Refusal> {
        guard claims.iss == key.issuerID else { return refuse("iss \(claims.iss) is not \(key.keyID)'s issuer") }
        guard claims.aud.names.contains(Self.audience) else { return refuse("aud is not \(Self.audience)") }
        guard claims.bid == bundleID else { return refuse("bid \(claims.bid) is not \(bundleID)") }
        let nowSeconds = now.timeIntervalSince1970
        guard claims.exp > nowSeconds - Self.clockSkew else { return refuse("the token expired") }
        if let iat = claims.iat {
            guard iat <= nowSeconds + Self.clockSkew else { return refuse("iat is in the future") }
            guard claims.exp - iat <= Self.maximumLifetime else { return refuse("exp is over an hour after iat") }
        }
        guard claims.exp <= nowSeconds + Self.maximumLifetime + Self.clockSkew else {
            return refuse("exp is over an hour ahead")
        }
        return .success(key)
    }

    private func refuse(_ reason: String) -> Result<APIKey, Refusal> {
        .failure(Refusal(reason: reason))
    }
}

