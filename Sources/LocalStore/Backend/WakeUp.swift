import Foundation

/// Wakes a waiting ledger watcher early: the engine's change feed signals, the watcher
/// waits. A signal with no one waiting is kept for the next wait, so none is lost.
final class WakeUp: @unchecked Sendable {
    // Guards `pending` and `waiter`.
    private let lock = NSLock()
    private var pending = false
    private var waiter: CheckedContinuation<Void, Never>?

    func signal() {
        lock.withLock {
            if let waiter {
                waiter.resume()
                self.waiter = nil
            } else {
                pending = true
            }
        }
    }

    /// Returns at the next signal, or at once when one is pending or the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.withLock {
                    if pending || Task.isCancelled {
                        pending = false
                        continuation.resume()
                    } else {
                        waiter = continuation
                    }
                }
            }
        } onCancel: {
            lock.withLock {
                waiter?.resume()
                waiter = nil
            }
        }
    }
}
