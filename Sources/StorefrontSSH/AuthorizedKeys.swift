import Foundation
import NIOSSH

/// Who may enter: the keys of an OpenSSH `authorized_keys` file, by fingerprint, each with
/// the options of its line (`KeyOptions`: `from=`, `restrict`, `no-pty`, `pty`).
///
/// Each line is `[options] type base64 [comment]`; blank lines and `#` comments are
/// skipped. Only Ed25519 and ECDSA P-256 keys sign in here, so any other type is an error
/// naming the file and line, as is a key that does not decode or an option not honoured.
///
/// ```swift
/// let keys = try AuthorizedKeys(text: #"from="10.0.0.*" ssh-ed25519 AAAAC3Nza… ada@laptop"#, file: "keys")
/// keys.admit(fingerprint, from: "10.0.0.7")    // Ada's KeyOptions
/// keys.admit(fingerprint, from: "127.0.0.1")   // nil
/// ```
public struct AuthorizedKeys: Sendable {
    /// Each key's lines' options, in the file's order (a key may have several lines).
    private let lines: [KeyFingerprint: [KeyOptions]]

    public var fingerprints: Set<KeyFingerprint> { Set(lines.keys) }

    /// Every line, or the error of the first bad one.
    public init(text: String, file: String) throws(SSHServeError) {
        let (keys, bad) = Self.skippingBadLines(text: text, file: file)
        if let first = bad.first { throw first }
        self = keys
    }

    private init(lines: [KeyFingerprint: [KeyOptions]]) {
        self.lines = lines
    }

    /// The good lines, and an error for each bad one, whose key is left out (as sshd skips
    /// a line it cannot honour): for a reread, where one bad line must not lock everyone out.
    public static func skippingBadLines(text: String, file: String) -> (AuthorizedKeys, bad: [SSHServeError]) {
        var lines: [KeyFingerprint: [KeyOptions]] = [:]
        var bad: [SSHServeError] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                let (fingerprint, options) = try Self.key(of: line, at: "\(file):\(index + 1)")
                lines[fingerprint, default: []].append(options)
            } catch {
                bad.append(error)
            }
        }
        return (AuthorizedKeys(lines: lines), bad)
    }

    /// Reads `path`; 66 when it cannot be read, 65 for a bad line.
    public init(contentsOf path: String) throws(SSHServeError) {
        try self.init(text: Self.text(of: path), file: path)
    }

    /// The file's text; 66 when it cannot be read.
    static func text(of path: String) throws(SSHServeError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("--authorized-keys \(path): cannot read the file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The options of the first line of `fingerprint` that admits a client at `address`
    /// (nil: the socket has no IP address); nil when none does, as sshd reads the file.
    public func admit(_ fingerprint: KeyFingerprint, from address: String?) -> KeyOptions? {
        lines[fingerprint]?.first { $0.admits(address) }
    }

    private static func key(of line: String, at place: String) throws(SSHServeError) -> (KeyFingerprint, KeyOptions) {
        let words = optionAwareWords(line)
        // Options come first when present; the key type is the first word that looks like one.
        guard let typeIndex = words.firstIndex(where: isKeyTypeName), typeIndex + 1 < words.count else {
            throw .malformed("\(place): not an OpenSSH public key line (type, base64 key, comment)")
        }
        guard typeIndex <= 1 else {
            throw .malformed("\(place): options are one word before the key type (a,b=\"c d\"), with no blank outside quotes")
        }
        let options: KeyOptions
        do {
            options = try typeIndex == 1 ? KeyOptions(words[0]) : KeyOptions()
        } catch {
            throw .malformed("\(place): \(error.description)")
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
        return (KeyFingerprint(key), options)
    }

    private static func isKeyTypeName(_ word: String) -> Bool {
        word.hasPrefix("ssh-") || word.hasPrefix("ecdsa-") || word.hasPrefix("sk-")
    }

    /// Words split on blanks outside double quotes, so `command="a b"` stays one word.
    private static func optionAwareWords(_ line: String) -> [String] {
        line.split(outsideQuotesAt: { $0 == " " || $0 == "\t" })
    }
}

extension String {
    /// The non-empty pieces between `separator`s that are not inside double quotes, as
    /// authorized_keys lines are read: `from="a,b",no-pty` is two options.
    func split(outsideQuotesAt separator: (Character) -> Bool) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in self {
            if character == "\"" { quoted.toggle() }
            if !quoted, separator(character) {
                if !current.isEmpty { pieces.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
