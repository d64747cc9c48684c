import Crypto
import Foundation
import LocalStore
import SwiftASN1
import X509

/// A certificate chain shaped like the App Store's: a root CA, an intermediate carrying
/// Apple's intermediate marker (OID 1.2.840.113635.100.6.2.1) and a leaf carrying the
/// receipt-signing marker (1.2.840.113635.100.6.11.1), whose key signs payloads. Apple's
/// SignedDataVerifier, given this root, verifies every payload as it would in production.
///
/// ```swift
/// let chain = try SigningChain.issue(now: Date())
/// let signer = PayloadSigner(key: chain.leafKey, chain: chain.certificates)   // x5c: leaf, intermediate, root
/// ```
public struct SigningChain: Sendable {
    /// The leaf's private key, which signs.
    public var leafKey: P256.Signing.PrivateKey { box.key }
    private let box: KeyBox<P256.Signing.PrivateKey>
    /// DER certificates: leaf, intermediate, root (the `x5c` order).
    public let certificates: [Data]

    public var root: Data { certificates[2] }

    public init(leafKey: P256.Signing.PrivateKey, certificates: [Data]) {
        box = KeyBox(leafKey)
        self.certificates = certificates
    }

    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]

    /// A new root, intermediate and leaf, valid from a day before `now` for `years`.
    public static func issue(now: Date, years: Int = 20) throws -> SigningChain {
        let keys = (root: P256.Signing.PrivateKey(), intermediate: P256.Signing.PrivateKey(), leaf: P256.Signing.PrivateKey())
        let start = now.addingTimeInterval(-86_400)
        let end = now.addingTimeInterval(Double(years) * 365.25 * 86_400)
        let names = (
            root: try DistinguishedName { CommonName("Storefront Root CA"); OrganizationName("Storefront") },
            intermediate: try DistinguishedName { CommonName("Storefront Worldwide Developer Relations CA"); OrganizationName("Storefront") },
            leaf: try DistinguishedName { CommonName("Storefront App Store Signing"); OrganizationName("Storefront") }
        )
        func certificate(
            _ key: P256.Signing.PrivateKey, subject: DistinguishedName, issuer: DistinguishedName,
            issuerKey: P256.Signing.PrivateKey, extensions: Certificate.Extensions
        ) throws -> Certificate {
            var all = extensions
            try all.append(SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey)).makeCertificateExtension())
            if subject != issuer {
                let issuerID = SubjectKeyIdentifier(hash: Certificate.PublicKey(issuerKey.publicKey)).keyIdentifier
                try all.append(AuthorityKeyIdentifier(keyIdentifier: issuerID).makeCertificateExtension())
            }
            return try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
                notValidBefore: start, notValidAfter: end, issuer: issuer, subject: subject,
                signatureAlgorithm: .ecdsaWithSHA256, extensions: all, issuerPrivateKey: Certificate.PrivateKey(issuerKey)
            )
        }
        let marker: [UInt8] = [0x05, 0x00]  // DER NULL, the value Apple's markers carry
        let root = try certificate(
            keys.root, subject: names.root, issuer: names.root, issuerKey: keys.root,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            }
        )
        let intermediate = try certificate(
            keys.intermediate, subject: names.intermediate, issuer: names.root, issuerKey: keys.root,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Certificate.Extension(oid: intermediateMarker, critical: false, value: marker[...])
            }
        )
        let leaf = try certificate(
            keys.leaf, subject: names.leaf, issuer: names.intermediate, issuerKey: keys.intermediate,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                Certificate.Extension(oid: leafMarker, critical: false, value: marker[...])
            }
        )
        return SigningChain(leafKey: keys.leaf, certificates: try [leaf, intermediate, root].map(der))
    }

    static func der(_ certificate: Certificate) throws -> Data {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return Data(serializer.serializedBytes)
    }
}
