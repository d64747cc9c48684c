import Synchronization

/// The connections that have not signed in yet, in all and per client address, as sshd's
/// MaxStartups counts them: one past either limit is closed at once, before the SSH
/// banner, so sockets left open by a scanner (or a flood) never lock customers out.
///
/// ```swift
/// let waiting = SignInRegistry(limits: SessionLimits(total: 30, perKey: 10))
/// waiting.admit("10.0.0.7")     // true: may try to sign in
/// waiting.release("10.0.0.7")   // it signed in, or went away
/// ```
final class SignInRegistry: Sendable {
    /// The same rule as sessions per key, with the address as the key.
    private let limits: Mutex<SessionLimits>

    init(limits: SessionLimits) {
        self.limits = Mutex(limits)
    }

    func admit(_ address: String) -> Bool {
        limits.withLock { $0.admit(address) == nil }
    }

    func release(_ address: String) {
        limits.withLock { $0.release(address) }
    }
}

/// One connection's place among those signing in, given back once: when it signs in or
/// when it closes, whichever is first.
final class SignInPlace: Sendable {
    /// Until the place is given back.
    private let registry: Mutex<SignInRegistry?>
    private let address: String

    init(_ registry: SignInRegistry, address: String) {
        self.registry = Mutex(registry)
        self.address = address
    }

    func release() {
        registry.withLock { registry in
            defer { registry = nil }
            return registry
        }?.release(address)
    }
}
