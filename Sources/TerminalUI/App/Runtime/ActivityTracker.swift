import Foundation

/// Counts the work an app has in flight, so a headless run can tell when everything due
/// at the current virtual time has happened (`HeadlessApp.settle()`).
///
/// Each piece of work (an effect, a store call, the handling of a store update) is an
/// activity. A task knows the activities it runs for through a task-local chain, which
/// child tasks and `Task {}` inherit. An activity is *parked* when a task of its chain
/// sleeps on the `VirtualClock` or waits for the customer (a confirmation sheet): it
/// cannot move on until the clock is advanced or a key is pressed. The app is quiet when
/// every busy activity is parked.
final class ActivityTracker: @unchecked Sendable {
    typealias ID = UInt64

    /// The activities the current task works for, outermost first.
    @TaskLocal static var currentActivities: [ID] = []

    private let lock = NSLock()
    /// The busy activities, with what each is: an effect, a store call.
    private var busy: [ID: String] = [:]
    /// Activities waiting for the customer, with how many waits each has.
    private var waitingForCustomer: [ID: Int] = [:]
    private var lastID: ID = 0

    /// A fresh activity, not busy yet.
    func makeID() -> ID {
        lock.withLock {
            lastID += 1
            return lastID
        }
    }

    /// Marks `id` busy until `end(_:)`; `name` says what it is, for a settle that times out.
    func begin(_ id: ID, named name: String) {
        lock.withLock { busy[id] = name }
    }

    func end(_ id: ID) {
        _ = lock.withLock { busy.removeValue(forKey: id) }
    }

    /// Runs `body` as a new activity inside the current ones.
    func run<T>(
        isolation: isolated (any Actor)? = #isolation,
        named name: String,
        _ body: () async throws -> T
    ) async rethrows -> T {
        let id = makeID()
        begin(id, named: name)
        defer { end(id) }
        return try await Self.$currentActivities.withValue(Self.currentActivities + [id]) {
            try await body()
        }
    }

    /// Starts `body` in a new task as a new activity, busy from this call on (not from
    /// when the task first runs), so a quiet check cannot miss it.
    @discardableResult
    func spawn(named name: String, _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let id = makeID()
        begin(id, named: name)
        return Task {
            await Self.$currentActivities.withValue([id]) {
                await body()
            }
            self.end(id)
        }
    }

    /// Runs `body`, which waits for the customer, with the current activities parked.
    func waitingForCustomer<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        let chain = Self.currentActivities
        lock.withLock {
            for id in chain { waitingForCustomer[id, default: 0] += 1 }
        }
        defer {
            lock.withLock {
                for id in chain {
                    waitingForCustomer[id, default: 1] -= 1
                    if waitingForCustomer[id] == 0 { waitingForCustomer[id] = nil }
                }
            }
        }
        return try await body()
    }

    /// Whether every busy activity is parked, given the activities asleep on the clock.
    func isQuiet(sleeping: Set<ID>) -> Bool {
        lock.withLock {
            busy.keys.allSatisfy { sleeping.contains($0) || waitingForCustomer[$0] != nil }
        }
    }

    /// What is busy and not parked, by name: what a settle that never quiets waits for.
    func running(sleeping: Set<ID>) -> [String] {
        lock.withLock {
            busy.filter { !sleeping.contains($0.key) && waitingForCustomer[$0.key] == nil }.values.sorted()
        }
    }
}
