import Foundation

/// `--authorized-keys`: the file's keys as last read, read again on `reload()` (SIGHUP),
/// as sshd does. A reread that fails keeps the keys read before, so a half-edited file
/// never locks every customer out, and says why.
///
/// ```swift
/// let file = try AuthorizedKeysFile(path: "keys")   // 66 unreadable, 65 a bad line
/// print(file.reload())   // "reread keys: 3 keys"
/// ```
public final class AuthorizedKeysFile: Sendable {
    public let path: String
    private let current: NSLockedKeys

    public init(path: String) throws(SSHServeError) {
        self.path = path
        current = NSLockedKeys(try AuthorizedKeys(contentsOf: path))
    }

    /// The keys as last read.
    public var keys: AuthorizedKeys { current.value }

    /// Reads the file again; what happened, in a line for the server's log.
    public func reload() -> String {
        do {
            let keys = try AuthorizedKeys(contentsOf: path)
            current.value = keys
            return "reread \(path): \(Self.count(keys))"
        } catch {
            return "\(error.description); still admitting the \(Self.count(keys)) read before"
        }
    }

    /// "1 key", "3 keys".
    private static func count(_ keys: AuthorizedKeys) -> String {
        keys.fingerprints.count == 1 ? "1 key" : "\(keys.fingerprints.count) keys"
    }
}

/// The keys behind a lock: connections read them while SIGHUP's handler replaces them.
private final class NSLockedKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: AuthorizedKeys

    init(_ keys: AuthorizedKeys) {
        self.keys = keys
    }

    var value: AuthorizedKeys {
        get { lock.withLock { keys } }
        set { lock.withLock { keys = newValue } }
    }
}
