import Crypto
import Foundation
import LocalStore

/// Signs Apple-shaped payloads as compact JWS (ES256, header `alg`, `kid` and, with a
/// certificate chain, `x5c`), as the App Store signs transactions, renewal info and
/// notifications.
///
/// ```swift
/// let signer = PayloadSigner(key: P256.Signing.PrivateKey())
/// let jws = try signer.sign(payload)   // header.payload.signature, base64url
/// ```
public struct PayloadSigner: Sendable {
    private let box: KeyBox<P256.Signing.PrivateKey>
    private var key: P256.Signing.PrivateKey { box.key }
    private let header: String

    /// - Parameter chain: the DER certificates, leaf first, for `x5c`; empty in LocalTesting.
    public init(key: P256.Signing.PrivateKey, chain: [Data] = []) {
        box = KeyBox(key)
        struct Header: Encodable {
            let alg = "ES256"
            let kid: String
            let x5c: [String]?
        }
        let kid = Base64URL.encode(Data(SHA256.hash(data: key.publicKey.derRepresentation)).prefix(16))
        header = Base64URL.encode(APIJSON.encode(Header(kid: kid, x5c: chain.isEmpty ? nil : chain.map { $0.base64EncodedString() })))
    }

    /// The public key that verifies what this signer signs.
    public var publicKey: P256.Signing.PublicKey { key.publicKey }

    /// `payload` as a compact JWS.
    public func sign(_ payload: some Encodable) throws -> String {
        let input = header + "." + Base64URL.encode(APIJSON.encode(payload))
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
