import Crypto
import Foundation

/// An App Store Connect key as the store knows it: the issuer, the key ID (a token's or a
/// signed offer's `kid`) and the public half of the key. `serve --http` checks API tokens
/// with it, and the store checks signed promotional offers and intro-offer eligibility, as
/// App Store Connect's In-App Purchase keys sign both.
///
/// ```swift
/// let key = try APIKey(issuerID: "57246542-96fe-1a63-e053-0824d011072a", keyID: "2X9R4HXF34",
///                      publicKeyPEM: pem)
/// ```
public struct APIKey: Sendable {
    public let issuerID: String
    public let keyID: String
    /// The key that verifies its tokens.
    public var publicKey: P256.Signing.PublicKey { box.key }
    private let box: KeyBox<P256.Signing.PublicKey>

    public init(issuerID: String, keyID: String, publicKey: P256.Signing.PublicKey) throws(APIKeyError) {
        for (name, value) in [("issuer ID", issuerID), ("key ID", keyID)] {
            guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." })
            else { throw APIKeyError(reason: "the \(name) \"\(value)\" is not letters, digits, '-', '_' or '.'") }
        }
        self.issuerID = issuerID
        self.keyID = keyID
        box = KeyBox(publicKey)
    }

    /// A key whose public half is PEM text: a P-256 `PUBLIC KEY`, or the private key itself
    /// (only its public half is kept).
    public init(issuerID: String, keyID: String, publicKeyPEM pem: String) throws(APIKeyError) {
        let publicKey: P256.Signing.PublicKey
        if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) {
            publicKey = key
        } else if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
            publicKey = key.publicKey
        } else {
            throw APIKeyError(reason: "it is not a P-256 (ES256) key in PEM")
        }
        try self.init(issuerID: issuerID, keyID: keyID, publicKey: publicKey)
    }
}

/// Why a key or the key file was refused.
public struct APIKeyError: Error, Sendable, CustomStringConvertible {
    public let reason: String
    /// The sysexits status a command ends with: 65 (EX_DATAERR) for a malformed key or file
    /// unless told otherwise; a key file others may read is 77, as the store key's is.
    public var exitCode: Int32
    public var description: String { reason }

    public init(reason: String, exitCode: Int32 = 65) {
        self.reason = reason
        self.exitCode = exitCode
    }
}

/// The registered keys, a text file of one key a line: `ISSUER KEY_ID BASE64-DER-PUBLIC-KEY`.
///
/// ```swift
/// var keys = try APIKeyFile.load(from: url)
/// try APIKeyFile.add(key, to: url)          // replaces a key with the same ID
/// ```
public enum APIKeyFile {
    /// The keys in `url`; none when the file does not exist.
    public static func load(from url: URL) throws(APIKeyError) -> [APIKey] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        if isFolder.boolValue { throw APIKeyError(reason: "\(url.path): cannot be read: it is a folder, not a file of keys", exitCode: 66) }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw APIKeyError(reason: "\(url.path): cannot be read: \(Ledger.reason(error))", exitCode: 66)
        }
        var keys: [APIKey] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count == 3, let der = Data(base64Encoded: String(words[2])),
                  let publicKey = try? P256.Signing.PublicKey(derRepresentation: der)
            else { throw APIKeyError(reason: "\(url.path):\(number + 1): not ISSUER KEY_ID BASE64-PUBLIC-KEY") }
            do {
                keys.append(try APIKey(issuerID: String(words[0]), keyID: String(words[1]), publicKey: publicKey))
            } catch {
                throw APIKeyError(reason: "\(url.path):\(number + 1): \(error.reason)")
            }
        }
        return keys
    }

    /// Writes `key` into `url` (mode 0600), replacing any key with the same key ID.
    public static func add(_ key: APIKey, to url: URL) throws(APIKeyError) {
        let kept = try load(from: url).filter { $0.keyID != key.keyID } + [key]
        let text = kept.map { "\($0.issuerID) \($0.keyID) \($0.publicKey.derRepresentation.base64EncodedString())\n" }.joined()
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        } catch {
            throw APIKeyError(reason: "\(url.path): cannot be written: \(Ledger.reason(error))", exitCode: 73)
        }
    }
}

/// Holds a swift-crypto key, which is immutable and safe to share between threads but not
/// marked Sendable.
package final class KeyBox<Key>: @unchecked Sendable {
    package let key: Key
    package init(_ key: Key) {
        self.key = key
    }
}
