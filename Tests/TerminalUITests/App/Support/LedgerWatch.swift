import LocalStore
import StorefrontModel
import TerminalUI
import Testing

/// A store's ledger watcher (`LocalStore.watchLedger`, as `storefront run` starts it) that a
/// test lets look one watch interval at a time. The headless app does not count the
/// watcher's work, so `look(_:)` waits for the look itself: the watcher's sleeps on the
/// clock carry a mark of their own, and the clock signals each one. A watcher that does not
/// sleep again within 30 seconds of real time (a settle's own limit) fails the test.
struct LedgerWatch {
    static let interval = Duration.seconds(1)
    static let limit = Duration.seconds(30)

    private let task: Task<Void, Never>
    private let clock: VirtualClock
    /// The watcher's mark on the clock (the app's own tracker ignores an ID it did not make).
    private let activity = UInt64.random(in: (1 << 62)...UInt64.max)

    /// Starts watching `store`, whose clock is `clock`, and returns once the watcher sleeps.
    init(_ store: LocalStore, on clock: VirtualClock) async throws {
        self.clock = clock
        task = try await VirtualClock.$activities.withValue([activity]) {
            try await store.watchLedger(every: Self.interval)
        }
        await asleep(#_sourceLocation)
    }

    /// Lets the watcher take one look at the ledger, and `app` handle what it found: finishes
    /// a look already under way, moves the clock one interval, waits for the watcher to
    /// sleep again (its look done), and settles the app.
    func look(_ app: HeadlessApp, sourceLocation: SourceLocation = #_sourceLocation) async {
        await asleep(sourceLocation)
        await app.wait(Self.interval)
        await asleep(sourceLocation)
        await app.settle()
    }

    /// Stops watching.
    func cancel() {
        task.cancel()
    }

    private func asleep(_ sourceLocation: SourceLocation) async {
        let clock = clock, activity = activity
        let waiting = Task { await clock.changes.wait { clock.sleeping.activities.contains(activity) } }
        let giveUp = Task {
            guard (try? await Task.sleep(for: Self.limit)) != nil else { return }
            waiting.cancel()
        }
        await waiting.value
        giveUp.cancel()
        if !clock.sleeping.activities.contains(activity) {
            Issue.record("the ledger watcher did not finish a look within \(Self.limit) of real time", sourceLocation: sourceLocation)
        }
    }
}
