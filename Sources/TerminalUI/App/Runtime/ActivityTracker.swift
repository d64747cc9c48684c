import Foundation
import Synchronization
import StorefrontModel

/// Counts the work an app has in flight, so a headless run can tell exactly when
/// everything due at the current virtual time has happened (`HeadlessApp.settle()`).
///
/// Each piece of work (an effect until its reply is applied, a store call, the handling
/// of a store update, a data task's action) is an activity, busy from the moment it is
/// started, not from when its task first runs. A task knows the activities it works for
/// through `VirtualClock.activities`, a task-local chain that child tasks and `Task {}`
/// inherit. An activity is *parked* when a task of its chain sleeps on the `VirtualClock`
/// or waits for the customer (a confirmation sheet): it cannot move on until the clock is
/// advanced or a key is pressed. Every change is signalled (`changes`), so a reader can
/// tell that what it read did not change under it, and wait for the next change.
final class ActivityTracker: Sendable {
    typealias ID = UInt64

    /// The activities the current task works for, outermost first.
    static var currentActivities: [ID] { VirtualClock.activities }

    private struct State {
        /// The busy activities, with what each is: an effect, a store call.
        var busy: [ID: String] = [:]
        /// Activities waiting for the customer, with how many waits each has.
        var waitingForCustomer: [ID: Int] = [:]
        var lastID: ID = 0
    }

    private let state = Mutex(State())
    /// Signalled whenever an activity begins, ends, parks or unparks.
    let changes = ChangeSignal()

    /// A fresh activity, not busy yet.
    func makeID() -> ID {
        state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
    }

    /// Marks `id` busy until `end(_:)`; `name` says what it is, for a settle that times out.
    func begin(_ id: ID, named name: String) {
        state.withLock { state in
            changes.signal()
            state.busy[id] = name
        }
    }

    func end(_ id: ID) {
        state.withLock { state in
            changes.signal()
            state.busy[id] = nil
        }
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
        return try await VirtualClock.$activities.withValue(Self.currentActivities + [id]) {
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
            await VirtualClock.$activities.withValue([id]) {
                await body()
            }
            self.end(id)
        }
    }

    /// Parks `chain` while it waits for the customer. Whoever answers unparks it before
    /// resuming the waiting task, so the answer counts as work from that moment.
    func park(_ chain: [ID]) {
        state.withLock { state in
            changes.signal()
            for id in chain { state.waitingForCustomer[id, default: 0] += 1 }
        }
    }

    func unpark(_ chain: [ID]) {
        state.withLock { state in
            changes.signal()
            for id in chain {
                state.waitingForCustomer[id, default: 1] -= 1
                if state.waitingForCustomer[id] == 0 { state.waitingForCustomer[id] = nil }
            }
        }
    }

    /// What is busy and not parked, by name, given the activities asleep on the clock;
    /// which of `watched` are busy at all; and the count of `changes` it was read at.
    func running(sleeping: Set<ID>, watching watched: Set<ID> = []) -> (version: UInt64, names: [String], busy: Set<ID>) {
        state.withLock { state in
            let running = state.busy.filter { !sleeping.contains($0.key) && state.waitingForCustomer[$0.key] == nil }
            return (changes.count, running.values.sorted(), watched.filter { state.busy[$0] != nil })
        }
    }
}
