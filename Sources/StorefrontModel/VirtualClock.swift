import Foundation
import Synchronization

/// A clock that moves only when told to, for headless runs, tests and demos.
///
/// Sleepers are tracked: `suspendedSleepers` counts the tasks sleeping on it and
/// `advance(by:)` resumes the ones that are due, earliest deadline first. Each sleeper
/// keeps the `activities` its task works for, so a headless app knows which of its work
/// is parked on the clock (`HeadlessApp.settle()`): latency, spinners and renewals are
/// then repeatable, and the same script gives the same screens every run. It is the one
/// clock of the tests too.
///
/// ```swift
/// let clock = VirtualClock()
/// let nap = Task { try await clock.sleep(for: .milliseconds(500)) }
/// await clock.waitForSleepers()
/// clock.advance(by: .milliseconds(500))  // the sleeper is resumed
/// try await nap.value
/// clock.now.offset  // 500 ms
/// ```
public final class VirtualClock: Clock, Sendable {
    /// A moment on a virtual clock: how far it has moved since it was made.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Time since the clock started.
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        /// Breaks ties between equal deadlines: first to sleep, first to wake.
        let order: UInt64
        /// The activities the sleeping task works for.
        let activities: [UInt64]
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The activities the current task works for, outermost first: set by whoever counts
    /// work in flight (a headless app), inherited by child tasks and `Task {}`.
    @TaskLocal public static var activities: [UInt64] = []

    private struct State {
        var current = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextOrder: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Signalled whenever a task falls asleep or is woken.
    public let changes = ChangeSignal()

    /// A clock at offset zero with nobody asleep.
    public init() {}

    public var now: Instant {
        state.withLock { $0.current }
    }

    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock right now.
    public var suspendedSleepers: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The earliest deadline of a sleeping task, if any.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// The activities asleep on this clock, and the count of `changes` they were read at.
    public var sleeping: (version: UInt64, activities: Set<UInt64>) {
        state.withLock { (changes.count, Set($0.sleepers.values.flatMap(\.activities))) }
    }

    /// Returns once at least `count` tasks sleep on this clock, or the task is cancelled:
    /// how a test waits for work to reach the clock before it advances it.
    public func waitForSleepers(_ count: Int = 1) async {
        await changes.wait { suspendedSleepers >= count }
    }

    /// Suspends until the clock has been advanced to `deadline`; returns at once if it
    /// already has. Throws `CancellationError` if the task is cancelled while asleep.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let order: UInt64 = state.withLock { state in
            state.nextOrder += 1
            return state.nextOrder
        }
        let activities = Self.activities
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: (any Error)?? = state.withLock { state in
                    if Task.isCancelled { return .some(CancellationError()) }
                    if deadline <= state.current { return .some(nil) }
                    state.sleepers[order] = Sleeper(deadline: deadline, order: order, activities: activities, continuation: continuation)
                    changes.signal()
                    return nil
                }
                switch resumeNow {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state in
                changes.signal()
                return state.sleepers.removeValue(forKey: order)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and resumes every sleeper due by then,
    /// earliest deadline first. A negative duration does nothing.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: max(.zero, duration)))
    }

    /// Moves the clock to `instant` (never backwards) and resumes every sleeper due by
    /// then, earliest deadline first.
    public func advance(to instant: Instant) {
        let due: [Sleeper] = state.withLock { state in
            state.current = max(state.current, instant)
            let now = state.current
            let due = state.sleepers.values.filter { $0.deadline <= now }
                .sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
            for sleeper in due { state.sleepers[sleeper.order] = nil }
            changes.signal()
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
