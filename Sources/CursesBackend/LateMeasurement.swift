import Synchronization

/// Clusters the frame loop measures once it is running: `work` (waiting for a catalog built
/// in the background, then finding the clusters its names use) runs beside the loop, which
/// takes its outcome at a later turn: clusters to measure, or the error that ends the app.
final class LateMeasurement: Sendable {
    private final class Outcome: Sendable {
        let value = Mutex<Result<[Character], any Error>?>(nil)
    }

    private let outcome: Outcome
    private let task: Task<Void, Never>

    /// Starts `work`; `done` is called once its outcome can be taken (to wake the loop).
    init(_ work: @escaping @Sendable () async throws -> [Character], done: @escaping @Sendable () -> Void) {
        let outcome = Outcome()
        self.outcome = outcome
        task = Task.detached {
            let result: Result<[Character], any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.value.withLock { $0 = result }
            done()
        }
    }

    deinit {
        task.cancel()
    }

    /// The outcome, once, when `work` has finished; nil before and after.
    func take() -> Result<[Character], any Error>? {
        outcome.value.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
