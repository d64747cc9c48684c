import Crypto
import Foundation
import NIOSSH

/// A customer's account: their public key's SHA-256 fingerprint, spelled as
/// `ssh-keygen -lf` prints it (`SHA256:` and the unpadded base64 of the key blob's hash).
///
/// ```swift
/// let key = try NIOSSHPublicKey(openSSHPublicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGtQ…")
/// print(KeyFingerprint(key).description)   // SHA256:6WvGkA1VvYdh7ywq…
/// ```
public struct KeyFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// `SHA256:…`, exactly as ssh-keygen writes it.
    public let description: String

    /// The fingerprint of the key blob (the base64 field of an OpenSSH public key line, decoded).
    public init(blob: some DataProtocol) {
        let digest = Data(SHA256.hash(data: Data(blob))).base64EncodedString()
        description = "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }

    public init(_ key: NIOSSHPublicKey) {
        // NIOSSH spells a key only as an OpenSSH line, "type base64"; its blob is the base64 field.
        let line = String(openSSHPublicKey: key)
        let field = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        self.init(blob: Data(base64Encoded: field) ?? Data())
    }
}

/// The key types a customer may sign in with.
enum AcceptedKeyType {
    /// OpenSSH's names, in the order the banner lists them.
    static let names = ["ssh-ed25519", "ecdsa-sha2-nistp256"]
    /// Said to every client before it signs in.
    static let banner = "Storefront: sign in with an Ed25519 or ECDSA P-256 key (ssh-ed25519, ecdsa-sha2-nistp256); your key is your account.\r\n"

    static func accepts(_ key: NIOSSHPublicKey) -> Bool {
        let line = String(openSSHPublicKey: key)
        return names.contains { line.hasPrefix($0 + " ") }
    }
}
