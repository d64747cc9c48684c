import Foundation
import NIOSSH

/// Who may enter: the keys of an OpenSSH `authorized_keys` file, by fingerprint.
///
/// Each line is `[options] type base64 [comment]`; blank lines and `#` comments are
/// skipped. Only Ed25519 and ECDSA P-256 keys sign in here, so any other type is an error
/// naming the file and line, as is a key that does not decode.
///
/// ```swift
/// let keys = try AuthorizedKeys(text: "ssh-ed25519 AAAAC3Nza… ada@laptop\n", file: "keys")
/// keys.admits(fingerprint)   // true for Ada's key
/// ```
public struct AuthorizedKeys: Sendable {
    public let fingerprints: Set<KeyFingerprint>

    public init(text: String, file: String) throws(SSHServeError) {
        var fingerprints: Set<KeyFingerprint> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            fingerprints.insert(try Self.fingerprint(of: line, at: "\(file):\(index + 1)"))
        }
        self.fingerprints = fingerprints
    }

    /// Reads `path`; 66 when it cannot be read, 65 for a bad line.
    public init(contentsOf path: String) throws(SSHServeError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("--authorized-keys \(path): cannot read the file")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), file: path)
    }

    public func admits(_ fingerprint: KeyFingerprint) -> Bool {
        fingerprints.contains(fingerprint)
    }

    private static func fingerprint(of line: String, at place: String) throws(SSHServeError) -> KeyFingerprint {
        let words = optionAwareWords(line)
        // Options come first when present; the key type is the first word that looks like one.
        guard let typeIndex = words.firstIndex(where: isKeyTypeName), typeIndex + 1 < words.count else {
            throw .malformed("\(place): not an OpenSSH public key line (type, base64 key, comment)")
        }
        let type = words[typeIndex]
        guard AcceptedKeyType.names.contains(type) else {
            throw .malformed("\(place): \(type) keys are not accepted; use ssh-ed25519 or ecdsa-sha2-nistp256")
        }
        let key: NIOSSHPublicKey
        do {
            key = try NIOSSHPublicKey(openSSHPublicKey: type + " " + words[typeIndex + 1])
        } catch {
            throw .malformed("\(place): the \(type) key does not decode")
        }
        return KeyFingerprint(key)
    }

    private static func isKeyTypeName(_ word: String) -> Bool {
        word.hasPrefix("ssh-") || word.hasPrefix("ecdsa-") || word.hasPrefix("sk-")
    }

    /// Words split on blanks outside double quotes, so `command="a b"` stays one word.
    private static func optionAwareWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
