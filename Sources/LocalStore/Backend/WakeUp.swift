import Foundation
import Synchronization

/// Wakes a waiting ledger watcher early: the engine's change feed signals, the watcher
/// waits. A signal with no one waiting is kept for the next wait, so none is lost.
final class WakeUp: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func signal() {
        state.withLock { state in
            if let waiter = state.waiter {
                waiter.resume()
                state.waiter = nil
            } else {
                state.pending = true
            }
        }
    }

    /// Returns at the next signal, or at once when one is pending or the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        continuation.resume()
                    } else {
                        state.waiter = continuation
                    }
                }
            }
        } onCancel: {
            state.withLock { state in
                state.waiter?.resume()
                state.waiter = nil
            }
        }
    }
}
