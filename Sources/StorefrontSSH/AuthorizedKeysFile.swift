import Foundation
import Synchronization

/// `--authorized-keys`: the file's keys as last read, read again on `reload()` (SIGHUP),
/// as sshd does. At start a bad line stops the server; on a reread it is left out with its
/// key (never admitted without the restriction it names) and the others are admitted. A
/// file that cannot be read keeps the keys read before (an editor may be replacing it).
///
/// ```swift
/// let file = try AuthorizedKeysFile(path: "keys")   // 66 unreadable, 65 a bad line
/// print(file.reload())   // ["reread keys: 3 keys"]
/// ```
public final class AuthorizedKeysFile: Sendable {
    public let path: String
    /// Connections read the keys while SIGHUP's handler replaces them.
    private let current: Mutex<AuthorizedKeys>

    public init(path: String) throws(SSHServeError) {
        self.path = path
        current = Mutex(try AuthorizedKeys(contentsOf: path))
    }

    /// The keys as last read.
    public var keys: AuthorizedKeys { current.withLock { $0 } }

    /// Reads the file again; what happened, in lines for the server's log.
    public func reload() -> [String] {
        let text: String
        do {
            text = try AuthorizedKeys.text(of: path)
        } catch {
            return ["\(error.description); still admitting the \(Self.count(keys)) read before"]
        }
        let (keys, bad) = AuthorizedKeys.skippingBadLines(text: text, file: path)
        current.withLock { $0 = keys }
        return bad.map { "\($0.description); that line's key is not admitted" } + ["reread \(path): \(Self.count(keys))"]
    }

    /// "1 key", "3 keys".
    private static func count(_ keys: AuthorizedKeys) -> String {
        keys.fingerprints.count == 1 ? "1 key" : "\(keys.fingerprints.count) keys"
    }
}
