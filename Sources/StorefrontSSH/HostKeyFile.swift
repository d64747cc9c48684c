import Crypto
import Foundation
import NIOSSH
import SystemCalls

/// The server's Ed25519 host key, kept in one file (PKCS#8 PEM, mode 0600) so every start,
/// and every front end given the same file, shows clients the same host key.
///
/// Made on first start. The key is never printed; a file that is not an Ed25519 PKCS#8 key
/// is refused, never replaced.
///
/// ```swift
/// let key = try HostKeyFile.loadOrCreate(at: "/var/lib/storefront/ssh_host_ed25519_key")
/// ```
public enum HostKeyFile {
    /// The DER bytes before the 32-byte seed in an Ed25519 PKCS#8 key (RFC 8410).
    private static let pkcs8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    private static let header = "-----BEGIN PRIVATE KEY-----"
    private static let footer = "-----END PRIVATE KEY-----"

    public static func loadOrCreate(at path: String) throws(SSHServeError) -> NIOSSHPrivateKey {
        if let key = try load(path) { return NIOSSHPrivateKey(ed25519Key: key) }
        let key = Curve25519.Signing.PrivateKey()
        if try create(path, pem: pem(key)) { return NIOSSHPrivateKey(ed25519Key: key) }
        // Another server made it between our look and our write: theirs is the key.
        guard let theirs = try load(path) else { throw .cannotCreate("--host-key \(path): the file vanished as it was made") }
        return NIOSSHPrivateKey(ed25519Key: theirs)
    }

    private static func load(_ path: String) throws(SSHServeError) -> Curve25519.Signing.PrivateKey? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("--host-key \(path): cannot read the file")
        }
        let body = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { $0 != header && $0 != footer }.joined()
        guard let der = Data(base64Encoded: body), der.count == pkcs8Prefix.count + 32,
              Array(der.prefix(pkcs8Prefix.count)) == pkcs8Prefix,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: der.suffix(32))
        else {
            throw .malformed("--host-key \(path): not an Ed25519 private key in PKCS#8 PEM (remove it to make a new one)")
        }
        return key
    }

    private static func pem(_ key: Curve25519.Signing.PrivateKey) -> String {
        let der = Data(pkcs8Prefix) + key.rawRepresentation
        return header + "\n" + der.base64EncodedString() + "\n" + footer + "\n"
    }

    /// Writes the file whole, mode 0600, through `PrivateFile`: a reader never sees half a
    /// key or a key others could read. False when it already exists.
    private static func create(_ path: String, pem: String) throws(SSHServeError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        do {
            return try PrivateFile.create(at: path, contents: pem)
        } catch {
            throw .cannotCreate("--host-key \(path): \(error.reason)")
        }
    }
}
