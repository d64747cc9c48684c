import Synchronization

/// Counts the changes of something others wait on, and wakes them at each one: a task
/// that read a state when the count was N sleeps in `changed(since:)` until the count
/// passes N, instead of reading again and again. `VirtualClock`, `Broadcast` and a
/// headless app's work tracker each have one, so `HeadlessApp.settle()` and tests wait
/// for the change itself.
///
/// Whoever changes the state signals while it still holds the lock the state is read
/// under, so a reader that finds the count unchanged knows the state did not change.
///
/// ```swift
/// let clock = VirtualClock()
/// let nap = Task { try await clock.sleep(for: .seconds(1)) }
/// await clock.changes.wait { clock.suspendedSleepers == 1 }  // woken when the task sleeps
/// clock.advance(by: .seconds(1))
/// ```
public final class ChangeSignal: Sendable, Hashable {
    private struct State {
        var count: UInt64 = 0
        var waiters: [ObjectIdentifier: Waiter] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// How many changes there have been.
    public var count: UInt64 {
        state.withLock { $0.count }
    }

    /// Counts a change and wakes everyone waiting for one.
    public func signal() {
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.wake() }
    }

    /// A signal and a count it was read at.
    public struct Reading: Sendable, Hashable {
        public let signal: ChangeSignal
        public let count: UInt64

        public init(_ signal: ChangeSignal, at count: UInt64) {
            self.signal = signal
            self.count = count
        }
    }

    /// Returns once the count has passed `seen` (at once if it has), or the task is cancelled.
    public func changed(since seen: UInt64) async {
        await Self.changed(since: [Reading(self, at: seen)])
    }

    /// Returns once any of the signals has counted past the count it was read at (at once
    /// if one has), or the task is cancelled.
    public static func changed(since readings: [Reading]) async {
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.set(continuation)
                for reading in readings where !reading.signal.add(waiter, ifStillAt: reading.count) {
                    waiter.wake()
                    break
                }
            }
        } onCancel: {
            waiter.wake()
        }
        for reading in readings { reading.signal.remove(waiter) }
    }

    /// Returns once `condition` holds, checking it now and after each change; returns early
    /// when the task is cancelled. `condition` must read only what this signal counts.
    public func wait(until condition: () -> Bool) async {
        while !Task.isCancelled {
            let seen = count
            if condition() { return }
            await changed(since: seen)
        }
    }

    public static func == (lhs: ChangeSignal, rhs: ChangeSignal) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Registers `waiter` unless the count has moved past `seen`; false when it has.
    private func add(_ waiter: Waiter, ifStillAt seen: UInt64) -> Bool {
        state.withLock { state in
            guard state.count <= seen else { return false }
            state.waiters[ObjectIdentifier(waiter)] = waiter
            return true
        }
    }

    private func remove(_ waiter: Waiter) {
        _ = state.withLock { $0.waiters.removeValue(forKey: ObjectIdentifier(waiter)) }
    }
}

/// One suspended task, resumed by the first of the signals it waits on (or its cancellation).
private final class Waiter: Sendable {
    private struct State {
        var woken = false
        var continuation: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state in
            if !state.woken { state.continuation = continuation }
            return state.woken
        }
        if resumeNow { continuation.resume() }
    }

    func wake() {
        let continuation = state.withLock { state in
            state.woken = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
