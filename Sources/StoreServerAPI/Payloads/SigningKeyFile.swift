import Crypto
import Foundation
import LocalStore

/// The key the server signs Apple-shaped payloads with: a P-256 private key in PEM, made on
/// first use, readable by its owner alone. It is the server's, as Apple's signing key is the
/// App Store's, and never the ledger's own store key.
///
/// ```swift
/// let key = try SigningKeyFile.loadOrCreate(at: dataDirectory.appendingPathComponent("app-store-signing-key.pem"))
/// let signer = PayloadSigner(key: key)
/// ```
public enum SigningKeyFile {
    /// The key in `url`, made there first when there is none. A file that its group or others
    /// may read is refused, as the store key is; two servers starting together on one folder
    /// end up with the same key, the first one written.
    public static func loadOrCreate(at url: URL) throws(APIKeyError) -> P256.Signing.PrivateKey {
        if !FileManager.default.fileExists(atPath: url.path) {
            let key = P256.Signing.PrivateKey()
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            } catch {
                let folder = LedgerError.cannotCreate(path: url.deletingLastPathComponent().path, reason: Ledger.reason(error))
                throw APIKeyError(reason: folder.description, exitCode: folder.exitCode)
            }
            if try privateFile { () throws(LedgerError) in try KeyFile.createExclusively(at: url, contents: key.pemRepresentation) } {
                return key
            }
        }
        return try read(at: url)
    }

    /// The P-256 private key in the PEM file `url`, which must be readable by its owner alone.
    static func read(at url: URL) throws(APIKeyError) -> P256.Signing.PrivateKey {
        let pem = try privateFile { () throws(LedgerError) in try KeyFile.readPrivate(at: url) }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) else {
            throw APIKeyError(reason: "\(url.path): not a P-256 private key in PEM")
        }
        return key
    }

    /// `body`'s failure in the words the store key's would be: the file, and why.
    static func privateFile<T>(_ body: () throws(LedgerError) -> T) throws(APIKeyError) -> T {
        do {
            return try body()
        } catch {
            throw APIKeyError(reason: error.description, exitCode: error.exitCode)
        }
    }
}
