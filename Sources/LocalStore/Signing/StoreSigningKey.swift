import Crypto
import Foundation

/// One ES256 key of the store's key set (`StoreKeySet`): signs transactions and verifies them.
///
/// The private half never leaves this type: `description`, `debugDescription`
/// and reflection (`dump`, debuggers' `po`) show only the public key ID.
///
/// ```swift
/// let key = StoreSigningKey.generate()
/// print(key)        // StoreSigningKey(keyID: "…", private key redacted)
/// print(key.publicKeyFingerprint, key.publicKeyPEM)
/// ```
public struct StoreSigningKey: Sendable {
    /// Base64url SHA-256 thumbprint (first 16 bytes) of the public key's X9.63 point; the JWS `kid`.
    ///
    /// Not an RFC 7638 JWK thumbprint: every row signed since the first ledger carries this
    /// form in its `kid`, so it stays, and old rows keep finding their key.
    public let keyID: String
    /// When the key was made; nil for a key written before key files recorded it.
    public let created: Date?
    /// The public key in PEM, for anyone who wants to check a JWS outside the store.
    public var publicKeyPEM: String { material.publicKey.pemRepresentation }
    /// Base64 SHA-256 of the public key's SubjectPublicKeyInfo DER, as
    /// `openssl pkey -pubout -outform DER | openssl dgst -sha256 -binary | base64` prints it.
    public var publicKeyFingerprint: String {
        Data(SHA256.hash(data: material.publicKey.derRepresentation)).base64EncodedString()
    }

    private let material: Material
    /// The base64url JWS header every transaction of this key carries.
    let headerSegment: String

    init(privateKey: P256.Signing.PrivateKey, created: Date?) {
        material = Material(privateKey: privateKey)
        self.created = created
        let thumbprint = SHA256.hash(data: privateKey.publicKey.x963Representation)
        keyID = Base64URL.encode(Array(thumbprint).prefix(16))
        headerSegment = Base64URL.encode(CanonicalJSON.encode([
            ("alg", .string("ES256")), ("kid", .string(keyID)), ("typ", .string("JWT")),
        ]))
    }

    /// A new random key, created now.
    public static func generate() -> StoreSigningKey {
        StoreSigningKey(privateKey: P256.Signing.PrivateKey(), created: Date())
    }

    /// The private key as PKCS#8 PEM, only for writing the key file.
    var privateKeyPEM: String { material.privateKey.pemRepresentation }

    /// Signs `payload` as a compact JWS: header.payload.signature, with the
    /// signature as raw r||s (64 bytes), all base64url.
    func sign(_ payload: JSONObject) throws(LedgerError) -> String {
        let signingInput = headerSegment + "." + Base64URL.encode(CanonicalJSON.encode(payload))
        do {
            let signature = try material.privateKey.signature(for: Data(signingInput.utf8))
            let jws = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
            material.verified.insert(VerifiedSignatures.digest(jws))
            return jws
        } catch {
            throw .signingFailed(reason: "\(type(of: error))")
        }
    }

    /// Checks that `jws`, whose header `StoreKeySet` matched to this key, was signed by
    /// it and carries exactly `expectedPayload`.
    ///
    /// - Parameter segments: `jws` split at its two dots.
    /// - Returns: nil when it verifies, otherwise the first reason it does not.
    func verify(
        _ jws: String, segments: [Substring.UTF8View], expectedPayload: JSONObject
    ) -> VerificationFailure? {
        guard let payload = Base64URL.decode(segments[1]) else {
            return .malformedJWS("the payload is not base64url")
        }
        guard let signatureBytes = Base64URL.decode(segments[2]),
              let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        else {
            return .malformedJWS("the signature is not 64 base64url bytes")
        }
        let digest = VerifiedSignatures.digest(jws)
        if !material.verified.contains(digest) {
            let signingInput = jws.utf8[jws.utf8.startIndex..<segments[1].endIndex]
            guard material.publicKey.isValidSignature(signature, for: Data(signingInput)) else {
                return .invalidSignature
            }
            material.verified.insert(digest)
        }
        let expected = CanonicalJSON.encode(expectedPayload)
        if payload == expected { return nil }
        return payloadFailure(signed: payload, expected: expectedPayload)
    }

    private func payloadFailure(signed: [UInt8], expected members: JSONObject) -> VerificationFailure {
        guard let signedObject = CanonicalJSON.decodeObject(signed) else {
            return .malformedJWS("the payload is not a flat JSON object")
        }
        let expected = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        let fields = Set(signedObject.keys).union(expected.keys)
            .filter { signedObject[$0] != expected[$0] }
            .sorted()
        guard !fields.isEmpty else {
            return .malformedJWS("the payload is not canonical JSON")
        }
        return .payloadMismatch(fields: fields)
    }
}

extension StoreSigningKey {
    /// Holds the key pair behind a reference so copies of `StoreSigningKey` share one parsed key.
    ///
    /// Unchecked Sendable: both keys are immutable after init, and BoringSSL
    /// signs and verifies with a shared key from many threads at once.
    private final class Material: @unchecked Sendable {
        let privateKey: P256.Signing.PrivateKey
        let publicKey: P256.Signing.PublicKey
        let verified = VerifiedSignatures()

        init(privateKey: P256.Signing.PrivateKey) {
            self.privateKey = privateKey
            publicKey = privateKey.publicKey
        }
    }
}

extension StoreSigningKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "StoreSigningKey(keyID: \"\(keyID)\", private key redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["keyID": keyID], displayStyle: .struct) }
}
