import StorefrontModel
import Synchronization

/// The purchases the app has asked of the store and not yet had answered. Each runs in a
/// task of its own, so cancelling the caller (the app quitting) does not take back a
/// purchase the store is already working on: as with the App Store, it finishes there.
final class StorePurchaseCalls: Sendable {
    private let calls = Mutex<(next: UInt64, running: [UInt64: Task<Product.PurchaseResult, any Error>])>((0, [:]))

    /// Runs `call` to its end whatever happens to the caller; the caller, if cancelled,
    /// still waits for the store's answer (the purchase's outcome is the store's).
    func run(_ call: @escaping @Sendable () async throws -> Product.PurchaseResult) async throws -> Product.PurchaseResult {
        let task = Task { try await call() }
        let id = calls.withLock { calls in
            calls.next += 1
            calls.running[calls.next] = task
            return calls.next
        }
        defer { _ = calls.withLock { $0.running.removeValue(forKey: id) } }
        return try await task.value
    }

    /// Waits until every purchase running now has its answer; `announce` first, if any is.
    func waitForAll(announcing announce: () -> Void) async {
        let running = calls.withLock { Array($0.running.values) }
        guard !running.isEmpty else { return }
        announce()
        for task in running {
            _ = try? await task.value
        }
    }
}
