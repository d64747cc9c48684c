import Dispatch
import Foundation

/// What the server can do to a live session from outside its event loop.
struct SessionControl: Sendable {
    /// Tells the session's storefront the store is closing (it counts the drain down).
    let announceClosing: @Sendable () -> Void
    /// Ends the session because the store has closed (its child gets SIGHUP).
    let close: @Sendable () -> Void
}

/// The live sessions: the limits, whether the store still admits anyone, and a way to
/// reach every session and to wait until none is left.
///
/// ```swift
/// let registry = SessionRegistry(limits: SessionLimits(total: 64, perKey: 4))
/// let refusal = registry.open(id, account: "SHA256:…", control: control)   // nil: admitted
/// registry.close(id, account: "SHA256:…")
/// ```
final class SessionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var limits: SessionLimits
    private var accepting = true
    private var sessions: [ObjectIdentifier: SessionControl] = [:]
    private var emptyWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    init(limits: SessionLimits) {
        self.limits = limits
    }

    /// Admits a session, or returns the message that refuses it.
    func open(_ id: ObjectIdentifier, account: String, control: SessionControl) -> String? {
        lock.withLock {
            guard accepting else { return "The store is closing. Please come back later." }
            if let refusal = limits.admit(account) { return refusal }
            sessions[id] = control
            return nil
        }
    }

    func close(_ id: ObjectIdentifier, account: String) {
        let waiters: [CheckedContinuation<Void, Never>] = lock.withLock {
            guard sessions.removeValue(forKey: id) != nil else { return [] }
            limits.release(account)
            guard sessions.isEmpty else { return [] }
            defer { emptyWaiters = [:] }
            return Array(emptyWaiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// Admits no one from now on; returns the sessions still open.
    func stopAccepting() -> [SessionControl] {
        lock.withLock {
            accepting = false
            return Array(sessions.values)
        }
    }

    /// Returns once no session is open, or after `limit`, whichever comes first.
    func waitUntilEmpty(upTo limit: Duration) async {
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting: Bool = lock.withLock {
                if sessions.isEmpty { return false }
                emptyWaiters[id] = continuation
                return true
            }
            guard waiting else { return continuation.resume() }
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                self.lock.withLock { self.emptyWaiters.removeValue(forKey: id) }?.resume()
            }
        }
    }
}
