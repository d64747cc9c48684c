import Crypto
import Foundation

/// The key the server signs Apple-shaped payloads with: a P-256 private key in PEM, made on
/// first use with mode 0600. It is the server's, as Apple's signing key is the App Store's,
/// and never the ledger's own store key.
///
/// ```swift
/// let key = try SigningKeyFile.loadOrCreate(at: dataDirectory.appendingPathComponent("app-store-signing-key.pem"))
/// let signer = PayloadSigner(key: key)
/// ```
public enum SigningKeyFile {
    public static func loadOrCreate(at url: URL) throws(APIKeyError) -> P256.Signing.PrivateKey {
        if let data = FileManager.default.contents(atPath: url.path) {
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: String(decoding: data, as: UTF8.self)) else {
                throw APIKeyError(reason: "\(url.path): not a P-256 private key in PEM")
            }
            return key
        }
        let key = P256.Signing.PrivateKey()
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
            guard FileManager.default.createFile(
                atPath: url.path, contents: Data(key.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600]
            ) else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw APIKeyError(reason: "\(url.path): cannot be written")
        }
        return key
    }
}
