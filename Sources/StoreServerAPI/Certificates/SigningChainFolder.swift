import Crypto
import Foundation
import LocalStore

/// A signing chain on disk, as `storefront serve certs` writes it and `serve --http
/// --certificates` reads it: `root-ca.cer` (DER, what a verifier is given, as Apple ships
/// AppleRootCA-G3.cer), `intermediate.cer`, `leaf.cer` and `leaf-key.pem` (readable by its owner alone). The CA
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
        } catch {
            throw APIKeyError(reason: "\(folder.path): cannot be written: \(Ledger.reason(error))", exitCode: 73)
        }
        // Replaced whole, never readable by others, not even while it is being written.
        let keyFile = folder.appendingPathComponent(files.key)
        try SigningKeyFile.privateFile { () throws(LedgerError) in
            try KeyFile.replace(at: keyFile, contents: chain.leafKey.pemRepresentation)
        }
    }

    public static func read(from folder: URL) throws(APIKeyError) -> SigningChain {
        var certificates: [Data] = []
        for name in [files.leaf, files.intermediate, files.root] {
            guard let der = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw APIKeyError(reason: "\(folder.path)/\(name): cannot be read (make the chain with `storefront serve certs`)", exitCode: 66)
            }
            certificates.append(der)
        }
        let key = try SigningKeyFile.read(at: folder.appendingPathComponent(files.key))
        return SigningChain(leafKey: key, certificates: certificates)
    }
}
