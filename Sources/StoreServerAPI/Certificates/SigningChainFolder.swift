import Crypto
import Foundation

/// A signing chain on disk, as `storefront serve certs` writes it and `serve --http
/// --certificates` reads it: `root-ca.cer` (DER, what a verifier is given, as Apple ships
/// AppleRootCA-G3.cer), `intermediate.cer`, `leaf.cer` and `leaf-key.pem` (mode 0600). The CA
/// keys are not kept: a new chain is issued instead.
///
/// ```swift
/// try SigningChainFolder.write(try SigningChain.issue(now: Date()), to: folder)
/// let chain = try SigningChainFolder.read(from: folder)
/// ```
public enum SigningChainFolder {
    static let files = (leaf: "leaf.cer", intermediate: "intermediate.cer", root: "root-ca.cer", key: "leaf-key.pem")

    public static func rootFile(in folder: URL) -> URL {
        folder.appendingPathComponent(files.root)
    }

    public static func write(_ chain: SigningChain, to folder: URL) throws(APIKeyError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for (name, der) in zip([files.leaf, files.intermediate, files.root], chain.certificates) {
                try der.write(to: folder.appendingPathComponent(name), options: .atomic)
            }
            let keyFile = folder.appendingPathComponent(files.key)
            try? FileManager.default.removeItem(at: keyFile)
            guard FileManager.default.createFile(
                atPath: keyFile.path, contents: Data(chain.leafKey.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600]
            ) else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw APIKeyError(reason: "\(folder.path): cannot be written")
        }
    }

    public static func read(from folder: URL) throws(APIKeyError) -> SigningChain {
        var certificates: [Data] = []
        for name in [files.leaf, files.intermediate, files.root] {
            guard let der = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw APIKeyError(reason: "\(folder.path)/\(name): cannot be read (make the chain with `storefront serve certs`)")
            }
            certificates.append(der)
        }
        let keyPath = folder.appendingPathComponent(files.key).path
        guard let pem = FileManager.default.contents(atPath: keyPath),
              let key = try? P256.Signing.PrivateKey(pemRepresentation: String(decoding: pem, as: UTF8.self))
        else { throw APIKeyError(reason: "\(keyPath): not a P-256 private key in PEM") }
        return SigningChain(leafKey: key, certificates: certificates)
    }
}
