import Dispatch
import Foundation
import Synchronization

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
final class SessionRegistry: Sendable {
    private struct Sessions {
        var limits: SessionLimits
        var accepting = true
        var open: [ObjectIdentifier: SessionControl] = [:]
        var emptyWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<Sessions>

    init(limits: SessionLimits) {
        state = Mutex(Sessions(limits: limits))
    }

    /// Admits a session, or returns the message that refuses it.
    func open(_ id: ObjectIdentifier, account: String, control: SessionControl) -> String? {
        state.withLock { state in
            guard state.accepting else { return "The store is closing. Please come back later." }
            if let refusal = state.limits.admit(account) { return refusal }
            state.open[id] = control
            return nil
        }
    }

    func close(_ id: ObjectIdentifier, account: String) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard state.open.removeValue(forKey: id) != nil else { return [] }
            state.limits.release(account)
            guard state.open.isEmpty else { return [] }
            defer { state.emptyWaiters = [:] }
            return Array(state.emptyWaiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// Admits no one from now on; returns the sessions still open.
    func stopAccepting() -> [SessionControl] {
        state.withLock { state in
            state.accepting = false
            return Array(state.open.values)
        }
    }

    /// Returns once no session is open, or after `limit`, whichever comes first.
    func waitUntilEmpty(upTo limit: Duration) async {
        let id = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting: Bool = state.withLock { state in
                if state.open.isEmpty { return false }
                state.emptyWaiters[id] = continuation
                return true
            }
            guard waiting else { return continuation.resume() }
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                self.state.withLock { $0.emptyWaiters.removeValue(forKey: id) }?.resume()
            }
        }
    }
}
