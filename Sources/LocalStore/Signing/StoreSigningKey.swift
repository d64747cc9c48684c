import Crypto
import Foundation

/// The store's ES256 key: signs every transaction and verifies it on every read.
///
/// The private half never leaves this type: `description`, `debugDescription`
/// and reflection (`dump`, debuggers' `po`) show only the public key ID.
///
/// ```swift
/// let key = StoreSigningKey.ephemeral()
/// print(key)        // StoreSigningKey(keyID: "…", private key redacted)
/// print(key.publicKeyPEM)
/// ```
public struct StoreSigningKey: Sendable {
    /// Base64url SHA-256 thumbprint (first 16 bytes) of the public key; the JWS `kid`.
    public let keyID: String
    /// The public key in PEM, for anyone who wants to check a JWS outside the store.
    public var publicKeyPEM: String { material.publicKey.pemRepresentation }

    private let material: Material
    /// The base64url JWS header every transaction of this key carries.
    private let headerSegment: String

    private init(privateKey: P256.Signing.PrivateKey) {
        material = Material(privateKey: privateKey)
        let thumbprint = SHA256.hash(data: privateKey.publicKey.x963Representation)
        keyID = Base64URL.encode(Array(thumbprint).prefix(16))
        headerSegment = Base64URL.encode(CanonicalJSON.encode([
            ("alg", .string("ES256")), ("kid", .string(keyID)), ("typ", .string("JWT")),
        ]))
    }

    /// A key that lives only as long as the process: for in-memory ledgers.
    public static func ephemeral() -> StoreSigningKey {
        StoreSigningKey(privateKey: P256.Signing.PrivateKey())
    }

    /// Loads the PEM key at `url`, or creates one there (mode 0600) on first use.
    ///
    /// Processes that start together agree on one key: creation is exclusive,
    /// and the loser loads the winner's file.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "/tmp/store-key.pem")
    /// let key = try StoreSigningKey.loadOrCreate(at: url)
    /// ```
    public static func loadOrCreate(at url: URL) throws(LedgerError) -> StoreSigningKey {
        if FileManager.default.fileExists(atPath: url.path) {
            return try load(from: url)
        }
        let key = P256.Signing.PrivateKey()
        if try KeyFile.createExclusively(at: url, contents: key.pemRepresentation) {
            return StoreSigningKey(privateKey: key)
        }
        return try load(from: url)
    }

    private static func load(from url: URL) throws(LedgerError) -> StoreSigningKey {
        let pem: String
        do {
            pem = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .cannotRead(path: url.path, reason: Ledger.reason(error))
        }
        do {
            return StoreSigningKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem))
        } catch {
            // The parser's error is deliberately not echoed: it could quote key bytes.
            throw .invalidKeyFile(path: url.path, reason: "not a PEM-encoded P-256 private key")
        }
    }

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

    /// Checks that `jws` was signed by this key and carries exactly `expectedPayload`.
    ///
    /// - Returns: nil when it verifies, otherwise the first reason it does not.
    func verify(_ jws: String, expectedPayload: JSONObject) -> VerificationFailure? {
        // Split on bytes: splitting a String by Character walks grapheme clusters.
        let segments = jws.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            return .malformedJWS("expected 3 dot-separated segments, found \(segments.count)")
        }
        if !segments[0].elementsEqual(headerSegment.utf8) {
            return headerFailure(segments[0])
        }
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

    private func headerFailure(_ segment: Substring.UTF8View) -> VerificationFailure {
        guard let bytes = Base64URL.decode(segment), let header = CanonicalJSON.decodeObject(bytes) else {
            return .malformedJWS("the header is not base64url JSON")
        }
        guard header["alg"] == .string("ES256") else {
            return .malformedJWS("the header's alg is not ES256")
        }
        guard case .string(let keyID) = header["kid"] else {
            return .malformedJWS("the header has no kid")
        }
        guard keyID == self.keyID else {
            return .keyMissing(keyID: keyID)
        }
        return .malformedJWS("the header differs from the store's ES256 header")
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
