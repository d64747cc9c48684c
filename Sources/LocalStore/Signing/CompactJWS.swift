import Crypto
import Foundation

/// A compact JWS as a key holder signs it with ES256 (an API token, a signed promotional
/// offer, an intro-offer eligibility): its header's `kid`, its claims' bytes, and whether a
/// key signed it. Read once, checked against whichever key the `kid` names.
///
/// ```swift
/// let jws = try CompactJWS.read(token).get()
/// guard let key = keys[jws.keyID], jws.isSigned(by: key.publicKey) else { … }
/// let claims = try JSONDecoder().decode(Claims.self, from: jws.claims)
/// ```
package struct CompactJWS: Sendable {
    /// The header's `kid`: which key says it signed.
    package let keyID: String
    /// The payload, JSON.
    package let claims: Data
    private let signingInput: Data
    private let signature: [UInt8]

    private struct Header: Decodable {
        let alg: String
        let kid: String
    }

    /// Why text is not an ES256 compact JWS.
    package enum Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        case notCompactJWS
        case noAlgOrKid
        case notES256(alg: String)

        package var description: String {
            switch self {
            case .notCompactJWS: "not a compact JWS"
            case .noAlgOrKid: "the header has no alg or kid"
            case .notES256(let alg): "alg \(alg) is not ES256"
            }
        }
    }

    /// `text` read, its signature not yet checked.
    package static func read(_ text: Substring) -> Result<CompactJWS, Malformed> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0].utf8),
              let claimBytes = Base64URL.decode(parts[1].utf8), let signature = Base64URL.decode(parts[2].utf8)
        else { return .failure(.notCompactJWS) }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes)) else { return .failure(.noAlgOrKid) }
        guard header.alg == "ES256" else { return .failure(.notES256(alg: header.alg)) }
        let input = Data(text.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        return .success(CompactJWS(keyID: header.kid, claims: Data(claimBytes), signingInput: input, signature: signature))
    }

    /// Whether `key` made the signature.
    package func isSigned(by key: P256.Signing.PublicKey) -> Bool {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(signature, for: signingInput)
    }

    /// `aud`: a string or, in RFC 7519's other form, an array of strings.
    package struct Audience: Decodable, Sendable {
        package let names: [String]

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let name = try? container.decode(String.self) {
                names = [name]
            } else {
                names = try container.decode([String].self)
            }
        }
    }
}
